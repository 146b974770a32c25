/**
 * Reads GitHub Copilot CLI's preToolUse hook input with a zod schema, in either of the shapes it sends: the
 * camelCase one of a `preToolUse` entry (`sessionId`, `cwd`, `toolName`, `toolArgs`; no event name) and the
 * VS Code compatible one of a `PreToolUse` entry (`hook_event_name`, `session_id`, `cwd`, `tool_name` as
 * Claude Code names it, `tool_input`). Arguments sent as a JSON string are parsed; a string that is not JSON is
 * a problem. An absolute `cwd` is required. Pure; other fields are ignored. A payload it cannot read is a
 * one-line problem.
 */

import * as z from 'zod/mini';
import type { HarnessCall } from '../adapter';
import { readJsonObject } from '../read-json-object';

// Built on first use: a schema built at import is paid by every hook call (ADR 0018).
let schema: ReturnType<typeof build> | undefined;
function build() {
  const text = z.catch(z.optional(z.string()), undefined);
  return z.object({
    hook_event_name: z.optional(z.literal('PreToolUse')),
    toolName: z.optional(z.string().check(z.minLength(1))),
    tool_name: z.optional(z.string().check(z.minLength(1))),
    toolArgs: z.optional(z.unknown()),
    tool_input: z.optional(z.unknown()),
    cwd: text,
    sessionId: text,
    session_id: text,
  });
}

export function readCopilotCall(stdin: string): HarnessCall | string {
  const json = readJsonObject(stdin);
  if (typeof json === 'string') return json;
  schema ??= build();
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.path[0];
    if (key === 'hook_event_name') return 'unsupported hook event (gavel answers preToolUse)';
    return `hook input lacks \`${String(key ?? 'toolName')}\``;
  }
  const p = parsed.data;
  const vscode = p.hook_event_name === 'PreToolUse';
  const toolName = vscode ? p.tool_name : p.toolName;
  if (!toolName) return `hook input lacks \`${vscode ? 'tool_name' : 'toolName'}\``;
  if (!p.cwd?.startsWith('/')) return 'hook input lacks an absolute `cwd`';
  let toolInput = vscode ? p.tool_input : p.toolArgs;
  if (typeof toolInput === 'string') {
    try {
      toolInput = JSON.parse(toolInput);
    } catch {
      return 'hook input: the tool arguments are a string that is not JSON';
    }
  }
  const sessionId = vscode ? p.session_id : p.sessionId;
  return {
    event: vscode ? 'PreToolUse' : 'preToolUse',
    toolName,
    toolInput,
    cwd: p.cwd,
    ...(sessionId ? { sessionId } : {}),
  };
}
