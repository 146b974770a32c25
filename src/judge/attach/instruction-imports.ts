/**
 * `@path` imports of instruction files (CLAUDE.md and friends), followed to a depth of five, as Claude Code
 * does: relative to the importing file, never inside code spans or fences, never outside the project.
 * Pure over the `read` function it is handed. Broken imports come back as problems (G07), never thrown.
 */

import { joinRelative } from '../discover/join-relative';

export interface ImportedFile {
  path: string;
  importedBy: string;
  depth: number;
  text: string;
}

export interface ImportProblem {
  /** The file holding the `@import`. */
  path: string;
  line: number;
  target: string;
  reason: 'missing' | 'outside-project' | 'too-deep';
}

export const MAX_IMPORT_DEPTH = 5;

const IMPORT = /(?:^|\s)@((?:\.{1,2}\/|~\/|\/)?[\w.-]+(?:\/[\w.-]+)*\.\w+)/g;

function resolveRel(fromFile: string, target: string): string | undefined {
  if (target.startsWith('/') || target.startsWith('~')) return undefined;
  return joinRelative(fromFile.includes('/') ? fromFile.split('/').slice(0, -1) : [], target);
}

/** The `@imports` written in a text, with their lines (code fences and spans skipped). */
export function importsIn(text: string): { target: string; line: number }[] {
  const out: { target: string; line: number }[] = [];
  let fenced = false;
  text.split('\n').forEach((raw, i) => {
    if (/^\s{0,3}(```|~~~)/.test(raw)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const line = raw.replace(/`[^`]*`/g, ' ');
    for (const m of line.matchAll(IMPORT)) out.push({ target: m[1] ?? '', line: i + 1 });
  });
  return out;
}

export function followImports(
  root: { path: string; text: string },
  read: (projectRel: string) => string | undefined,
): { files: ImportedFile[]; problems: ImportProblem[] } {
  const files: ImportedFile[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Set<string>([root.path]);
  const visit = (from: { path: string; text: string }, depth: number) => {
    for (const imp of importsIn(from.text)) {
      const target = resolveRel(from.path, imp.target);
      if (target === undefined) {
        problems.push({ path: from.path, line: imp.line, target: imp.target, reason: 'outside-project' });
        continue;
      }
      if (seen.has(target)) continue;
      if (depth + 1 > MAX_IMPORT_DEPTH) {
        problems.push({ path: from.path, line: imp.line, target: imp.target, reason: 'too-deep' });
        continue;
      }
      const text = read(target);
      if (text === undefined) {
        problems.push({ path: from.path, line: imp.line, target: imp.target, reason: 'missing' });
        continue;
      }
      seen.add(target);
      const file = { path: target, importedBy: from.path, depth: depth + 1, text };
      files.push(file);
      visit(file, depth + 1);
    }
  };
  visit(root, 0);
  return { files, problems };
}
