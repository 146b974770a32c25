/**
 * Reads Cursor's agent hook input with a zod schema, for the four events that can stop a tool call:
 * `preToolUse` (`tool_name`, `tool_input`, `cwd`), `beforeShellExecution` (`command`, `cwd`),
 * `beforeMCPExecution` (`tool_name`, `tool_input`) and `beforeReadFile` (`file_path`; its `content` is never
 * read). Each becomes one call: the shell one as tool `Shell` with `{command}`, the read as `Read` with
 * `{file_path}`, the MCP one as `MCP:<tool_name>` as preToolUse names MCP tools. Tool input sent as a JSON string
 * is parsed; a string that is not JSON is a problem. The working folder is `cwd`, else the first of
 * `workspace_roots`, else `CURSOR_PROJECT_DIR`: never the hook's own (a user hook runs in ~/.cursor). Pure;
 * other fields are ignored. A payload it cannot read is a one-line problem.
 */

import * as z from 'zod/mini';
import type { HarnessCall } from '../adapter';
import { jsonToolInput, lazySchema, optionalText, readPayload } from '../read-json-object';

export const CURSOR_EVENTS = [
  'preToolUse',
  'beforeShellExecution',
  'beforeMCPExecution',
  'beforeReadFile',
] as const;

const schema = lazySchema(() => {
  const text = optionalText();
  return z.object({
    hook_event_name: z.enum(CURSOR_EVENTS),
    conversation_id: text,
    cwd: text,
    workspace_roots: z.catch(z.optional(z.array(z.unknown())), undefined),
    tool_name: z.optional(z.string()),
    tool_input: z.optional(z.unknown()),
    command: z.optional(z.string()),
    file_path: z.optional(z.string()),
  });
});

type Parsed = z.infer<ReturnType<typeof schema>>;

/** The call's tool name and input, or the problem. */
function tool(p: Parsed): { toolName: string; toolInput: unknown } | string {
  switch (p.hook_event_name) {
    case 'beforeShellExecution':
      return p.command
        ? { toolName: 'Shell', toolInput: { command: p.command } }
        : 'hook input lacks `command`';
    case 'beforeReadFile':
      return p.file_path
        ? { toolName: 'Read', toolInput: { file_path: p.file_path } }
        : 'hook input lacks `file_path`';
    default: {
      if (!p.tool_name) return 'hook input lacks `tool_name`';
      const input = jsonToolInput(p.tool_input, 'hook input: `tool_input` is a string that is not JSON');
      if (typeof input === 'string') return input;
      const toolInput = input.value;
      const mcp = p.hook_event_name === 'beforeMCPExecution' && !p.tool_name.startsWith('MCP:');
      return { toolName: mcp ? `MCP:${p.tool_name}` : p.tool_name, toolInput };
    }
  }
}

export function readCursorCall(
  stdin: string,
  env: Readonly<Record<string, string | undefined>>,
): HarnessCall | string {
  const p = readPayload(stdin, schema, (key) =>
    key === 'hook_event_name'
      ? `unsupported hook event (gavel answers ${CURSOR_EVENTS.join(', ')})`
      : `hook input: \`${String(key)}\` is not readable`,
  );
  if (typeof p === 'string') return p;
  const t = tool(p);
  if (typeof t === 'string') return t;
  const cwd = [p.cwd, p.workspace_roots?.[0], env.CURSOR_PROJECT_DIR].find(
    (d): d is string => typeof d === 'string' && d.startsWith('/'),
  );
  if (!cwd) return 'hook input lacks an absolute `cwd` or workspace root';
  return {
    event: p.hook_event_name,
    ...t,
    cwd,
    ...(p.conversation_id ? { sessionId: p.conversation_id } : {}),
  };
}
