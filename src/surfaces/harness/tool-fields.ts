/**
 * The small readers every harness's tool-input adapter is built from: a required string field, an optional
 * path that defaults to the working folder, an MCP tool name, and the fallback for tools gavel has no shape
 * for. Pure; an input that lacks the field its tool needs is a problem, never a guess.
 */

import type { AdaptResult, FileChange, SearchLines, ToolInput } from '../../check';
import { isRecord } from '../../core';

export type Field = { ok: true; value: string } | { ok: false; problem: string };

/** The first of `names` that holds a non-empty string. */
export function field(input: unknown, tool: string, ...names: string[]): Field {
  if (!isRecord(input)) return { ok: false, problem: `tool \`${tool}\`: \`tool_input\` must be an object` };
  for (const name of names) {
    const value = input[name];
    if (typeof value === 'string' && value.length > 0) return { ok: true, value };
  }
  return { ok: false, problem: `tool \`${tool}\`: \`${names[0]}\` must be a non-empty string` };
}

/** The first of `names` that holds a non-empty string, else `cwd` (search tools default to it). */
export function optionalPath(input: unknown, cwd: string, ...names: string[]): string {
  if (isRecord(input)) {
    for (const name of names) {
      const value = input[name];
      if (typeof value === 'string' && value.length > 0) return value;
    }
  }
  return cwd;
}

/** Output modes of grep tools that print file names or counts, never a line of a file. */
const NO_LINES = new Set(['files_with_matches', 'count', 'files', 'files_with_matches_count']);

/**
 * The lines a content search tool prints (`SearchLines`): its `pattern`, and whether it is told to print only file
 * names or counts (`output_mode`: `namesOnly`); `namesByDefault`: the tool prints names when no output mode is given (Claude
 * Code's Grep). Case is ignored when the input says so (`-i`, `ignore_case`, `case_sensitive: false`).
 */
export function searchLines(input: unknown, namesByDefault = false): SearchLines | undefined {
  if (!isRecord(input) || typeof input.pattern !== 'string' || input.pattern === '') return undefined;
  const mode = input.output_mode ?? input.outputMode;
  // A mode that surely prints no line prints names or counts: whether a file matches still answers for its content.
  const namesOnly = mode === undefined ? namesByDefault : NO_LINES.has(String(mode));
  const ignoreCase =
    input['-i'] === true ||
    input.ignore_case === true ||
    input.ignoreCase === true ||
    input.case_sensitive === false ||
    input.caseSensitive === false;
  return {
    pattern: input.pattern,
    ignoreCase,
    ...(input.multiline === true ? { multiline: true as const } : {}),
    ...(namesOnly ? { namesOnly: true as const } : {}),
  };
}

/** A read input with the lines its search prints, when it prints any. */
export function withLines(read: ToolInput, lines: SearchLines | undefined): ToolInput {
  return lines && read.kind === 'read' ? { ...read, lines } : read;
}

/**
 * A search tool: its folder (default cwd) and every pattern field that widens what it reads (`names`: a path
 * glob it lists, `contents`: a filter on the files it reads below the folder).
 */
export function search(
  input: unknown,
  cwd: string,
  mode: 'names' | 'contents',
  globField?: string,
  lines?: SearchLines,
): AdaptResult {
  const path = optionalPath(input, cwd, 'path');
  const value = globField && isRecord(input) ? input[globField] : undefined;
  const globs =
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.filter((v): v is string => typeof v === 'string')
        : [];
  return { ok: true, inputs: [withLines({ kind: 'read', path, search: mode, globs }, lines)] };
}

/** `mcp__server__tool` (server names may hold single underscores); undefined when the name is not one. */
export function parseMcpName(name: string): { server: string; tool: string } | undefined {
  const m = /^mcp__(.+?)__(.+)$/.exec(name);
  return m?.[1] && m[2] ? { server: m[1], tool: m[2] } : undefined;
}

export function one(result: Field, make: (value: string) => ToolInput): AdaptResult {
  return result.ok ? { ok: true, inputs: [make(result.value)] } : result;
}

