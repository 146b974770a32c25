/**
 * Adapters from each harness's tool call (name + input JSON) to normalized tool inputs.
 * Pure. A call can touch several targets (a Codex patch edits many files), so an adapter returns a list; an
 * input that lacks the field its tool needs is a problem, never a guess.
 */

import type { ToolInput } from '../request/request';

export type AdaptResult = { ok: true; inputs: ToolInput[] } | { ok: false; problem: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function field(
  input: unknown,
  tool: string,
  ...names: string[]
): { ok: true; value: string } | { ok: false; problem: string } {
  if (!isObject(input)) return { ok: false, problem: `tool \`${tool}\`: \`tool_input\` must be an object` };
  for (const name of names) {
    const value = input[name];
    if (typeof value === 'string' && value.length > 0) return { ok: true, value };
  }
  return { ok: false, problem: `tool \`${tool}\`: \`${names[0]}\` must be a non-empty string` };
}

function optionalPath(input: unknown, cwd: string, ...names: string[]): string {
  if (isObject(input)) {
    for (const name of names) {
      const value = input[name];
      if (typeof value === 'string' && value.length > 0) return value;
    }
  }
  return cwd;
}

/** A search tool: its folder (default cwd) and every pattern field that widens what it reads. */
function search(input: unknown, cwd: string, mode: 'names' | 'contents', globField?: string): AdaptResult {
  const path = optionalPath(input, cwd, 'path');
  const value = globField && isObject(input) ? input[globField] : undefined;
  const globs =
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.filter((v) => typeof v === 'string')
        : [];
  return { ok: true, inputs: [{ kind: 'read', path, search: mode, globs }] };
}

/** `mcp__server__tool` (server names may hold single underscores); undefined when the name is not one. */
export function parseMcpName(name: string): { server: string; tool: string } | undefined {
  const m = /^mcp__(.+?)__(.+)$/.exec(name);
  return m?.[1] && m[2] ? { server: m[1], tool: m[2] } : undefined;
}

function one(result: ReturnType<typeof field>, make: (value: string) => ToolInput): AdaptResult {
  return result.ok ? { ok: true, inputs: [make(result.value)] } : result;
}

/** Claude Code: Bash, Read, Write, Edit, MultiEdit, NotebookEdit, WebFetch, Grep, Glob, LS, mcp__*, others. */
export function fromClaudeCode(toolName: string, input: unknown, cwd: string): AdaptResult {
  switch (toolName) {
    case 'Bash':
      return one(field(input, toolName, 'command'), (command) => ({ kind: 'shell', command }));
    case 'Read':
      return one(field(input, toolName, 'file_path'), (path) => ({ kind: 'read', path }));
    case 'Write':
      return one(field(input, toolName, 'file_path'), (path) => ({ kind: 'write', path }));
    case 'Edit':
    case 'MultiEdit':
      return one(field(input, toolName, 'file_path'), (path) => ({ kind: 'edit', path }));
    case 'NotebookEdit':
      return one(field(input, toolName, 'notebook_path'), (path) => ({ kind: 'edit', path }));
    case 'WebFetch':
      return one(field(input, toolName, 'url'), (url) => ({ kind: 'web_fetch', url }));
    case 'Grep':
      return search(input, cwd, 'contents', 'glob');
    case 'Glob':
      return search(input, cwd, 'names', 'pattern');
    case 'LS':
      return search(input, cwd, 'names');
    default:
      return mcpOrOther(toolName, input);
  }
}

function mcpOrOther(toolName: string, input: unknown): AdaptResult {
  const mcp = parseMcpName(toolName);
  if (mcp) return { ok: true, inputs: [{ kind: 'mcp', ...mcp, arguments: input ?? {} }] };
  return { ok: true, inputs: [{ kind: 'other', name: toolName, arguments: input ?? {} }] };
}

/** File paths named by a Codex `apply_patch` body (`*** Add File:`, `*** Update File:`, `*** Delete File:`, `*** Move to:`). */
export function patchPaths(patch: string): string[] {
  const paths: string[] = [];
  for (const line of patch.split('\n')) {
    const m = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/.exec(line.trimEnd());
    if (m?.[1]) paths.push(m[1].trim());
  }
  return paths;
}

/** Codex: Bash (shell, unified exec), apply_patch (its patch in `command`), mcp__*, others. */
export function fromCodex(toolName: string, input: unknown): AdaptResult {
  switch (toolName) {
    case 'Bash':
    case 'shell':
    case 'exec_command':
    case 'local_shell':
      return one(field(input, toolName, 'command', 'cmd'), (command) => ({ kind: 'shell', command }));
    case 'apply_patch': {
      const body = field(input, toolName, 'command', 'patch', 'input');
      if (!body.ok) return body;
      const paths = patchPaths(body.value);
      if (paths.length === 0) return { ok: false, problem: 'tool `apply_patch`: the patch names no file' };
      return { ok: true, inputs: paths.map((path) => ({ kind: 'edit', path })) };
    }
    default:
      return mcpOrOther(toolName, input);
  }
}

/** pi: bash, read, write, edit, grep, find, ls; anything else is a custom tool. */
export function fromPi(toolName: string, input: unknown, cwd: string): AdaptResult {
  switch (toolName) {
    case 'bash':
      return one(field(input, toolName, 'command'), (command) => ({ kind: 'shell', command }));
    case 'read':
      return one(field(input, toolName, 'path', 'file_path'), (path) => ({ kind: 'read', path }));
    case 'write':
      return one(field(input, toolName, 'path', 'file_path'), (path) => ({ kind: 'write', path }));
    case 'edit':
      return one(field(input, toolName, 'path', 'file_path'), (path) => ({ kind: 'edit', path }));
    case 'grep':
      return search(input, cwd, 'contents', 'glob');
    case 'find':
      return search(input, cwd, 'names', 'pattern');
    case 'ls':
      return search(input, cwd, 'names');
    default:
      return mcpOrOther(toolName, input);
  }
}
