/**
 * The first steps of every harness's payload reader: stdin parsed as one JSON object and checked against the
 * harness's zod schema (built on first use: a schema built at import is paid by every hook call, ADR 0018), or
 * the one-line problem that blocks the call; and a tool input some harnesses send as JSON text. Never echoes
 * the input (it may hold secrets or untrusted text).
 */

import * as z from 'zod/mini';
import { isRecord } from '../../core';

export function readJsonObject(stdin: string): Record<string, unknown> | string {
  let json: unknown;
  try {
    json = JSON.parse(stdin);
  } catch {
    return 'hook input is not valid JSON';
  }
  return isRecord(json) ? json : 'hook input must be a JSON object';
}

/** A schema built once, on first use. */
export function lazySchema<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

/** An optional string field; any other value reads as absent (harnesses add and change fields). */
export const optionalText = () => z.catch(z.optional(z.string()), undefined);

/**
 * stdin as the schema's value, or a problem: the input's own when it is no JSON object, else `problem` of the
 * first field that failed (the parsed object is passed for messages that name an allowed value).
 */
export function readPayload<S extends z.ZodMiniType>(
  stdin: string,
  schema: () => S,
  problem: (key: PropertyKey | undefined, json: Record<string, unknown>) => string,
): z.infer<S> | string {
  const json = readJsonObject(stdin);
  if (typeof json === 'string') return json;
  const parsed = schema().safeParse(json);
  return parsed.success ? parsed.data : problem(parsed.error.issues[0]?.path[0], json);
}

/** A tool input some harnesses send as JSON text, parsed; other values as they are. */
export function jsonToolInput(value: unknown, problem: string): { value: unknown } | string {
  if (typeof value !== 'string') return { value };
  try {
    return { value: JSON.parse(value) };
  } catch {
    return problem;
  }
}
