/**
 * The folder walk: every entry below a folder of the project, lstat-style (a symlink is an entry, never
 * followed), in name order. It reports what it did not walk: folders past the depth limit, folders it
 * prunes (`.git`, `node_modules`...), special files (FIFOs, sockets, devices) and folders it could not list,
 * so that coverage can name them. Never reads a file. Pure over the JudgeFs it is handed.
 */

import type { JudgeFs } from './judge-fs';

/** Folders the walk never enters (version control, installed dependencies). */
export const PRUNED_DIRS = new Set(['.git', 'node_modules', '.hg', '.svn']);

export interface Tree {
  /** Project-relative paths of regular files. */
  files: string[];
  symlinks: string[];
  /** FIFOs, sockets, devices: never opened. */
  special: string[];
  /** Folders below the depth limit, not walked. */
  tooDeep: string[];
  /** Folders in PRUNED_DIRS, not walked. */
  pruned: string[];
  /** Folders the file system would not list. */
  unlisted: string[];
}

export function joinPath(root: string, rel: string): string {
  return rel === '' ? root : `${root.replace(/\/$/, '')}/${rel}`;
}

/**
 * Walks `dirRel` below `root`. `maxDepth` counts folders from the project root, so a unit's depth does
 * not change with the folder a run starts in.
 */
export function walkTree(fs: JudgeFs, root: string, dirRel: string, maxDepth: number): Tree {
  const tree: Tree = { files: [], symlinks: [], special: [], tooDeep: [], pruned: [], unlisted: [] };
  const startDepth = dirRel === '' ? 0 : dirRel.split('/').length;
  const walk = (rel: string, depth: number) => {
    let names: string[];
    try {
      names = fs.list(joinPath(root, rel)).sort();
    } catch {
      tree.unlisted.push(rel);
      return;
    }
    for (const name of names) {
      const childRel = rel === '' ? name : `${rel}/${name}`;
      const st = fs.stat(joinPath(root, childRel));
      if (!st) continue;
      if (st.type === 'symlink') tree.symlinks.push(childRel);
      else if (st.type === 'file') tree.files.push(childRel);
      else if (st.type === 'other') tree.special.push(childRel);
      else if (PRUNED_DIRS.has(name)) tree.pruned.push(childRel);
      else if (depth + 1 > maxDepth) tree.tooDeep.push(childRel);
      else walk(childRel, depth + 1);
    }
  };
  walk(dirRel, startDepth);
  return tree;
}
