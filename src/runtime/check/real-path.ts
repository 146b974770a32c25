/**
 * Symlink resolution for path classes (ShellEnv.realpath): the real path of the longest existing prefix of an
 * absolute path, with the rest appended; a dangling link on the way is followed to where it points. Reads the
 * file system; decides nothing. Never throws: a path none of whose prefixes can be resolved gives undefined
 * (classed as written).
 */

import { readlinkSync, realpathSync } from 'node:fs';
import { posix } from 'node:path';

/** Components deeper than this are not walked (a path that long is classed as written). */
const MAX_COMPONENTS = 256;
/** Dangling links followed in a row, as the kernel's own bound on link chains. */
const MAX_HOPS = 40;

function join(real: string, rest: string): string {
  if (rest === '') return real;
  return real === '/' ? `/${rest}` : `${real}/${rest}`;
}

export function realPathOf(abs: string, hops = 0): string | undefined {
  if (!abs.startsWith('/') || hops > MAX_HOPS) return undefined;
  const parts = abs.split('/').filter((p) => p !== '');
  if (parts.length > MAX_COMPONENTS) return undefined;
  for (let n = parts.length; n >= 0; n--) {
    const prefix = `/${parts.slice(0, n).join('/')}`;
    const rest = parts.slice(n).join('/');
    try {
      return join(realpathSync.native(prefix), rest);
    } catch {
      // Not there, or a dangling link: a link that points nowhere yet still decides where a write lands.
    }
    let target: string | undefined;
    try {
      target = readlinkSync(prefix);
    } catch {
      continue;
    }
    return realPathOf(join(posix.resolve(posix.dirname(prefix), target), rest), hops + 1);
  }
  return undefined;
}
