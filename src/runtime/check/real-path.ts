/**
 * Symlink resolution for path classes (ShellEnv.realpath): the real path of the longest existing prefix of an
 * absolute path, with the rest appended; a dangling link on the way is followed to where it points. Reads the
 * file system; decides nothing. Never throws: a path none of whose prefixes exist gives undefined (classed as
 * written); a chain too deep, a loop or an unreadable link gives null (uncertain: never classed as written).
 */

import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { posix } from 'node:path';

/** Components deeper than this are not walked (a path that deep is uncertain). */
const MAX_COMPONENTS = 256;
/** Dangling links followed in a row, as the kernel's own bound on link chains. */
const MAX_HOPS = 40;

function join(real: string, rest: string): string {
  if (rest === '') return real;
  return real === '/' ? `/${rest}` : `${real}/${rest}`;
}

/** True when `path` names no entry (ENOENT); any other answer or error is not this. Throws nothing. */
function noEntry(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) === undefined;
  } catch {
    return false;
  }
}

export function realPathOf(abs: string, hops = 0): string | undefined | null {
  if (!abs.startsWith('/')) return undefined;
  // INVARIANT: resolution never gives up silently: too deep or too many links is null (uncertain), never "as written".
  if (hops > MAX_HOPS) return null;
  const parts = abs.split('/').filter((p) => p !== '');
  if (parts.length > MAX_COMPONENTS) return null;
  for (let n = parts.length; n >= 0; n--) {
    const prefix = `/${parts.slice(0, n).join('/')}`;
    const rest = parts.slice(n).join('/');
    try {
      return join(realpathSync.native(prefix), rest);
    } catch (e) {
      // A loop, or a folder on the way that cannot be searched: where the path leads is unknown.
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ELOOP' || code === 'EACCES' || code === 'ENAMETOOLONG') return null;
      // Not there, or a dangling link: a link that points nowhere yet still decides where a write lands.
    }
    // Nothing at all at this prefix (no entry, not even a dangling link): readlink would fail the same way.
    if (noEntry(prefix)) continue;
    let target: string | undefined;
    try {
      target = readlinkSync(prefix);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'ELOOP') return null;
      continue;
    }
    return realPathOf(join(posix.resolve(posix.dirname(prefix), target), rest), hops + 1);
  }
  return undefined;
}
