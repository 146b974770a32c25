/**
 * Reads a Claude-Code-shaped hook payload (Claude Code's, and Codex's, which adds `turn_id` and, for a
 * sub-agent, `agent_id`) with a zod schema: `hook_event_name` (PreToolUse or PermissionRequest), a non-empty
 * `tool_name`, `tool_input`, an absolute `cwd` (else `CLAUDE_PROJECT_DIR`), and the optional `session_id`,
 * `transcript_path` and `agent_id`, which are dropped when they are not strings. Pure; other fields are
 * ignored (the harnesses add fields between releases). A payload it cannot read is a one-line problem.
 */

import * as z from 'zod/mini';
import type { HarnessCall } from '../adapter';
import { readJsonObject } from '../read-json-object';

export const CLAUDE_EVENTS = ['PreToolUse', 'PermissionRequest'] as const;
export type HookEvent = (typeof CLAUDE_EVENTS)[number];

// Built on first use: a schema built at import is paid by every hook call (ADR 0018).
let schema: ReturnType<typeof build> | undefined;
function build() {
  const text = z.catch(z.optional(z.string()), undefined);
  return z.object({
    hook_event_name: z.enum(CLAUDE_EVENTS),
    tool_name: z.string().check(z.minLength(1)),
    tool_input: z.optional(z.unknown()),
    cwd: text,
    session_id: text,
    transcript_path: text,
    agent_id: text,
  });
}

export function readClaudeShapedCall(
  stdin: string,
  env: Readonly<Record<string, string | undefined>>,
): HarnessCall | string {
  const json = readJsonObject(stdin);
  if (typeof json === 'string') return json;
  schema ??= build();
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.path[0];
    if (key === 'hook_event_name')
      return `unsupported hook event \`${String((json as { hook_event_name?: unknown }).hook_event_name)}\` (PreToolUse or PermissionRequest)`;
    return `hook input lacks \`${String(key ?? 'tool_name')}\``;
  }
  const p = parsed.data;
  const cwd = p.cwd?.startsWith('/') ? p.cwd : env.CLAUDE_PROJECT_DIR;
  if (!cwd?.startsWith('/')) return 'hook input lacks an absolute `cwd`';
  return {
    event: p.hook_event_name,
    toolName: p.tool_name,
    toolInput: p.tool_input,
    cwd,
    ...(p.session_id !== undefined ? { sessionId: p.session_id } : {}),
    ...(p.transcript_path !== undefined ? { transcriptPath: p.transcript_path } : {}),
    ...(p.agent_id ? { subagent: true } : {}),
  };
}
