/**
 * Reads what the pi extension sends `gavel hook pi`: `{toolName, input, cwd, sessionId?, userTurns?}` (pi's
 * `tool_call` event plus its context), with a zod schema. Pure; a non-string `sessionId` is dropped and
 * `userTurns` keeps only its strings. A payload it cannot read is a one-line problem.
 */

import * as z from 'zod/mini';
import type { HarnessCall } from '../adapter';
import { readJsonObject } from '../read-json-object';

// Built on first use: a schema built at import is paid by every hook call (ADR 0018).
let schema: ReturnType<typeof build> | undefined;
function build() {
  return z.object({
    toolName: z.string().check(z.minLength(1)),
    input: z.optional(z.unknown()),
    cwd: z.string().check(z.regex(/^\//)),
    sessionId: z.catch(z.optional(z.string()), undefined),
    userTurns: z.catch(z.optional(z.array(z.unknown())), undefined),
  });
}

export function readPiCall(stdin: string): HarnessCall | string {
  const json = readJsonObject(stdin);
  if (typeof json === 'string') return json;
  schema ??= build();
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.path[0];
    return key === 'cwd' ? 'hook input lacks an absolute `cwd`' : 'hook input lacks `toolName`';
  }
  const p = parsed.data;
  return {
    event: 'tool_call',
    toolName: p.toolName,
    toolInput: p.input,
    cwd: p.cwd,
    userTurns: (p.userTurns ?? []).filter((t): t is string => typeof t === 'string'),
    ...(p.sessionId !== undefined ? { sessionId: p.sessionId } : {}),
  };
}
