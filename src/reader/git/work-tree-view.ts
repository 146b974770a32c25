/**
 * A view of a work tree for the readers that must see uncommitted files (`judge --changed`): git runs
 * against a fresh repository in the temp folder that borrows the real one's objects (object-view.ts) and is
 * pointed at the real work tree and the real index file, nothing else. The repository's config (filter,
 * diff and textconv drivers, fsmonitor, hooks, `status.*`, `core.excludesFile`), its `info/` files, replace
 * refs and grafts are absent, so no command of the repository's choosing can run; attributes in the work tree
 * are still read by git, but every driver they could name is undefined there. Never writes the index (no
 * optional locks). Effects: creates the temp folder and removes it on `close()`.
 */

import { rmSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { makeViewRepository } from './object-view';
import { type GitRunner, pinnedGitRunner } from './pinned-git';
import { OTHER_OWNER_PROBLEM, ownedByAnotherUser } from './repository-owner';

export interface WorkTreeView {
  /** Runs git in the view over the work tree; the `cwd` argument is ignored. */
  git: GitRunner;
  /** The pinned runner on the real repository, for resolving revisions only. */
  real: GitRunner;
  /** The top of the work tree (absolute). */
  top: string;
  close(): void;
}

export type WorkTreeViewOpen = { ok: true; view: WorkTreeView } | { ok: false; why: string };

// biome-ignore lint/suspicious/noControlCharactersInRegex: a path git gets must hold none
const CONTROL = /[\x00-\x1f\x7f]/;

/** Opens a work-tree view of the repository holding `dir`; `env` is the caller's (PATH, HOME). */
export async function openWorkTreeView(
  env: Readonly<Record<string, string | undefined>>,
  dir: string,
): Promise<WorkTreeViewOpen> {
  const real = pinnedGitRunner(env);
  const where = await real(
    [
      'rev-parse',
      '--path-format=absolute',
      '--show-toplevel',
      '--git-dir',
      '--git-common-dir',
      '--show-object-format',
    ],
    dir,
  );
  if (!where.ok)
    return {
      ok: false,
      why: ownedByAnotherUser(dir) ? OTHER_OWNER_PROBLEM : 'not inside a git work tree',
    };
  const [top, gitDir, common, format] = where.stdout.split('\n');
  if ([top, gitDir, common].some((p) => p === undefined || p === '' || !isAbsolute(p) || CONTROL.test(p)))
    return { ok: false, why: 'the repository folder has a name gavel cannot hand to git' };
  if (format !== 'sha1' && format !== 'sha256') return { ok: false, why: 'unknown object format' };
  const root = makeViewRepository(common as string, format, false);
  if (root === undefined) return { ok: false, why: 'cannot create a temporary folder for git' };
  const inView = pinnedGitRunner(env, { GIT_INDEX_FILE: join(gitDir as string, 'index') });
  const work = top as string;
  return {
    ok: true,
    view: {
      git: (args, _cwd, input) => inView([`--git-dir=${root}`, `--work-tree=${work}`, ...args], work, input),
      real,
      top: work,
      close: () => rmSync(root, { recursive: true, force: true }),
    },
  };
}
