/**
 * What a judge run reads besides the units: the repository's traps file and the rubric skills named by
 * `--skill`, `--skill-for` and `[judge.skills]`. A rubric named `path:DIR` is read from DIR/SKILL.md (a
 * repository-configured one must stay inside the project, symlinks included); a bare NAME is looked up as a
 * skill folder under the project's `.claude/skills/`, `.agents/skills/` and the user's `~/.claude/skills/`.
 * Ends in a value: the traps and rubrics, or a one-line problem (the command fails closed on it).
 */

import { lstatSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import {
  type JudgeCategory,
  type JudgeFs,
  parseTraps,
  type Rubric,
  rubricOf,
  type Trap,
  toProjectPath,
} from '../../judge';
import { readRegularFile } from '../../reader';

/** A traps file or a rubric SKILL.md is read whole only up to this size (a regular file, never a FIFO). */
const MAX_INPUT_BYTES = 2 * 1024 * 1024;

export interface RubricRequest {
  /** `NAME` or `path:DIR`. */
  ref: string;
  category: JudgeCategory;
  /** From the repository's config: must stay inside the project. */
  fromRepo: boolean;
}

type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

function insideProject(root: string, path: string): boolean {
  try {
    const real = realpathSync(path);
    const rel = relative(realpathSync(root), real);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  } catch {
    return false;
  }
}

/**
 * Why the repository-configured traps file cannot be used, or undefined: it must name a file inside the
 * project, reached through no symlink (checked before any model is opened).
 */
export function trapsFileProblem(fs: JudgeFs, root: string, file: string): string | undefined {
  const rel = toProjectPath(root, root, file);
  const parts = rel === undefined ? [] : rel.split('/');
  const viaLink = parts.some(
    (_, i) => fs.stat(`${root}/${parts.slice(0, i + 1).join('/')}`)?.type === 'symlink',
  );
  return rel === undefined || rel === '' || viaLink
    ? 'must name a file inside the project, not through a symlink'
    : undefined;
}

export function readTraps(root: string, file: string): Read<Trap[]> {
  const path = resolve(root, file);
  if (!insideProject(root, path) || lstatSync(path, { throwIfNoEntry: false })?.isFile() !== true)
    return { ok: false, problem: `\`judge.traps_file\`: \`${file}\` is not a file inside the project` };
  const read = readRegularFile(path, MAX_INPUT_BYTES, { noFollow: true });
  if (!read.ok)
    return {
      ok: false,
      problem: `\`judge.traps_file\`: \`${file}\` is not a regular file of at most ${MAX_INPUT_BYTES} bytes`,
    };
  const parsed = parseTraps(read.text);
  if (!parsed.ok) return { ok: false, problem: `\`judge.traps_file\`: \`${file}\` ${parsed.problem}` };
  return { ok: true, value: parsed.traps };
}

function skillDir(ref: string, root: string, home: string, cwd: string): string | undefined {
  if (ref.startsWith('path:')) return resolve(cwd, ref.slice(5));
  if (!/^[A-Za-z0-9._-]+$/.test(ref)) return undefined;
  for (const base of [
    join(root, '.claude/skills'),
    join(root, '.agents/skills'),
    join(home, '.claude/skills'),
  ]) {
    const dir = join(base, ref);
    if (lstatSync(join(dir, 'SKILL.md'), { throwIfNoEntry: false })?.isFile()) return dir;
  }
  return undefined;
}

export function readRubrics(
  requests: readonly RubricRequest[],
  ctx: { root: string; home: string; cwd: string },
): Read<Rubric[]> {
  const out: Rubric[] = [];
  for (const r of requests) {
    const dir = skillDir(r.ref, ctx.root, ctx.home, ctx.cwd);
    if (dir === undefined) return { ok: false, problem: `rubric skill \`${r.ref}\` not found` };
    const file = join(dir, 'SKILL.md');
    if (r.fromRepo && !insideProject(ctx.root, file))
      return { ok: false, problem: `rubric skill \`${r.ref}\` must stay inside the project` };
    // Follows a symlink only for a rubric the user named; the target must be a regular file under the bound.
    const read = readRegularFile(file, MAX_INPUT_BYTES);
    if (!read.ok)
      return {
        ok: false,
        problem: `rubric skill \`${r.ref}\`: SKILL.md is not a regular file of at most ${MAX_INPUT_BYTES} bytes`,
      };
    const text = read.text;
    const name = dir.split('/').filter(Boolean).pop() ?? r.ref;
    const rubric = rubricOf(name, r.category, text);
    if (!rubric) return { ok: false, problem: `skill \`${r.ref}\` has no \`## C1 - title\` criteria` };
    out.push(rubric);
  }
  return { ok: true, value: out };
}
