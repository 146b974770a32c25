/**
 * Discovery: which units a run judges. With no paths, every unit below the working directory that a
 * harness reads; with paths, those (a file inside a skill selects the skill; any Markdown or JSON file
 * named is a unit). Symlinks are never followed: a named path that is one, or lies below one, is refused.
 * Paths stay inside the project. Files with gavel's generated header are skipped. Pure over JudgeFs.
 */

import type { NotReviewed, Unit, UnitKind } from '../types';
import { harnessKind, isSkillDir, namedFileKind, skillRoot } from './harness-paths';
import type { JudgeFs } from './judge-fs';
import { GENERATED_MARKER, type JudgeLimits } from './limits';
import { joinPath, listTree, readUnit } from './read-unit';

export interface DiscoverInput {
  fs: JudgeFs;
  /** Absolute project root. */
  root: string;
  /** Absolute working directory (inside root). */
  cwd: string;
  /** Paths as the user wrote them: relative to cwd, or absolute. */
  paths: readonly string[];
  limits: JudgeLimits;
}

export interface Skipped {
  path: string;
  kind: UnitKind;
  reason: 'generated';
}

export type DiscoverResult =
  | { ok: true; units: Unit[]; skipped: Skipped[]; notReviewed: NotReviewed[] }
  | { ok: false; message: string };

/** Project-relative path of an absolute or cwd-relative path; undefined when it leaves the project. */
export function toProjectPath(root: string, cwd: string, given: string): string | undefined {
  const abs = given.startsWith('/') ? given : `${cwd}/${given}`;
  const parts: string[] = [];
  for (const seg of abs.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(seg);
  }
  const norm = `/${parts.join('/')}`;
  if (norm === root) return '';
  const prefix = root === '/' ? '/' : `${root}/`;
  return norm.startsWith(prefix) ? norm.slice(prefix.length) : undefined;
}

interface Candidate {
  rel: string;
  kind: UnitKind;
}

/** Every unit a harness reads below `dirRel`. */
function candidatesBelow(fs: JudgeFs, root: string, dirRel: string, notReviewed: NotReviewed[]): Candidate[] {
  const { files, symlinks } = listTree(fs, root, dirRel);
  const out = new Map<string, Candidate>();
  for (const rel of files) {
    const skill = skillRoot(rel);
    if (skill) {
      out.set(skill, { rel: skill, kind: 'skill' });
      continue;
    }
    const kind = harnessKind(rel);
    if (kind) out.set(rel, { rel, kind });
  }
  for (const link of symlinks) {
    if (skillRoot(link) || harnessKind(link) || isSkillDir(link))
      notReviewed.push({ path: link, reason: 'symlink' });
  }
  return [...out.values()];
}

function firstSymlink(fs: JudgeFs, root: string, rel: string): string | undefined {
  const parts = rel.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const sub = parts.slice(0, i).join('/');
    if (fs.stat(joinPath(root, sub))?.type === 'symlink') return sub;
  }
  return undefined;
}

function isGenerated(unit: Unit): boolean {
  const primary = unit.files.find((f) => f.path === unit.primary);
  if (!primary?.text) return false;
  return GENERATED_MARKER.test(primary.text.split('\n', 5).join('\n'));
}

export function discoverUnits(input: DiscoverInput): DiscoverResult {
  const { fs, root, cwd, limits } = input;
  const notReviewed: NotReviewed[] = [];
  const candidates = new Map<string, Candidate>();
  const add = (c: Candidate) => candidates.set(c.rel, c);
  const cwdRel = toProjectPath(root, cwd, cwd);
  if (cwdRel === undefined)
    return { ok: false, message: `working directory \`${cwd}\` is outside the project` };
  if (input.paths.length === 0) {
    for (const c of candidatesBelow(fs, root, cwdRel, notReviewed)) add(c);
  }
  for (const given of input.paths) {
    const rel = toProjectPath(root, cwd, given);
    if (rel === undefined) return { ok: false, message: `path \`${given}\` is outside the project` };
    const link = firstSymlink(fs, root, rel);
    if (link !== undefined)
      return {
        ok: false,
        message: `path \`${given}\` is or lies below a symlink (\`${link}\`); symlinks are never followed`,
      };
    const st = fs.stat(joinPath(root, rel));
    if (!st) return { ok: false, message: `path \`${given}\` does not exist` };
    const skill = skillRoot(rel) ?? (isSkillDir(rel) ? rel : undefined);
    if (skill) {
      add({ rel: skill, kind: 'skill' });
      continue;
    }
    if (st.type === 'dir') {
      for (const c of candidatesBelow(fs, root, rel, notReviewed)) add(c);
      continue;
    }
    const kind = namedFileKind(rel);
    if (!kind)
      return {
        ok: false,
        message: `path \`${given}\` is not a Markdown or JSON file, a skill or a directory`,
      };
    add({ rel, kind });
  }
  const units: Unit[] = [];
  const skipped: Skipped[] = [];
  for (const c of [...candidates.values()].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))) {
    const unit = readUnit(fs, root, c.rel, c.kind, limits);
    if (isGenerated(unit)) {
      skipped.push({ path: unit.path, kind: unit.kind, reason: 'generated' });
      continue;
    }
    units.push(unit);
  }
  return { ok: true, units, skipped, notReviewed };
}
