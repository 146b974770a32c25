/**
 * Home files that are links into the workspace (a dotfiles repository installed with stow or by hand: `~/.zshrc ->
 * dotfiles/zsh/.zshrc`, `~/.config/nvim -> dotfiles/nvim/.config/nvim`, `~/.claude/settings.json -> …`): a write to
 * the workspace file is a write to what the home path is, a start-up file the shell runs or the guard's own settings
 * (round thirty-four, written blind: edits of such files were allowed as workspace edits). Found by asking where the
 * home paths the workspace path could stand for lead: the home path named by each tail of its workspace-relative
 * path that starts with a dot folder or file, and for a folder deleted or moved, the known start-up and guard files
 * that lead below it. Reads the file system only through the scope's resolver; decides nothing.
 */

import { isUnder } from '../../core';
import { type PathScope, realOf } from './classify-path';

/** Tails of a path looked at, at most (a deeper dotfile tree is still reached through its first dot folders). */
const MAX_TAILS = 8;

/**
 * Home files whose link into the workspace a delete or move of a folder would take away: the shells' start-up files
 * and the agents' hook settings, where gavel itself is installed.
 */
const HOME_FILES = [
  '.zshrc',
  '.zshenv',
  '.zprofile',
  '.bashrc',
  '.bash_profile',
  '.profile',
  '.config/fish/config.fish',
  '.tmux.conf',
  '.gitconfig',
  '.claude/settings.json',
  '.claude/settings.local.json',
  '.codex/hooks.json',
  '.codex/config.toml',
  '.gemini/settings.json',
  '.cursor/hooks.json',
  '.config/opencode/opencode.json',
];

/** Where `path` really leads (itself when no link is on the way). */
const leadsTo = (path: string, scope: PathScope) => realOf(path, scope) ?? path;

/** The home paths that lead to the workspace file `path` (none when it is outside the workspace). */
export function homeTwins(path: string, scope: PathScope): string[] {
  if (!scope.realpath || !scope.home) return [];
  const root = scope.workspaceRoots.find((w) => isUnder(path, w) && w !== path);
  if (root === undefined) return [];
  const parts = path.slice(root.length + 1).split('/');
  const target = leadsTo(path, scope);
  const out: string[] = [];
  let tails = 0;
  for (let k = 0; k < parts.length && tails < MAX_TAILS; k++) {
    if (!(parts[k] ?? '').startsWith('.')) continue;
    tails++;
    const candidate = `${scope.home}/${parts.slice(k).join('/')}`;
    const real = realOf(candidate, scope);
    if (real !== undefined && real !== null && real === target) out.push(candidate);
  }
  return out;
}

/** The home start-up and guard files that lead into the workspace folder `folder` (taken away with it). */
export function homeFilesBelow(folder: string, scope: PathScope): string[] {
  if (!scope.realpath || !scope.home) return [];
  if (!scope.workspaceRoots.some((w) => isUnder(folder, w))) return [];
  const real = leadsTo(folder, scope);
  return HOME_FILES.map((f) => `${scope.home}/${f}`).filter((h) => {
    const to = realOf(h, scope);
    return typeof to === 'string' && isUnder(to, real);
  });
}
