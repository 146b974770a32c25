/**
 * Reads what gavel's OpenCode plugin (./plugin-source.ts) sends `gavel hook opencode`: `{tool, sessionID?,
 * callID?, args, directory, userTurns?}`, OpenCode's `tool.execute.before` input and output plus the plugin's
 * `directory` (OpenCode passes no cwd with a tool call; its tools resolve relative paths against this folder).
 * Pure; a non-string `sessionID` is dropped and `userTurns` keeps only its strings. A payload it cannot read is
 * a one-line problem.
 */

import * as z from 'zod/mini';
import type { HarnessCall } from '../adapter';
import { lazySchema, readPayload } from '../read-json-object';

const schema = lazySchema(() => {
  return z.object({
    tool: z.string().check(z.minLength(1)),
    args: z.optional(z.unknown()),
    directory: z.string().check(z.regex(/^\//)),
    sessionID: z.catch(z.optional(z.string()), undefined),
    userTurns: z.catch(z.optional(z.array(z.unknown())), undefined),
  });
});

export function readOpenCodeCall(stdin: string): HarnessCall | string {
  const p = readPayload(stdin, schema, (key) =>
    key === 'directory' ? 'hook input lacks an absolute `directory`' : 'hook input lacks `tool`',
  );
  if (typeof p === 'string') return p;
  return {
    event: 'tool.execute.before',
    toolName: p.tool,
    toolInput: p.args,
    cwd: p.directory,
    userTurns: (p.userTurns ?? []).filter((t): t is string => typeof t === 'string'),
    ...(p.sessionID ? { sessionId: p.sessionID } : {}),
  };
}
