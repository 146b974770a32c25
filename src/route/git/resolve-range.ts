/**
 * Resolves the range to route: `--head` (default HEAD) and `--base` (default: the merge-base of the head
 * with the repository's default branch). Fails with a one-line usage error naming what is missing.
 */

import { UsageError } from '../../core';
import type { GitRunner } from './git-runner';

export interface Range {
  top: string;
  base: string;
  head: string;
}

export async function resolveRange(
  git: GitRunner,
  cwd: string,
  base?: string,
  head?: string,
): Promise<Range> {
  const top = await git(['rev-parse', '--show-toplevel'], cwd);
  if (!top.ok) throw new UsageError(`\`${cwd}\` is not inside a git repository`);
  const root = top.stdout.trim();
  const headSha = await commitOf(git, root, head ?? 'HEAD', '--head');
  let baseSha: string;
  if (base !== undefined) {
    baseSha = await commitOf(git, root, base, '--base');
  } else {
    const branch = await defaultBranch(git, root);
    const mb = await git(['merge-base', branch, headSha], root);
    if (!mb.ok) throw new UsageError(`no merge-base between \`${branch}\` and the head: pass \`--base\``);
    baseSha = mb.stdout.trim();
  }
  return { top: root, base: baseSha, head: headSha };
}

async function commitOf(git: GitRunner, root: string, rev: string, flag: string): Promise<string> {
  if (rev.startsWith('-')) throw new UsageError(`${flag} \`${rev.slice(0, 60)}\` is not a revision`);
  const r = await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`], root);
  if (!r.ok) throw new UsageError(`${flag} \`${rev.slice(0, 60)}\` is not a commit in this repository`);
  return r.stdout.trim();
}

/** origin/HEAD, else main, master (local, then origin), else init.defaultBranch. */
async function defaultBranch(git: GitRunner, root: string): Promise<string> {
  const sym = await git(['symbolic-ref', '--quiet', 'refs/remotes/origin/HEAD'], root);
  if (sym.ok && sym.stdout.trim() !== '') return sym.stdout.trim();
  const configured = await git(['config', '--get', 'init.defaultBranch'], root);
  const names = ['main', 'master'];
  if (configured.ok && configured.stdout.trim() !== '') names.unshift(configured.stdout.trim());
  for (const ref of names.flatMap((n) => [`refs/heads/${n}`, `refs/remotes/origin/${n}`])) {
    const r = await git(['rev-parse', '--verify', '--quiet', ref], root);
    if (r.ok) return ref;
  }
  throw new UsageError('cannot find the default branch (no origin/HEAD, main or master): pass `--base`');
}
