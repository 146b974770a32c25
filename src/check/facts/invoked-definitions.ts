/**
 * What a harness runs when the model invokes a skill or a custom slash command (Claude Code's `Skill` and
 * `SlashCommand` tools): the definition file's dynamic context lines (`` !`git diff` `` and fenced ```` ```! ````
 * blocks), which the harness runs as shell before the model reads the text. The definition is looked for where the
 * harness keeps it (`.claude/commands/<a>/<b>.md` for `/a:b`, `.claude/skills/<name>/SKILL.md`, in the
 * workspace and in home) through the request's script reader. Found with no such line: the call only injects
 * text. Found with some: each is a command to analyse as the shell it is. Not found (a plugin's, the harness's
 * own), unreadable, or a name gavel cannot resolve: uncertain, so the harness's own prompt decides. Pure but for
 * that reader; names in reasons are of a closed shape, never file text.
 */

import { join } from 'node:path';
import type { Uncertainty } from '../../shell';
import type { CheckRequest } from '../request/request';

/** One command a definition runs, with where it is written (for labels and reasons). */
export interface DefinedCommand {
  where: string;
  command: string;
}

export interface InvokedDefinition {
  commands: DefinedCommand[];
  uncertain: Uncertainty[];
}

/** The harness tools that expand a definition file, and the argument keys that name it. */
const INVOKERS: ReadonlyMap<string, { kind: 'skill' | 'command'; keys: readonly string[] }> = new Map([
  ['Skill', { kind: 'skill', keys: ['skill', 'command', 'name'] }],
  ['SlashCommand', { kind: 'command', keys: ['command', 'name'] }],
]);

/** A command or skill name of a closed shape: `deploy`, `frontend:component`, `pdf-tools`. */
const NAME = /^[A-Za-z0-9][\w.-]{0,63}(?::[A-Za-z0-9][\w.-]{0,63}){0,3}$/;

/** At most this many lines run per definition are analysed; more is uncertain. */
const MAX_COMMANDS = 32;

/** `` !`cmd` `` inline, and a fenced block opened with ```` ```! ```` (its lines until the closing fence). */
export function dynamicContext(text: string): string[] | 'too-many' {
  const out: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const fence = /^\s*(`{3,}|~{3,})!\s*$/.exec(line);
    if (fence) {
      const body: string[] = [];
      for (i++; i < lines.length && !(lines[i] as string).trim().startsWith(fence[1] as string); i++)
        body.push(lines[i] as string);
      if (body.join('').trim() !== '') out.push(body.join('\n'));
      continue;
    }
    for (const m of line.matchAll(/!`([^`]+)`/g)) out.push(m[1] as string);
  }
  return out.length > MAX_COMMANDS ? 'too-many' : out;
}

/** The name the call invokes (a slash command's first word, without its `/`), or undefined. */
function invokedName(args: unknown, keys: readonly string[]): string | undefined {
  if (args === null || typeof args !== 'object') return undefined;
  for (const k of keys) {
    const v = (args as Record<string, unknown>)[k];
    if (typeof v === 'string' && v.trim() !== '') return v.trim().split(/\s+/)[0]?.replace(/^\//, '');
  }
  return undefined;
}

/** Where the harness keeps a definition of `name`, in the workspace roots then home. */
function candidates(
  request: CheckRequest,
  kind: 'skill' | 'command',
  name: string,
): { path: string; from: string }[] {
  const parts = name.split(':');
  const roots = new Map<string, string>();
  for (const r of [...request.workspaceRoots, request.cwd]) if (r !== '') roots.set(r, 'workspace');
  if (request.home !== '' && !roots.has(request.home)) roots.set(request.home, 'home');
  const out: { path: string; from: string }[] = [];
  for (const [root, from] of roots) {
    const claude = join(root, '.claude');
    // A slash command may name a skill too; a skill is never a command file.
    if (kind === 'command') out.push({ path: `${join(claude, 'commands', ...parts)}.md`, from });
    if (parts.length === 1) out.push({ path: join(claude, 'skills', name, 'SKILL.md'), from });
  }
  return out;
}

/** The commands a `Skill` or `SlashCommand` call makes the harness run; undefined for every other tool. */
export function invokedDefinition(request: CheckRequest): InvokedDefinition | undefined {
  const input = request.input;
  if (input.kind !== 'other') return undefined;
  const invoker = INVOKERS.get(request.toolName);
  if (!invoker) return undefined;
  const tool = request.toolName;
  const unsure = (reason: string): InvokedDefinition => ({
    commands: [],
    uncertain: [{ code: 'dynamic-script', reason }],
  });
  const name = invokedName(input.arguments, invoker.keys);
  if (name === undefined || !NAME.test(name))
    return unsure(`\`${tool}\` names a definition gavel cannot resolve`);
  const shown = invoker.kind === 'command' ? `/${name}` : name;
  const read = request.readScript;
  if (!read) return unsure(`\`${tool}\` runs \`${shown}\`, whose definition gavel cannot read here`);
  const commands: DefinedCommand[] = [];
  let found = 0;
  for (const { path, from } of candidates(request, invoker.kind, name)) {
    const file = read(path);
    if (file.kind === 'missing') continue;
    if (file.kind !== 'text')
      return unsure(`\`${tool}\` runs \`${shown}\`, whose definition could not be read whole`);
    found++;
    const lines = dynamicContext(file.text);
    if (lines === 'too-many')
      return unsure(`\`${tool}\` runs \`${shown}\`, whose definition runs more commands than gavel reads`);
    const where = `${invoker.kind} \`${shown}\` (${from})`;
    for (const command of lines) commands.push({ where, command });
  }
  if (found === 0)
    return unsure(
      `\`${tool}\` runs \`${shown}\`, whose definition gavel does not find (a plugin's or the harness's own)`,
    );
  return { commands, uncertain: [] };
}
