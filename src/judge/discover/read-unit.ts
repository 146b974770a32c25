/**
 * Reads one unit's files within the limits, never following a symlink. Pure over the JudgeFs it is
 * handed. Files beyond a limit, binary, special or unreadable files, symlinks and folders the walk did not
 * enter are kept with a gap reason so coverage can list them; a folder unit's primary file (SKILL.md,
 * hooks.json) comes first, the rest in path order. Skills nested in a skill are left to their own unit.
 */

import type { GapReason, Unit, UnitFile, UnitKind } from '../types';
import type { JudgeFs } from './judge-fs';
import type { JudgeLimits } from './limits';
import { linkTarget } from './symlink-cover';
import { joinPath, walkTree } from './walk-tree';

export { joinPath } from './walk-tree';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Project-relative paths of every file below `dirRel` (symlinks listed, never followed). */
export function listTree(
  fs: JudgeFs,
  root: string,
  dirRel: string,
  maxDepth = 24,
): { files: string[]; symlinks: string[] } {
  const t = walkTree(fs, root, dirRel, maxDepth);
  return { files: t.files, symlinks: t.symlinks };
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

export interface UnitSpec {
  rel: string;
  kind: UnitKind;
  /** For a folder unit: the file it is named after. */
  primary?: string;
  /** Skill folders inside this one, read as their own units. */
  nested?: readonly string[];
}

export function readUnit(fs: JudgeFs, root: string, spec: UnitSpec, limits: JudgeLimits): Unit {
  const { rel: unitRel, kind } = spec;
  const isDir = kind === 'skill' || spec.primary !== undefined;
  let paths: string[];
  const gaps: UnitFile[] = [];
  const primary = isDir ? (spec.primary ?? `${unitRel}/SKILL.md`) : unitRel;
  if (isDir) {
    const nested = spec.nested ?? [];
    const inNested = (p: string) => nested.some((n) => p === n || p.startsWith(`${n}/`));
    const tree = walkTree(fs, root, unitRel, limits.maxDepth);
    const gap = (list: string[], reason: GapReason) => {
      for (const p of list) if (!inNested(p)) gaps.push({ path: p, bytes: 0, gap: reason });
    };
    // A link to another regular file of the same unit hides nothing: that file is read under its own name.
    const unitFiles = new Set(tree.files);
    const linked = tree.symlinks.filter((l) => {
      const t = linkTarget(fs, root, l);
      return t !== undefined && unitFiles.has(t) && !inNested(t);
    });
    gap(
      tree.symlinks.filter((l) => !linked.includes(l)),
      'symlink',
    );
    gap(tree.special, 'special-file');
    gap(tree.tooDeep, 'depth-limit');
    gap(tree.pruned, 'skipped-folder');
    gap(tree.unlisted, 'unreadable');
    paths = tree.files
      .filter((p) => !inNested(p))
      .sort((a, b) => (a === primary ? -1 : b === primary ? 1 : a < b ? -1 : a > b ? 1 : 0));
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
      if (st?.type === 'symlink') return 'symlink';
      if (st?.type === 'other') return 'special-file';
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
  files.push(...gaps);
  return { path: unitRel, kind, primary, files };
}
