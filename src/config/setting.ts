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
export type Merge<T> = ((user: T, repo: T) => MergeResult<T>) & {
  /** How a repository may change it, for people: shown in docs/config.md and `gavel config`. */
  rule?: string;
};

function named<T>(rule: string, fn: (user: T, repo: T) => MergeResult<T>): Merge<T> {
  return Object.assign(fn, { rule });
}

export interface Setting<T> {
  schema: z.ZodMiniType<T>;
  default: T;
  scope: Scope;
  merge: Merge<T>;
  /** A GAVEL_* variable that sets it in user scope, and how its text becomes a value. */
  env?: { name: string; parse: (raw: string) => unknown };
  description: string;
}

/**
 * A setting as its table declares it: the schema as a function, which runs on first use of `schema`. Most
 * processes validate no config document at all (a hook call in a project without gavel.toml) or only a few
 * tables, so they never build the others' zod schemas (docs/decisions/0018-hook-bundle.md).
 */
export type SettingSpec<T> = Omit<Setting<T>, 'schema'> & { schema: () => z.ZodMiniType<T> };

export function setting<T>(spec: SettingSpec<T>): Setting<T> {
  const build = spec.schema;
  let built: z.ZodMiniType<T> | undefined;
  return Object.defineProperty({ ...spec }, 'schema', {
    get: () => {
      built ??= build();
      return built;
    },
    enumerable: true,
  }) as unknown as Setting<T>;
}

/** For user-scope settings: a repository never reaches a merge (it is dropped with a notice first). */
export const userOnly = Object.assign(<T>(user: T): MergeResult<T> => ({ value: user }), {
  rule: 'user scope only; a repository value is ignored',
});

/** Strictness given as an order from loosest to strictest; the stricter of the two wins. */
export function stricterOf<T extends string>(
  order: readonly T[],
  options: { repoMayNotIntroduce?: readonly T[] } = {},
): Merge<T> {
  const rule = `stricter of ${order.join(' < ')}${options.repoMayNotIntroduce?.length ? `; a repository cannot turn on ${options.repoMayNotIntroduce.join(', ')}` : ''}`;
  return named(rule, (user: T, repo: T) => {
    if (options.repoMayNotIntroduce?.includes(repo) && repo !== user) {
      return { value: user, refused: `a repository cannot turn on \`${repo}\`` };
    }
    if (order.indexOf(repo) >= order.indexOf(user)) return { value: repo };
    return { value: user, refused: `\`${repo}\` is looser than the user's \`${user}\`` };
  });
}

/** Lower is stricter (timeouts, thresholds to approve). */
export const lowerWins: Merge<number> = named('lower only', (user: number, repo: number) =>
  repo <= user ? { value: repo } : { value: user, refused: `\`${repo}\` is above the user's \`${user}\`` },
);

/** Higher is stricter (minimum scores, required counts). */
export const higherWins: Merge<number> = named('higher only', (user: number, repo: number) =>
  repo >= user ? { value: repo } : { value: user, refused: `\`${repo}\` is below the user's \`${user}\`` },
);

/**
 * A table of numbers where higher is stricter (weights, penalties): each key keeps the higher of the two;
 * a repository value below the user's is refused for that key and the user's kept.
 */
export const eachHigherWins: Merge<Readonly<Record<string, number>>> = (user, repo) => {
  const value: Record<string, number> = { ...user };
  const lower: string[] = [];
  for (const [key, n] of Object.entries(repo)) {
    const mine = user[key];
    if (mine === undefined || n >= mine) value[key] = n;
    else lower.push(key);
  }
  const result: MergeResult<Readonly<Record<string, number>>> = { value };
  if (lower.length > 0)
    result.refused = `a repository cannot lower ${lower.map((k) => `\`${k}\``).join(', ')}`;
  return result;
};

/** eachHigherWins over the user's table filled in from `defaults`, so a key the user left out keeps its default. */
export function eachHigherWinsOver(
  defaults: Readonly<Record<string, number>>,
): Merge<Readonly<Record<string, number>>> {
  return (user, repo) => eachHigherWins({ ...defaults, ...user }, repo);
}

/** A list of restrictions: the repository adds to the user's. */
export const unionOf: Merge<readonly string[]> = named<readonly string[]>(
  'adds to the user list',
  (user: readonly string[], repo: readonly string[]) => ({ value: [...new Set([...user, ...repo])].sort() }),
);

/** A list of grants: the repository may only narrow the user's. */
export const intersectionOf: Merge<readonly string[]> = named<readonly string[]>(
  'narrows the user list only',
  (user: readonly string[], repo: readonly string[]) => {
    const kept = repo.filter((item) => user.includes(item));
    const dropped = repo.filter((item) => !user.includes(item));
    const result: MergeResult<readonly string[]> = { value: [...new Set(kept)].sort() };
    if (dropped.length > 0) {
      result.refused = `a repository cannot grant ${dropped.map((d) => `\`${d}\``).join(', ')}`;
    }
    return result;
  },
);

/** `true` is stricter (a protection turned on). */
export const trueWins: Merge<boolean> = named('can only be turned on', (user: boolean, repo: boolean) =>
  repo || !user
    ? { value: user || repo }
    : { value: user, refused: 'a repository cannot turn this protection off' },
);
