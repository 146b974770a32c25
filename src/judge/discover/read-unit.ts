/**
 * Reads one unit's files within the limits, never following a symlink. Pure over the JudgeFs it is
 * handed. Files beyond a limit, binary or unreadable files are kept with a gap reason so coverage can
 * list them; a skill's SKILL.md comes first, the rest in path order.
 */

import type { GapReason, Unit, UnitFile, UnitKind } from '../types';
import { PRUNED_DIRS } from './harness-paths';
import type { JudgeFs } from './judge-fs';
import type { JudgeLimits } from './limits';

const decoder = new TextDecoder('utf-8', { fatal: true });

export function joinPath(root: string, rel: string): string {
  return rel === '' ? root : `${root.replace(/\/$/, '')}/${rel}`;
}

/** Project-relative paths of every file below `dirRel` (symlinks included, as entries, not followed). */
export function listTree(fs: JudgeFs, root: string, dirRel: string): { files: string[]; symlinks: string[] } {
  const files: string[] = [];
  const symlinks: string[] = [];
  const walk = (rel: string, depth: number) => {
    if (depth > 24) return;
    for (const name of fs.list(joinPath(root, rel)).sort()) {
      const childRel = rel === '' ? name : `${rel}/${name}`;
      const st = fs.stat(joinPath(root, childRel));
      if (!st) continue;
      if (st.type === 'symlink') symlinks.push(childRel);
      else if (st.type === 'dir' && !PRUNED_DIRS.has(name)) walk(childRel, depth + 1);
      else if (st.type === 'file') files.push(childRel);
    }
  };
  walk(dirRel, 0);
  return { files, symlinks };
}

export function decodeText(bytes: Uint8Array): string | undefined {
  const probe = bytes.subarray(0, 8192);
  if (probe.includes(0)) return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

export function readUnit(
  fs: JudgeFs,
  root: string,
  unitRel: string,
  kind: UnitKind,
  limits: JudgeLimits,
): Unit {
  let paths: string[];
  let links: string[] = [];
  let primary = unitRel;
  if (kind === 'skill') {
    const tree = listTree(fs, root, unitRel);
    links = tree.symlinks;
    primary = `${unitRel}/SKILL.md`;
    paths = tree.files.sort((a, b) => (a === primary ? -1 : b === primary ? 1 : a < b ? -1 : a > b ? 1 : 0));
  } else {
    paths = [unitRel];
  }
  const files: UnitFile[] = [];
  let count = 0;
  let bytes = 0;
  for (const path of paths) {
    const st = fs.stat(joinPath(root, path));
    const size = st?.size ?? 0;
    const gap = ((): GapReason | undefined => {
      if (st?.type !== 'file') return 'unreadable';
      if (size > limits.maxFileBytes) return 'file-over-limit';
      if (count >= limits.maxUnitFiles) return 'unit-file-limit';
      if (bytes + size > limits.maxUnitBytes) return 'unit-size-limit';
      return undefined;
    })();
    if (gap) {
      files.push({ path, bytes: size, gap });
      continue;
    }
    let raw: Uint8Array;
    try {
      raw = fs.read(joinPath(root, path));
    } catch {
      files.push({ path, bytes: size, gap: 'unreadable' });
      continue;
    }
    const text = decodeText(raw);
    if (text === undefined) {
      files.push({ path, bytes: size, gap: 'binary' });
      continue;
    }
    count += 1;
    bytes += size;
    files.push({ path, bytes: size, text });
  }
  for (const link of links) files.push({ path: link, bytes: 0, gap: 'symlink' });
  return { path: unitRel, kind, primary, files };
}
