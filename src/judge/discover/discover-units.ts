/**
 * Discovery: which units a run judges. With no paths, every unit below the working directory that a
 * harness reads, in the layouts real repositories use (layouts.ts); with paths, those (a file inside a
 * skill selects the skill; any Markdown, JSON or TOML file named is a unit). Symlinks are never followed:
 * a named path that is one, or lies below one, is refused; one found while walking is not reviewed, and
 * so is a special file in a unit's place or a folder past the depth limit: each is named in not_reviewed
 * and makes the run incomplete. Nothing in a file's text excludes it. Paths stay inside the project.
 * A symlink whose target inside the project is reviewed under its own name hides nothing (symlink-cover.ts).
 * Pure over JudgeFs.
 */

import type { NotReviewed, Unit } from '../types';
import { namedFileKind } from './harness-paths';
import type { JudgeFs } from './judge-fs';
import { type Candidate, layoutCandidates, looksLikeUnit, nestedSkills } from './layouts';
import type { JudgeLimits } from './limits';
import { decodeText, readUnit } from './read-unit';
import { coveredTarget } from './symlink-cover';
import { joinPath, walkTree } from './walk-tree';

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

export type DiscoverResult =
  | {
      ok: true;
      units: Unit[];
      /** Why each unit was found, by unit path (for `--list`). */
      why: Map<string, string>;
      notReviewed: NotReviewed[];
      /** Symlinks whose target is reviewed under its own name. */
      links: { path: string; target: string }[];
    }
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

function firstSymlink(fs: JudgeFs, root: string, rel: string): string | undefined {
  const parts = rel.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const sub = parts.slice(0, i).join('/');
    if (fs.stat(joinPath(root, sub))?.type === 'symlink') return sub;
  }
  return undefined;
}

const inside = (dir: string, rel: string) => dir === '' || rel === dir || rel.startsWith(`${dir}/`);

export function discoverUnits(input: DiscoverInput): DiscoverResult {
  const { fs, root, cwd, limits } = input;
  const cwdRel = toProjectPath(root, cwd, cwd);
  if (cwdRel === undefined)
    return { ok: false, message: `working directory \`${cwd}\` is outside the project` };
  const tree = walkTree(fs, root, '', limits.maxDepth);
  const readText = (rel: string): string | undefined => {
    const st = fs.stat(joinPath(root, rel));
    if (st?.type !== 'file' || st.size > limits.maxFileBytes) return undefined;
    try {
      return decodeText(fs.read(joinPath(root, rel)));
    } catch {
      return undefined;
    }
  };
  const all = layoutCandidates(tree.files, readText);
  const skills = all.filter((c) => c.kind === 'skill');
  const links: { path: string; target: string }[] = [];
  const hiddenLinks = tree.symlinks.filter((path) => {
    if (!looksLikeUnit(path)) return false;
    const target = coveredTarget(fs, root, path, all, limits.maxDepth);
    if (target !== undefined) links.push({ path, target });
    return target === undefined;
  });
  // Everything the walk could not see that a harness might read: the run cannot be a pass.
  const hidden: NotReviewed[] = [
    ...hiddenLinks.map((path) => ({ path, reason: 'symlink' as const })),
    ...tree.special.filter(looksLikeUnit).map((path) => ({ path, reason: 'special-file' as const })),
    ...tree.tooDeep.map((path) => ({ path, reason: 'depth-limit' as const })),
    ...tree.unlisted.map((path) => ({ path, reason: 'unreadable' as const })),
  ].filter((n) => !skills.some((s) => n.path.startsWith(`${s.rel}/`)));
  const chosen = new Map<string, Candidate>();
  const notReviewed: NotReviewed[] = [];
  const chosenLinks: { path: string; target: string }[] = [];
  const addBelow = (dir: string) => {
    for (const c of all) if (inside(dir, c.rel)) chosen.set(c.rel, c);
    for (const n of hidden) if (inside(dir, n.path)) notReviewed.push(n);
    for (const l of links) if (inside(dir, l.path)) chosenLinks.push(l);
  };
  if (input.paths.length === 0) addBelow(cwdRel);
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
    const owner = skills
      .filter((s) => rel === s.rel || rel.startsWith(`${s.rel}/`))
      .sort((a, b) => b.rel.length - a.rel.length)[0];
    if (owner) {
      chosen.set(owner.rel, owner);
      continue;
    }
    if (st.type === 'dir') {
      addBelow(rel);
      continue;
    }
    const known = all.find((c) => c.rel === rel);
    if (known) {
      chosen.set(rel, known);
      continue;
    }
    const kind = namedFileKind(rel);
    if (!kind || st.type !== 'file')
      return {
        ok: false,
        message: `path \`${given}\` is not a Markdown, JSON or TOML file, a skill or a directory`,
      };
    chosen.set(rel, { rel, kind, why: 'named on the command line' });
  }
  const units: Unit[] = [];
  const why = new Map<string, string>();
  for (const c of [...chosen.values()].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))) {
    const nested = c.kind === 'skill' ? nestedSkills(c.rel, all) : [];
    units.push(
      readUnit(
        fs,
        root,
        { rel: c.rel, kind: c.kind, nested, ...(c.primary ? { primary: c.primary } : {}) },
        limits,
      ),
    );
    why.set(c.rel, c.why);
  }
  return { ok: true, units, why, notReviewed, links: chosenLinks };
}
