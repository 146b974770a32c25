/**
 * A view of a repository's objects that reads nothing else of the repository. git is pointed at a fresh,
 * empty bare repository (in the system's temp folder) whose only link to the real one is
 * `objects/info/alternates`: the real repository's config (diff drivers, textconv, fsmonitor, hooks,
 * `diff.*`, `status.*`), its attributes (`.gitattributes` in any tree or the work tree, `info/attributes`),
 * its replace refs, grafts and `.gitmodules` settings are all absent, so git shows what the objects hold.
 * Revisions are resolved in the real repository first (resolve-revision); the view takes commit ids only.
 * Effects: creates the temp folder and removes it on `close()`.
 */

import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { readRegularFile } from '../read-regular-file';
import type { GitRunner } from './pinned-git';
import { OTHER_OWNER_PROBLEM, ownedByAnotherUser } from './repository-owner';

export interface ObjectView {
  /** Runs git in the view; the `cwd` argument is ignored. */
  git: GitRunner;
  close(): void;
}

export type ObjectViewOpen = { ok: true; view: ObjectView } | { ok: false; why: string };

// biome-ignore lint/suspicious/noControlCharactersInRegex: a path git gets must hold none
const CONTROL = /[\x00-\x1f\x7f]/;
const MAX_SHALLOW_BYTES = 16 * 1024 * 1024;

/** Opens a view of the objects of the repository holding `dir`, resolved with the pinned runner `git`. */
export async function openObjectView(git: GitRunner, dir: string): Promise<ObjectViewOpen> {
  const where = await git(
    ['rev-parse', '--path-format=absolute', '--git-common-dir', '--show-object-format'],
    dir,
  );
  if (!where.ok)
    return {
      ok: false,
      why: ownedByAnotherUser(dir) ? OTHER_OWNER_PROBLEM : 'git cannot find the repository',
    };
  const [common, format] = where.stdout.split('\n');
  if (common === undefined || !isAbsolute(common) || CONTROL.test(common))
    return { ok: false, why: 'the repository folder has a name gavel cannot hand to git' };
  if (format !== 'sha1' && format !== 'sha256') return { ok: false, why: 'unknown object format' };
  const root = makeViewRepository(common, format, true);
  if (root === undefined) return { ok: false, why: 'cannot create a temporary folder for git' };
  return {
    ok: true,
    view: {
      git: (args, _cwd, input) => git([`--git-dir=${root}`, ...args], root, input),
      close: () => rmSync(root, { recursive: true, force: true }),
    },
  };
}

/**
 * A fresh repository in the temp folder that borrows the objects (and the shallow boundary) of the one whose
 * common git folder is `common`, and holds nothing else of it. Undefined when it cannot be made.
 */
export function makeViewRepository(
  common: string,
  format: 'sha1' | 'sha256',
  bare: boolean,
): string | undefined {
  const root = mkdtempSync(join(tmpdir(), 'gavel-objects-'));
  try {
    mkdirSync(join(root, 'objects', 'info'), { recursive: true });
    mkdirSync(join(root, 'refs', 'heads'), { recursive: true });
    writeFileSync(join(root, 'HEAD'), 'ref: refs/heads/none\n');
    const ext =
      format === 'sha256'
        ? '\trepositoryformatversion = 1\n[extensions]\n\tobjectformat = sha256\n'
        : '\trepositoryformatversion = 0\n';
    writeFileSync(join(root, 'config'), `[core]\n\tbare = ${bare}\n${ext}`);
    writeFileSync(join(root, 'objects', 'info', 'alternates'), `${join(common, 'objects')}\n`);
    // A shallow clone's boundary: without it a history walk fails at the first missing parent.
    const shallow = readRegularFile(join(common, 'shallow'), MAX_SHALLOW_BYTES);
    if (shallow.ok) writeFileSync(join(root, 'shallow'), shallow.text);
    closeSync(openSync(join(root, 'packed-refs'), 'w'));
    return root;
  } catch {
    rmSync(root, { recursive: true, force: true });
    return undefined;
  }
}
