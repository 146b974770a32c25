/**
 * Resolves a path written in config (`[check] writable`, `temp`, `workspace_roots`) against a folder, `~` and
 * $HOME. Path classes are not decided here: src/shell classes every path with rules/check-paths.json (passed
 * in through the ShellEnv), for shell commands and file tools alike. Pure: string arithmetic only.
 */

import { posix } from 'node:path';

const BRACED_HOME = '$' + '{HOME}';

/** Absolute, normalized form of `raw`; `~`, `~/x`, `$HOME/x` and `${HOME}/x` expand to home. */
export function resolveConfigPath(raw: string, cwd: string, home: string): string {
  let p = raw;
  if (p === '~' || p.startsWith('~/')) p = home + p.slice(1);
  else if (p === '$HOME' || p.startsWith('$HOME/')) p = home + p.slice(5);
  else if (p === BRACED_HOME || p.startsWith(`${BRACED_HOME}/`)) p = home + p.slice(7);
  return posix.resolve(cwd, p);
}
