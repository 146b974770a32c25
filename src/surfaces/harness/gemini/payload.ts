/**
 * Reads Gemini CLI's BeforeTool hook input with a zod schema: `hook_event_name` (BeforeTool), a non-empty
 * `tool_name`, `tool_input`, an absolute `cwd` (else `GEMINI_CWD`, then `GEMINI_PROJECT_DIR`), the optional
 * `session_id` and `transcript_path`, and, for an MCP tool, `mcp_context` (`server_name`, `tool_name`): such a
 * call is named `mcp__<server>__<tool>` as gavel's rules name MCP tools everywhere, because Gemini's own
 * `mcp_<server>_<tool>` cannot be split when a name holds `_`. Pure; other fields are ignored. A payload it
 * cannot read is a one-line problem.
 */

import * as z from 'zod/mini';
import type { HarnessCall } from '../adapter';
import { lazySchema, optionalText, readPayload } from '../read-json-object';

const schema = lazySchema(() => {
  const text = optionalText();
  return z.object({
    hook_event_name: z.literal('BeforeTool'),
    tool_name: z.string().check(z.minLength(1)),
    tool_input: z.optional(z.unknown()),
    cwd: text,
    session_id: text,
    transcript_path: text,
    mcp_context: z.catch(
      z.optional(
        z.object({
          server_name: z.string().check(z.minLength(1)),
          tool_name: z.string().check(z.minLength(1)),
        }),
      ),
      undefined,
    ),
  });
});

export function readGeminiCall(
  stdin: string,
  env: Readonly<Record<string, string | undefined>>,
): HarnessCall | string {
  const p = readPayload(stdin, schema, (key) =>
    key === 'hook_event_name'
      ? 'unsupported hook event (gavel answers BeforeTool)'
      : `hook input lacks \`${String(key ?? 'tool_name')}\``,
  );
  if (typeof p === 'string') return p;
  const cwd = [p.cwd, env.GEMINI_CWD, env.GEMINI_PROJECT_DIR].find((d) => d?.startsWith('/'));
  if (!cwd) return 'hook input lacks an absolute `cwd`';
  const mcp = p.mcp_context;
  return {
    event: p.hook_event_name,
    toolName: mcp ? `mcp__${mcp.server_name}__${mcp.tool_name}` : p.tool_name,
    toolInput: p.tool_input,
    cwd,
    ...(p.session_id ? { sessionId: p.session_id } : {}),
    ...(p.transcript_path ? { transcriptPath: p.transcript_path } : {}),
  };
}