/** A tool the harness adapter has no shape for: an MCP call when its name says so, else `other`. */
export function mcpOrOther(toolName: string, input: unknown): AdaptResult {
  const mcp = parseMcpName(toolName);
  if (mcp) return { ok: true, inputs: [{ kind: 'mcp', ...mcp, arguments: input ?? {} }] };
  return { ok: true, inputs: [{ kind: 'other', name: toolName, arguments: input ?? {} }] };
}

/**
 * The most targets (files a patch names, URLs a prompt holds, a search's patterns) one call may carry: each is
 * judged on its own, so the count bounds the time of a call. Past it the call is unreadable (a deny with that
 * reason), never judged in part.
 */
export const MAX_TARGETS = 1000;

/**
 * Applies a harness's path rewriting (its `rewrite-path.ts`) to every target that names a path, after the bound
 * on how many targets one call may carry (`MAX_TARGETS`).
 */
export function rewriteTargets(result: AdaptResult, rewrite: (path: string) => string): AdaptResult {
  if (!result.ok) return result;
  const globs = result.inputs.reduce((n, i) => n + (i.kind === 'read' ? (i.globs?.length ?? 0) : 0), 0);
  if (result.inputs.length + globs > MAX_TARGETS)
    return {
      ok: false,
      problem: `the call names more than ${MAX_TARGETS} targets (files, URLs or patterns)`,
    };
  return {
    ok: true,
    inputs: result.inputs.map((input) =>
      input.kind === 'read'
        ? {
            ...input,
            path: rewrite(input.path),
            ...(input.globs ? { globs: input.globs.map(rewrite) } : {}),
          }
        : input.kind === 'write' || input.kind === 'edit'
          ? { ...input, path: rewrite(input.path) }
          : input,
    ),
  };
}

const str = (r: Record<string, unknown>, ...names: string[]): string | undefined => {
  for (const n of names) if (typeof r[n] === 'string') return r[n] as string;
  return undefined;
};

/**
 * What a write or edit tool puts into its file, from the field names every harness uses (one normalised value,
 * so each harness's write tools reach the runner-file check alike): the whole text (`content`, `contents`,
 * `file_text`), one replacement (`old_string`/`new_string`, `oldText`/`newText`, `oldString`/`newString`,
 * `old_str`/`new_str`; every occurrence with `replace_all`, `replaceAll`, `allow_multiple` or an
 * `expected_replacements` above one) or a list of them (`edits`). Undefined when the input carries none of them
 * whole (an insert at a line, a sketch of an edit): then a runner's file it targets is uncertain.
 */
export function fileChange(input: unknown): FileChange | undefined {
  if (!isRecord(input)) return undefined;
  const text = str(input, 'content', 'contents', 'file_text');
  if (text !== undefined) return { kind: 'whole', text };
  const one = (r: unknown): { old: string; new: string; all?: boolean } | undefined => {
    if (!isRecord(r)) return undefined;
    const old = str(r, 'old_string', 'oldText', 'oldString', 'old_str');
    const now = str(r, 'new_string', 'newText', 'newString', 'new_str');
    if (old === undefined || now === undefined) return undefined;
    const count = r.expected_replacements;
    // A flag given in another type (`"true"`, `1`) may be coerced by the harness: the wider reading is judged.
    const flagged = (v: unknown): boolean =>
      v !== undefined && v !== false && v !== null && v !== 'false' && v !== 0;
    const all =
      flagged(r.replace_all) ||
      flagged(r.replaceAll) ||
      flagged(r.allow_multiple) ||
      (typeof count === 'number' && count > 1) ||
      (typeof count === 'string' && Number(count) > 1);
    return all ? { old, new: now, all: true } : { old, new: now };
  };
  if (Array.isArray(input.edits)) {
    const edits = input.edits.map(one);
    return edits.every((e) => e !== undefined) && edits.length > 0
      ? { kind: 'replace', edits: edits as { old: string; new: string; all?: boolean }[] }
      : undefined;
  }
  const e = one(input);
  return e ? { kind: 'replace', edits: [e] } : undefined;
}

/** A write or edit input with its change when the tool input carries one. */
export function withChange<T extends ToolInput>(made: T, input: unknown): T {
  if (made.kind !== 'write' && made.kind !== 'edit') return made;
  const change = fileChange(input);
  return change ? { ...made, change } : made;
}
