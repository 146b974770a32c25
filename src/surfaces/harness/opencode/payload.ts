/**
 * Reads what gavel's OpenCode plugin (./plugin-source.ts) sends `gavel hook opencode`: `{tool, sessionID?,
 * callID?, args, directory, userTurns?}`, OpenCode's `tool.execute.before` input and output plus the plugin's
 * `directory` (OpenCode passes no cwd with a tool call; its tools resolve relative paths against this folder).
 * Pure; a non-string `sessionID` is dropped and `userTurns` keeps only its strings. A payload it cannot read is
 * a one-line problem.
 */

import * as z from 'zod/mini';
import type { HarnessCall } from '../adapter';
import { readJsonObject } from '../read-json-object';

// Built on first use: a schema built at import is paid by every hook call (ADR 0018).
let schema: ReturnType<typeof build> | undefined;
function build() {
  return z.object({
    tool: z.string().check(z.minLength(1)),
    args: z.optional(z.unknown()),
    directory: z.string().check(z.regex(/^\//)),
    sessionID: z.catch(z.optional(z.string()), undefined),
    userTurns: z.catch(z.optional(z.array(z.unknown())), undefined),
  });
}

export function readOpenCodeCall(stdin: string): HarnessCall | string {
  const json = readJsonObject(stdin);
  if (typeof json === 'string') return json;
  schema ??= build();
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.path[0];
    return key === 'directory' ? 'hook input lacks an absolute `directory`' : 'hook input lacks `tool`';
  }
  const p = parsed.data;
  return {
    event: 'tool.execute.before',
    toolName: p.tool,
    toolInput: p.args,
    cwd: p.directory,
    userTurns: (p.userTurns ?? []).filter((t): t is string => typeof t === 'string'),
    ...(p.sessionID ? { sessionId: p.sessionID } : {}),
  };
}
