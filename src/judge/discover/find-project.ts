/**
 * Finds the project a judge run belongs to, and refuses where there is none: the nearest ancestor with
 * .git, else the working directory when it holds AGENTS.md, CLAUDE.md, .claude/, .agents/ or gavel.toml.
 * The home directory and / are refused even when they look like a project. Pure over JudgeFs.
 */

import type { JudgeFs } from './judge-fs';
import { joinPath } from './read-unit';

export type ProjectResult = { ok: true; root: string } | { ok: false; message: string };

const MARKERS = ['AGENTS.md', 'CLAUDE.md', '.claude', '.agents', 'gavel.toml'];

const parentOf = (dir: string) => (dir.lastIndexOf('/') <= 0 ? '/' : dir.slice(0, dir.lastIndexOf('/')));

export function findProject(fs: JudgeFs, cwd: string, home: string): ProjectResult {
  const clean = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  const start = clean(cwd);
  const homeDir = clean(home);
  const refuse = (dir: string): ProjectResult | undefined =>
    dir === '/' || dir === homeDir
      ? {
          ok: false,
          message: `refusing to judge \`${dir}\`: run it inside a project (a git repository or a folder with AGENTS.md, CLAUDE.md or .claude/)`,
        }
      : undefined;
  const here = refuse(start);
  if (here) return here;
  for (let dir = start; ; dir = parentOf(dir)) {
    // A repository rooted at $HOME (dotfiles) is no project: fall back to the folder's own markers.
    if (fs.stat(joinPath(dir, '.git'))) {
      if (refuse(dir)) break;
      return { ok: true, root: dir };
    }
    if (dir === '/') break;
  }
  if (MARKERS.some((m) => fs.stat(joinPath(start, m)) !== undefined)) return { ok: true, root: start };
  return {
    ok: false,
    message: `no project at \`${start}\`: run it inside a git repository or a folder with AGENTS.md, CLAUDE.md, .claude/ or .agents/`,
  };
}
