/**
 * One config setting as data: its schema, default, scope, GAVEL_* variable, and how a repository
 * value combines with the user's. Pure.
 * INVARIANT: every merge returns a value at least as strict as the user's; a repository only tightens.
 */

import type * as z from 'zod/mini';

/** `user`: only the user's config, flags and environment may set it; a repository value is ignored. */
export type Scope = 'both' | 'user';

export interface MergeResult<T> {
  value: T;
  /** Set when the repository asked for something looser than the user's value, which was kept. */
  refused?: string;
}

/** Combines the user's value with a repository's; must never return anything looser than `user`. */
export type Merge<T> = (user: T, repo: T) => MergeResult<T>;

export interface Setting<T> {
  schema: z.ZodMiniType<T>;
  default: T;
  scope: Scope;
  merge: Merge<T>;
  /** A GAVEL_* variable that sets it in user scope, and how its text becomes a value. */
  env?: { name: string; parse: (raw: string) => unknown };
  description: string;
}

export function setting<T>(spec: Setting<T>): Setting<T> {
  return spec;
}

/** For user-scope settings: a repository never reaches a merge (it is dropped with a notice first). */
export const userOnly = <T>(user: T): MergeResult<T> => ({ value: user });

/** Strictness given as an order from loosest to strictest; the stricter of the two wins. */
export function stricterOf<T extends string>(
  order: readonly T[],
  options: { repoMayNotIntroduce?: readonly T[] } = {},
): Merge<T> {
  return (user, repo) => {
    if (options.repoMayNotIntroduce?.includes(repo) && repo !== user) {
      return { value: user, refused: `a repository cannot turn on \`${repo}\`` };
    }
    if (order.indexOf(repo) >= order.indexOf(user)) return { value: repo };
    return { value: user, refused: `\`${repo}\` is looser than the user's \`${user}\`` };
  };
}

/** Lower is stricter (timeouts, thresholds to approve). */
export const lowerWins: Merge<number> = (user, repo) =>
  repo <= user ? { value: repo } : { value: user, refused: `\`${repo}\` is above the user's \`${user}\`` };

/** Higher is stricter (minimum scores, required counts). */
export const higherWins: Merge<number> = (user, repo) =>
  repo >= user ? { value: repo } : { value: user, refused: `\`${repo}\` is below the user's \`${user}\`` };

/** A list of restrictions: the repository adds to the user's. */
export const unionOf: Merge<readonly string[]> = (user, repo) => ({
  value: [...new Set([...user, ...repo])].sort(),
});

/** A list of grants: the repository may only narrow the user's. */
export const intersectionOf: Merge<readonly string[]> = (user, repo) => {
  const kept = repo.filter((item) => user.includes(item));
  const dropped = repo.filter((item) => !user.includes(item));
  const result: MergeResult<readonly string[]> = { value: [...new Set(kept)].sort() };
  if (dropped.length > 0)
    result.refused = `a repository cannot grant ${dropped.map((d) => `\`${d}\``).join(', ')}`;
  return result;
};

/** `true` is stricter (a protection turned on). */
export const trueWins: Merge<boolean> = (user, repo) =>
  repo || !user
    ? { value: user || repo }
    : { value: user, refused: 'a repository cannot turn this protection off' };
