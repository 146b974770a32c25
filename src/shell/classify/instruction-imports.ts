/**
 * Files an agent's instruction file pulls into its memory: `@path` imports in `CLAUDE.md`, `CLAUDE.local.md`,
 * `AGENTS.md`, `GEMINI.md` (from the working folder up to its workspace root, and the user's `~/.claude/CLAUDE.md`),
 * followed up to five imports deep as Claude Code does; an import inside a code span or a fenced block is text, and
 * the project's manifests and front page (`@README.md`, `@package.json`) are the project, not instructions. A
 * write to an imported file changes the agent's instructions as a write to the instruction file does. Read through
 * the surface's reader, bounded (files read, depth); memoised per environment. Pure apart from the reader.
 */

import { posix } from 'node:path';
import type { ShellEnv } from '../types';

const INSTRUCTION_FILES = ['CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md', 'GEMINI.md', '.claude/CLAUDE.md'];
const MAX_DEPTH = 5;
const MAX_FILES = 32;

const imported = new WeakMap<object, ReadonlySet<string>>();

/**
 * Files an instruction file imports for what the project is, not for how to work (`@README.md`, `@package.json`, as
 * Claude Code's own documentation suggests): the project's manifests and front page, edited as the project is.
 */
const PROJECT_FILE =
  /^(?:README|CHANGELOG|LICENSE|NOTICE)(?:\.\w+)?$|^(?:package\.json|pyproject\.toml|Cargo\.toml|go\.mod|composer\.json|Gemfile|pom\.xml|build\.gradle(?:\.kts)?|mix\.exs|pubspec\.yaml|deno\.jsonc?|tsconfig\.json|Makefile|justfile)$/i;

/** The `@path` imports of one instruction file's text, outside code. */
export function importsOf(text: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(?:```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const prose = line.replace(/`[^`]*`/g, ' ');
    for (const m of prose.matchAll(/(?:^|\s)@((?:~\/|\.{1,2}\/|\/)?[\w.-][^\s`'"()<>,;]*)/g)) {
      const p = (m[1] ?? '').replace(/[.:]+$/, '');
      // An address (`@team`, `user@host`) has no path part; a path names a file.
      if (p.includes('/') || /\.\w+$/.test(p)) out.push(p);
    }
  }
  return out;
}

/** The folders from `cwd` up to the workspace root holding it (only `cwd` when none does). */
function folders(env: ShellEnv): string[] {
  const root = env.workspaceRoots.find((w) => w !== '/' && (env.cwd === w || env.cwd.startsWith(`${w}/`)));
  const out = [env.cwd];
  let at = env.cwd;
  while (root !== undefined && at !== root && at !== '/') {
    at = posix.dirname(at);
    out.push(at);
  }
  return out;
}

/** Every file the instruction files import (absolute paths). */
export function instructionImports(env: ShellEnv): ReadonlySet<string> {
  const known = imported.get(env);
  if (known) return known;
  const found = new Set<string>();
  const read = env.readScript;
  if (read) {
    let budget = MAX_FILES;
    const visit = (abs: string, depth: number): void => {
      if (budget-- <= 0) return;
      const file = read(abs);
      if (file.kind !== 'text') return;
      for (const p of importsOf(file.text)) {
        const target = p.startsWith('~/')
          ? posix.join(env.home, p.slice(2))
          : posix.resolve(posix.dirname(abs), p);
        if (found.has(target) || PROJECT_FILE.test(posix.basename(target))) continue;
        found.add(target);
        if (depth < MAX_DEPTH) visit(target, depth + 1);
      }
    };
    for (const folder of folders(env))
      for (const name of INSTRUCTION_FILES) visit(posix.join(folder, name), 1);
    visit(posix.join(env.home, '.claude', 'CLAUDE.md'), 1);
  }
  imported.set(env, found);
  return found;
}
