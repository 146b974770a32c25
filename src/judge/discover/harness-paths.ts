/**
 * Which files a harness reads, by project-relative path: Claude Code (.claude/ at any depth, CLAUDE.md,
 * CLAUDE.local.md, .mcp.json), AGENTS.md (Codex and others), Cursor, Gemini and Copilot. Pure: a path in,
 * a unit kind (or none) out. A skill is its directory: `skillRoot` finds it.
 */

import type { UnitKind } from '../types';

const INSTRUCTION_NAMES = new Set([
  'CLAUDE.md',
  'CLAUDE.local.md',
  'AGENTS.md',
  'AGENTS.override.md',
  'GEMINI.md',
  '.cursorrules',
]);
const SKILL_PARENTS = ['.claude/skills', '.agents/skills', '.codex/skills'];
const MCP_FILES = new Set(['.mcp.json', '.cursor/mcp.json', '.vscode/mcp.json']);

/** Directories the walk never enters. */
export const PRUNED_DIRS = new Set(['.git', 'node_modules', '.hg', '.svn']);

/** The skill directory holding `rel` (`a/.claude/skills/deploy` for `a/.claude/skills/deploy/x/y.sh`). */
export function skillRoot(rel: string): string | undefined {
  const parts = rel.split('/');
  for (let i = 0; i + 2 < parts.length; i++) {
    const pair = `${parts[i]}/${parts[i + 1]}`;
    if (SKILL_PARENTS.includes(pair)) return parts.slice(0, i + 3).join('/');
  }
  return undefined;
}

/** True when `rel` is itself a skill directory (`…/.claude/skills/NAME`). */
export function isSkillDir(rel: string): boolean {
  const parts = rel.split('/');
  if (parts.length < 3) return false;
  return SKILL_PARENTS.includes(parts.slice(-3, -1).join('/'));
}

/** The kind of a single-file unit, or undefined when no harness reads the file. Skills are handled apart. */
export function harnessKind(rel: string): UnitKind | undefined {
  const parts = rel.split('/');
  const name = parts[parts.length - 1] ?? '';
  const parent = parts.slice(0, -1);
  const tail = (n: number) => parts.slice(-n).join('/');
  if (INSTRUCTION_NAMES.has(name)) {
    return 'instructions';
  }
  if (tail(2) === '.github/copilot-instructions.md') return 'instructions';
  if (MCP_FILES.has(tail(2)) || name === '.mcp.json') return 'mcp';
  if (tail(2) === '.claude/settings.json' || tail(2) === '.claude/settings.local.json') return 'settings';
  if (tail(2) === '.gemini/settings.json') return 'settings';
  const claude = parent.lastIndexOf('.claude');
  if (claude >= 0) {
    const area = parent[claude + 1];
    const md = name.endsWith('.md');
    if (area === 'agents' && md) return 'agent';
    if (area === 'commands' && md) return 'command';
    if (area === 'rules' && md) return 'rule';
    if (area === 'hooks') return 'hook';
    return undefined;
  }
  const cursor = parent.lastIndexOf('.cursor');
  if (cursor >= 0 && parent[cursor + 1] === 'rules' && /\.(mdc|md)$/.test(name)) return 'rule';
  const github = parent.lastIndexOf('.github');
  if (github >= 0) {
    const area = parent[github + 1];
    if (area === 'instructions' && name.endsWith('.instructions.md')) return 'rule';
    if (area === 'prompts' && name.endsWith('.prompt.md')) return 'command';
    if (area === 'agents' && name.endsWith('.md')) return 'agent';
  }
  return undefined;
}

/** Kind for a file named on the command line that no convention claims. */
export function namedFileKind(rel: string): UnitKind | undefined {
  const known = harnessKind(rel);
  if (known) return known;
  return /\.(md|mdc|markdown|json)$/i.test(rel) ? 'other' : undefined;
}
