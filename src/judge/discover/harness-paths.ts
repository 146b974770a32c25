/**
 * Which single files a harness reads, by project-relative path: Claude Code (.claude/ at any depth,
 * CLAUDE.md, CLAUDE.local.md, .mcp.json), AGENTS.md (Codex and others), Codex (.codex/), Cursor, Gemini
 * (.gemini/, GEMINI.md, gemini-extension.json), Copilot (.github/) and VS Code (.vscode/mcp.json). Pure:
 * a path in, a unit kind (or none) out. Skills and plugins are folders: layouts.ts finds them.
 */

import type { UnitKind } from '../types';

const INSTRUCTION_NAMES = new Set([
  'CLAUDE.md',
  'CLAUDE.local.md',
  'AGENTS.md',
  'AGENTS.override.md',
  'GEMINI.md',
  '.cursorrules',
  '.windsurfrules',
]);

/** Folders whose every sub-folder is a skill, whether or not it holds SKILL.md. */
export const SKILL_PARENTS = [
  '.claude/skills',
  '.agents/skills',
  '.codex/skills',
  '.github/skills',
  '.gemini/skills',
  '.cursor/skills',
  '.opencode/skills',
];

/** The skill folder holding the file `rel` under a SKILL_PARENTS folder (`a/.claude/skills/deploy` for `a/.claude/skills/deploy/x/y.sh`). */
export function skillRoot(rel: string): string | undefined {
  const parts = rel.split('/');
  // i + 3 < length: the path names something inside the skill folder, never a plain file beside it.
  for (let i = 0; i + 3 < parts.length; i++) {
    const pair = `${parts[i]}/${parts[i + 1]}`;
    if (SKILL_PARENTS.includes(pair)) return parts.slice(0, i + 3).join('/');
  }
  return undefined;
}

/** True when `rel` names a folder directly under a SKILL_PARENTS folder (`.../.claude/skills/NAME`). */
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
  if (INSTRUCTION_NAMES.has(name)) return 'instructions';
  if (tail(2) === '.github/copilot-instructions.md') return 'instructions';
  if (name === '.mcp.json' || tail(2) === '.cursor/mcp.json' || tail(2) === '.vscode/mcp.json') return 'mcp';
  if (tail(2) === '.codex/config.toml') return 'mcp';
  if (name === 'gemini-extension.json') return 'settings';
  if (tail(2) === '.claude/settings.json' || tail(2) === '.claude/settings.local.json') return 'settings';
  if (tail(2) === '.gemini/settings.json' || tail(2) === '.cursor/hooks.json') return 'settings';
  const md = /\.(md|mdc)$/.test(name);
  const claude = parent.lastIndexOf('.claude');
  if (claude >= 0) {
    const area = parent[claude + 1];
    if (area === 'agents' && md) return 'agent';
    if (area === 'commands' && md) return 'command';
    if (area === 'rules' && md) return 'rule';
    if (area === 'hooks') return 'hook';
    return undefined;
  }
  const cursor = parent.lastIndexOf('.cursor');
  if (cursor >= 0) {
    const area = parent[cursor + 1];
    if (area === 'rules' && md) return 'rule';
    if (area === 'commands' && md) return 'command';
    if (area === 'agents' && md) return 'agent';
    return undefined;
  }
  const gemini = parent.lastIndexOf('.gemini');
  if (gemini >= 0) {
    const area = parent[gemini + 1];
    if (area === 'commands' && /\.(toml|md)$/.test(name)) return 'command';
    if (area === 'agents' && md) return 'agent';
    return undefined;
  }
  const codex = parent.lastIndexOf('.codex');
  if (codex >= 0) {
    const area = parent[codex + 1];
    if (area === 'prompts' && md) return 'command';
    if (area === 'agents' && /\.(md|toml)$/.test(name)) return 'agent';
    return undefined;
  }
  const github = parent.lastIndexOf('.github');
  if (github >= 0) {
    const area = parent[github + 1];
    if (area === 'instructions' && name.endsWith('.instructions.md')) return 'rule';
    if (area === 'prompts' && name.endsWith('.prompt.md')) return 'command';
    if (area === 'agents' && name.endsWith('.md')) return 'agent';
    if (area === 'chatmodes' && name.endsWith('.chatmode.md')) return 'agent';
  }
  return undefined;
}

/** Kind for a file named on the command line that no convention claims. */
export function namedFileKind(rel: string): UnitKind | undefined {
  const known = harnessKind(rel);
  if (known) return known;
  return /\.(md|mdc|markdown|json|toml)$/i.test(rel) ? 'other' : undefined;
}
