/**
 * Reads one file of the repository as the base revision holds it (gavel.toml): a change never configures
 * its own routing. The range is resolved from the arguments alone, the blob read through an object view.
 * A file that is not a regular blob at the base (a symlink, a folder, a submodule) or is larger than
 * `maxBytes` is refused with a reason, never followed or truncated.
 */

import { IoError } from '../../core';
import { openObjectView } from '../../reader';
import type { GitRunner } from './git-runner';
import { resolveRange } from './resolve-range';

export type BaseFile =
  | { ok: true; base: string; text: string | undefined }
  | { ok: false; base: string; why: string };

export async function readAtBase(
  git: GitRunner,
  request: { cwd: string; base?: string | undefined; head?: string | undefined },
  path: string,
  maxBytes: number,
): Promise<BaseFile> {
  const range = await resolveRange(git, request.cwd, request.base, request.head);
  const base = range.base;
  const opened = await openObjectView(git, range.top);
  if (!opened.ok) throw new IoError('git', `cannot read the repository's objects: ${opened.why}`);
  const view = opened.view.git;
  try {
    const ls = await view(['ls-tree', '-z', '--full-tree', base, '--', path], '');
    if (!ls.ok) throw new IoError('git', 'git cannot list the base tree');
    const entry = ls.stdout.split('\0').find((e) => e.endsWith(`\t${path}`));
    if (entry === undefined) return { ok: true, base, text: undefined };
    const [mode, type, sha] = entry.slice(0, entry.indexOf('\t')).split(' ');
    if (type !== 'blob' || (mode !== '100644' && mode !== '100755') || sha === undefined)
      return { ok: false, base, why: 'is not a regular file at the base' };
    const size = await view(['cat-file', '-s', sha], '');
    if (!size.ok) throw new IoError('git', 'git cannot read a file at the base');
    if (Number(size.stdout.trim()) > maxBytes)
      return { ok: false, base, why: `is larger than ${maxBytes} bytes at the base` };
    const blob = await view(['cat-file', 'blob', sha], '');
    if (!blob.ok) throw new IoError('git', 'git cannot read a file at the base');
    return { ok: true, base, text: blob.stdout };
  } finally {
    opened.view.close();
  }
}
