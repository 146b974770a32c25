/**
 * Where the reply cache lives: `$XDG_CACHE_HOME/gavel`, else `~/.cache/gavel`. Pure: the environment
 * and home directory are passed in by the surface that reads them.
 */

import { join } from 'node:path';

export function userCacheDir(env: Readonly<Record<string, string | undefined>>, homeDir: string): string {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg?.startsWith('/')) return join(xdg, 'gavel');
  return join(env.HOME || homeDir, '.cache', 'gavel');
}
