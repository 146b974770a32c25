/**
 * Turns a model's reply text into a value of the caller's zod schema, strictly. Pure.
 * Accepted: one JSON document, optionally inside a single ```json fence (local models often add one).
 * Nothing else is repaired: prose around the JSON, a truncated document or a wrong field is invalid.
 */

import * as z from 'zod/mini';

export type ReplySchema<T> = z.core.$ZodType<T>;

export type ParsedReply<T> = { ok: true; value: T } | { ok: false; problem: string };

export function parseReply<T>(text: string, schema: ReplySchema<T>): ParsedReply<T> {
  let body = text.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/.exec(body);
  if (fenced) body = (fenced[1] ?? '').trim();
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, problem: 'reply is not one JSON document' };
  }
  const result = z.safeParse(schema, json);
  if (!result.success) {
    const issue = result.error.issues[0];
    // The path names our own schema's fields; the model's values never enter the message.
    const where = issue && issue.path.length > 0 ? ` at \`${issue.path.map(String).join('.')}\`` : '';
    return { ok: false, problem: `reply does not match the schema${where} (${issue?.code ?? 'invalid'})` };
  }
  return { ok: true, value: result.data };
}
