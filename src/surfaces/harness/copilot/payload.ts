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
import { jsonToolInput, lazySchema, optionalText, readPayload } from '../read-json-object';

const schema = lazySchema(() => {
  const text = optionalText();
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
});

export function readCopilotCall(stdin: string): HarnessCall | string {
  const p = readPayload(stdin, schema, (key) =>
    key === 'hook_event_name'
      ? 'unsupported hook event (gavel answers preToolUse)'
      : `hook input lacks \`${String(key ?? 'toolName')}\``,
  );
  if (typeof p === 'string') return p;
  const vscode = p.hook_event_name === 'PreToolUse';
  const toolName = vscode ? p.tool_name : p.toolName;
  if (!toolName) return `hook input lacks \`${vscode ? 'tool_name' : 'toolName'}\``;
  if (!p.cwd?.startsWith('/')) return 'hook input lacks an absolute `cwd`';
  const args = jsonToolInput(
    vscode ? p.tool_input : p.toolArgs,
    'hook input: the tool arguments are a string that is not JSON',
  );
  if (typeof args === 'string') return args;
  const toolInput = args.value;
  const sessionId = vscode ? p.session_id : p.sessionId;
  return {
    event: vscode ? 'PreToolUse' : 'preToolUse',
    toolName,
    toolInput,
    cwd: p.cwd,
    ...(sessionId ? { sessionId } : {}),
  };
}
