/**
 * What a harness runs when the model invokes a skill, a custom slash command or a subagent (Claude Code's `Skill`,
 * `SlashCommand` and `Task`/`Agent` tools): a skill's or command's dynamic context lines (`` !`git diff` `` and
 * fenced ```` ```! ```` blocks), which the harness runs as shell before the model reads the text, and the `hooks` a
 * definition's front matter declares (their commands run on tool use while it is active). The definition is looked
 * for where the harness keeps it (`.claude/commands/<a>/<b>.md` for `/a:b`, `.claude/skills/<name>/SKILL.md`,
 * `.claude/agents/<type>.md`), in the workspace and in home, through the request's script reader. Found with none
 * of those: the call only injects text. Found with some: each is a command to analyse as the shell it is. A skill
 * or command not found (a plugin's, the harness's own) is unknown, handed back to the harness's own permissions as
 * an unknown program is; one not read whole, or a name gavel cannot resolve: uncertain; a subagent type with no file
 * is the harness's own, an inert tool as before.
 * Pure but for that reader; names in reasons are of a closed shape, never file text.
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
  /** No definition was found (a plugin's, the harness's own): nothing knows what the call runs. */
  unknown?: true;
}

/** The harness tools that expand a definition file, and the argument keys that name it. */
type Kind = 'skill' | 'command' | 'agent';
const INVOKERS: ReadonlyMap<string, { kind: Kind; keys: readonly string[] }> = new Map([
  ['Skill', { kind: 'skill', keys: ['skill', 'command', 'name'] }],
  ['SlashCommand', { kind: 'command', keys: ['command', 'name'] }],
  // A subagent's definition runs nothing when it starts but the hooks it declares (its text is a prompt); a type
  // with no file is the harness's own or a plugin's, judged as before (an inert tool).
  ['Task', { kind: 'agent', keys: ['subagent_type'] }],
  ['Agent', { kind: 'agent', keys: ['subagent_type'] }],
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

/** The YAML front matter of a definition (between a first `---` line and the next), or undefined. */
function frontMatter(text: string): string | undefined {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  return m?.[1];
}

/** A YAML scalar as written after `command:` (plain, single- or double-quoted), or undefined when not one line. */
function scalar(raw: string): string | undefined {
  const v = raw.trim();
  if (v === '' || /^[|>]/.test(v) || /^[[{&*!]/.test(v)) return undefined;
  if (v.startsWith("'")) return /^'((?:[^']|'')*)'\s*(?:#.*)?$/.exec(v)?.[1]?.replace(/''/g, "'");
  if (v.startsWith('"')) {
    const m = /^"((?:[^"\\]|\\["\\/])*)"\s*(?:#.*)?$/.exec(v);
    return m?.[1]?.replace(/\\(["\\/])/g, '$1');
  }
  return v.replace(/\s+#.*$/, '');
}

/**
 * The commands of the `hooks` a definition's front matter declares (Claude Code runs them on tool use and at the
 * end while the skill or agent is active): every `command:` below a top-level `hooks:` key. `unreadable`: a hooks
 * block gavel cannot read as such lines (flow style, a block scalar, a key it cannot place).
 */
export function frontMatterHooks(text: string): string[] | 'unreadable' {
  const fm = frontMatter(text);
  if (fm === undefined) return [];
  const lines = fm.split(/\r?\n/);
  const start = lines.findIndex((l) => /^hooks\s*:/.test(l));
  if (start < 0) return [];
  if (!/^hooks\s*:\s*(?:#.*)?$/.test(lines[start] as string)) return 'unreadable';
  const out: string[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (/^\S/.test(line)) break;
    const m = /^\s*(?:-\s+)?command\s*:(.*)$/.exec(line);
    if (!m) continue;
    const value = scalar(m[1] as string);
    if (value === undefined) return 'unreadable';
    out.push(value);
  }
  return out;
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
function candidates(request: CheckRequest, kind: Kind, name: string): { path: string; from: string }[] {
  const parts = name.split(':');
  const roots = new Map<string, string>();
  for (const r of [...request.workspaceRoots, request.cwd]) if (r !== '') roots.set(r, 'workspace');
  if (request.home !== '' && !roots.has(request.home)) roots.set(request.home, 'home');
  const out: { path: string; from: string }[] = [];
  for (const [root, from] of roots) {
    const claude = join(root, '.claude');
    if (kind === 'agent') {
      if (parts.length === 1) out.push({ path: join(claude, 'agents', `${name}.md`), from });
      continue;
    }
    // A slash command may name a skill too; a skill is never a command file.
    if (kind === 'command') out.push({ path: `${join(claude, 'commands', ...parts)}.md`, from });
    if (parts.length === 1) out.push({ path: join(claude, 'skills', name, 'SKILL.md'), from });
  }
  return out;
}

/** Each request's answer: the pipeline asks twice (the commands to analyse, then the facts). */
const answers = new WeakMap<CheckRequest, InvokedDefinition | undefined>();

/** The commands a `Skill` or `SlashCommand` call makes the harness run; undefined for every other tool. */
export function invokedDefinition(request: CheckRequest): InvokedDefinition | undefined {
  if (answers.has(request)) return answers.get(request);
  const answer = readDefinition(request);
  answers.set(request, answer);
  return answer;
}

function readDefinition(request: CheckRequest): InvokedDefinition | undefined {
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
  const agent = invoker.kind === 'agent';
  if (agent && name === undefined) return undefined;
  if (name === undefined || !NAME.test(name))
    return unsure(`\`${tool}\` names a definition gavel cannot resolve`);
  const shown = invoker.kind === 'command' ? `/${name}` : name;
  const read = request.readScript;
  if (!read && agent) return undefined;
  if (!read) return unsure(`\`${tool}\` runs \`${shown}\`, whose definition gavel cannot read here`);
  const commands: DefinedCommand[] = [];
  let found = 0;
  for (const { path, from } of candidates(request, invoker.kind, name)) {
    const file = read(path);
    if (file.kind === 'missing') continue;
    if (file.kind !== 'text')
      return unsure(`\`${tool}\` runs \`${shown}\`, whose definition could not be read whole`);
    found++;
    const lines = agent ? [] : dynamicContext(file.text);
    const hooks = frontMatterHooks(file.text);
    if (hooks === 'unreadable')
      return unsure(`\`${tool}\` runs \`${shown}\`, whose definition declares hooks gavel cannot read`);
    if (lines === 'too-many' || lines.length + hooks.length > MAX_COMMANDS)
      return unsure(`\`${tool}\` runs \`${shown}\`, whose definition runs more commands than gavel reads`);
    const where = `${invoker.kind} \`${shown}\` (${from})`;
    for (const command of lines) commands.push({ where, command });
    for (const command of hooks) commands.push({ where: `${where} hook`, command });
  }
  if (found === 0 && agent) return undefined;
  if (found === 0) return { commands: [], uncertain: [], unknown: true };
  return { commands, uncertain: [] };
}
