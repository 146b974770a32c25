/**
 * Reads what the pi extension sends `gavel hook pi`: `{toolName, input, cwd, sessionId?, userTurns?}` (pi's
 * `tool_call` event plus its context), with a zod schema. Pure; a non-string `sessionId` is dropped and
 * `userTurns` keeps only its strings. A payload it cannot read is a one-line problem.
 */

import * as z from 'zod/mini';
import type { HarnessCall } from '../adapter';
import { lazySchema, readPayload } from '../read-json-object';

const schema = lazySchema(() => {
  return z.object({
    toolName: z.string().check(z.minLength(1)),
    input: z.optional(z.unknown()),
    cwd: z.string().check(z.regex(/^\//)),
    sessionId: z.catch(z.optional(z.string()), undefined),
    userTurns: z.catch(z.optional(z.array(z.unknown())), undefined),
  });
});

export function readPiCall(stdin: string): HarnessCall | string {
  const p = readPayload(stdin, schema, (key) =>
    key === 'cwd' ? 'hook input lacks an absolute `cwd`' : 'hook input lacks `toolName`',
  );
  if (typeof p === 'string') return p;
  return {
    event: 'tool_call',
    toolName: p.toolName,
    toolInput: p.input,
    cwd: p.cwd,
    userTurns: (p.userTurns ?? []).filter((t): t is string => typeof t === 'string'),
    ...(p.sessionId !== undefined ? { sessionId: p.sessionId } : {}),
  };
}
