/**
 * The `detail` of an audit record: capability-specific facts as typed values only.
 * Pure. A value is a finite number, a boolean, null, or a short enum-like string; nothing nested,
 * no free text. A string that is long, has spaces or controls, or is shaped like a secret is refused.
 */

import { redactSecrets } from './redact';

export type AuditDetailValue = number | boolean | string | null;
export type AuditDetail = Readonly<Record<string, AuditDetailValue>>;

export const DETAIL_LIMITS = { keys: 10, key: 24, string: 64 } as const;

const KEY = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Printable ASCII without spaces, quotes or backslashes: identifiers, enum values, numbers as text. */
const ENUM_STRING = /^[\x21\x23-\x5b\x5d-\x7e]*$/;

export type DetailCheck = { ok: true; detail: AuditDetail } | { ok: false; key: string; problem: string };

function checkValue(value: unknown): string | undefined {
  if (value === null || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'must be a finite number';
  if (typeof value === 'string') {
    if (value.length > DETAIL_LIMITS.string) return `is a string over ${DETAIL_LIMITS.string} characters`;
    if (!ENUM_STRING.test(value))
      return 'is a string with spaces, quotes, backslashes or characters outside printable ascii';
    if (redactSecrets(value) !== value) return 'is a string shaped like a secret';
    return undefined;
  }
  return 'must be a number, a boolean, null or a short string';
}

/**
 * Checks a detail object and returns a copy with its keys sorted. The problem names the key, never
 * the value (which may be exactly what must not be written).
 */
export function checkDetail(detail: unknown): DetailCheck {
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) {
    return { ok: false, key: '', problem: 'must be an object of typed values' };
  }
  if (Object.getPrototypeOf(detail) !== Object.prototype && Object.getPrototypeOf(detail) !== null) {
    return { ok: false, key: '', problem: 'must be a plain object' };
  }
  const record = detail as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  if (keys.length > DETAIL_LIMITS.keys)
    return { ok: false, key: '', problem: `has over ${DETAIL_LIMITS.keys} keys` };
  const out: Record<string, AuditDetailValue> = {};
  for (const key of keys) {
    if (key.length > DETAIL_LIMITS.key || !KEY.test(key)) {
      // The key itself may be the untrusted part: name it by position only.
      return {
        ok: false,
        key: `#${keys.indexOf(key) + 1}`,
        problem: 'is not an identifier of up to 24 characters',
      };
    }
    const problem = checkValue(record[key]);
    if (problem !== undefined) return { ok: false, key, problem };
    out[key] = record[key] as AuditDetailValue;
  }
  return { ok: true, detail: out };
}
