/**
 * Where config lives: the project root (nearest ancestor holding gavel.toml or .git), the gavel.toml
 * files of the folders above it (so a nested `git init` cannot shed an outer repository's tightening),
 * and the user's config file ($XDG_CONFIG_HOME/gavel/config.toml, else ~/.config/gavel/config.toml).
 */

import { existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const PROJECT_FILE = 'gavel.toml';

/** The nearest ancestor of `cwd` (itself included) holding gavel.toml or .git; else `cwd` itself. */
export function findProjectRoot(cwd: string): string {
  let dir = resolve(cwd);
  for (;;) {
    if (existsSync(join(dir, PROJECT_FILE)) || existsSync(join(dir, '.git'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(cwd);
    dir = parent;
  }
}

/**
 * The user's home folder as every seam must see it: `$HOME` (else the account's) made absolute, normal and real. A
 * trailing `/`, a `//` or a `..` in `$HOME` would otherwise make every path under home fail the prefix tests that
 * class it (`~/.newtool/token` would be no hidden home file), and the shell's `~` expands to the same folder.
 */
export function userHome(env: Readonly<Record<string, string | undefined>>): string {
  const home = resolve(env.HOME || homedir());
  // Where its links lead (`/home` a link to `/var/home`): a path written either way is under it once its own links
  // are followed, as the path classes do.
  try {
    return realpathSync(home);
  } catch {
    return home;
  }
}

/**
 * The gavel.toml paths of the folders strictly above `projectRoot`, outermost first, up to but not
 * including the user's home folder and `/`. Paths only: whether each exists is the reader's question.
 */
export function outerProjectFiles(
  projectRoot: string,
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const home = userHome(env);
  const files: string[] = [];
  let dir = resolve(projectRoot);
  for (;;) {
    const parent = dirname(dir);
    if (parent === dir || parent === home || dirname(parent) === parent) break;
    files.push(join(parent, PROJECT_FILE));
    dir = parent;
  }
  return files.reverse();
}

export function userConfigDir(env: Readonly<Record<string, string | undefined>>): string {
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg?.startsWith('/')) return join(xdg, 'gavel');
  return join(userHome(env), '.config', 'gavel');
}

export function userConfigFile(env: Readonly<Record<string, string | undefined>>): string {
  return join(userConfigDir(env), 'config.toml');
}
