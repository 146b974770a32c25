/**
 * Reads a Claude-Code-shaped hook payload (Claude Code's, and Codex's, which adds `turn_id` and, for a
 * sub-agent, `agent_id`) with a zod schema: `hook_event_name` (PreToolUse or PermissionRequest), a non-empty
 * `tool_name`, `tool_input`, an absolute `cwd` (else `CLAUDE_PROJECT_DIR`), and the optional `session_id`,
 * `transcript_path`, `agent_id` and `permission_mode`, which are dropped when they are not strings. Pure; other fields are
 * ignored (the harnesses add fields between releases). A payload it cannot read is a one-line problem.
 */

import * as z from 'zod/mini';
import type { HarnessCall } from '../adapter';
import { lazySchema, optionalText, readPayload } from '../read-json-object';

export const CLAUDE_EVENTS = ['PreToolUse', 'PermissionRequest'] as const;
export type HookEvent = (typeof CLAUDE_EVENTS)[number];

const schema = lazySchema(() => {
  const text = optionalText();
  return z.object({
    hook_event_name: z.enum(CLAUDE_EVENTS),
    tool_name: z.string().check(z.minLength(1)),
    tool_input: z.optional(z.unknown()),
    cwd: text,
    session_id: text,
    transcript_path: text,
    agent_id: text,
    permission_mode: text,
  });
});

export function readClaudeShapedCall(
  stdin: string,
  env: Readonly<Record<string, string | undefined>>,
): HarnessCall | string {
  const p = readPayload(stdin, schema, (key, json) =>
    key === 'hook_event_name'
      ? `unsupported hook event \`${String(json.hook_event_name)}\` (PreToolUse or PermissionRequest)`
      : `hook input lacks \`${String(key ?? 'tool_name')}\``,
  );
  if (typeof p === 'string') return p;
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
    ...(p.permission_mode !== undefined ? { permissionMode: p.permission_mode } : {}),
  };
}
