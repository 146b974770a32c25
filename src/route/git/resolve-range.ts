/**
 * Resolves the range to route from the arguments alone: `--head` (default HEAD) and `--base` (default: the
 * merge-base of the head with the first of the fixed refs `refs/heads/main`, `refs/heads/master`,
 * `refs/remotes/origin/main`, `refs/remotes/origin/master` that exists). Never `origin/HEAD`,
 * `init.defaultBranch` or any other name the repository's config chooses, and replace objects never
 * substitute a commit (the runner pins them off). Fails with a one-line usage error naming what is missing,
 * and with "nothing to route" when the default range is empty (the head is on the default branch); an empty
 * range named with `--base` is routed (and escalates: `range-unread`).
 */

import { UsageError } from '../../core';
import { OTHER_OWNER_PROBLEM, ownedByAnotherUser } from '../../reader';
import type { GitRunner } from './git-runner';

export interface Range {
  top: string;
  base: string;
  head: string;
  /** The ref the base was taken from when `--base` was not given. */
  defaultBase?: string;
}

export const DEFAULT_BASE_REFS = [
  'refs/heads/main',
  'refs/heads/master',
  'refs/remotes/origin/main',
  'refs/remotes/origin/master',
];

export async function resolveRange(
  git: GitRunner,
  cwd: string,
  base?: string,
  head?: string,
): Promise<Range> {
  const top = await git(['rev-parse', '--show-toplevel'], cwd);
  if (!top.ok)
    throw new UsageError(
      ownedByAnotherUser(cwd)
        ? `\`${cwd}\`: ${OTHER_OWNER_PROBLEM}`
        : `\`${cwd}\` is not inside a git repository`,
    );
  const root = top.stdout.trim();
  const headSha = await commitOf(git, root, head ?? 'HEAD', '--head');
  if (base !== undefined)
    return { top: root, base: await commitOf(git, root, base, '--base'), head: headSha };
  for (const ref of DEFAULT_BASE_REFS) {
    const r = await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], root);
    if (!r.ok) continue;
    const mb = await git(['merge-base', r.stdout.trim(), headSha], root);
    if (!mb.ok) throw new UsageError(`no merge-base between \`${ref}\` and the head: pass \`--base\``);
    // On the default branch itself (or behind it) the default range is empty: say so, do not route it.
    if (mb.stdout.trim() === headSha)
      throw new UsageError(
        `nothing to route: the head is on \`${ref.replace(/^refs\/(heads|remotes)\//, '')}\`, so the default range is empty; pass \`--base REV\` to route a range`,
      );
    return { top: root, base: mb.stdout.trim(), head: headSha, defaultBase: ref };
  }
  throw new UsageError('cannot find the default branch (no main or master): pass `--base`');
}

async function commitOf(git: GitRunner, root: string, rev: string, flag: string): Promise<string> {
  if (rev.startsWith('-')) throw new UsageError(`${flag} \`${rev.slice(0, 60)}\` is not a revision`);
  const r = await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`], root);
  if (!r.ok) throw new UsageError(`${flag} \`${rev.slice(0, 60)}\` is not a commit in this repository`);
  return r.stdout.trim();
}
