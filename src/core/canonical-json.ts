/**
 * Canonical JSON and content hashes, for hashing policies, rule files and cache keys.
 * Pure. Object keys sorted by code unit, no whitespace, `undefined` members dropped; values JSON
 * cannot hold exactly (NaN, Infinity, bigint, functions, symbols, cycles, and objects that are not plain
 * objects or arrays, such as Date or Map) are refused, never coerced.
 */

import { createHash } from 'node:crypto';
import { sha256BytesHex } from './sha256';

export class CanonicalJsonError extends Error {
  readonly code = 'canonical-json';
}

export function canonicalJson(value: unknown): string {
  return write(value, new Set());
}

function write(value: unknown, seen: Set<object>): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new CanonicalJsonError(`cannot hash the number \`${value}\``);
      return JSON.stringify(Object.is(value, -0) ? 0 : value);
    case 'object':
      break;
    default:
      throw new CanonicalJsonError(`cannot hash a value of type \`${typeof value}\``);
  }
  const obj = value as object;
  if (seen.has(obj)) throw new CanonicalJsonError('cannot hash a cyclic value');
  const proto: { constructor?: { name?: string } } | null = Object.getPrototypeOf(obj);
  if (!Array.isArray(obj) && proto !== Object.prototype && proto !== null) {
    // INVARIANT: a Date, Map, Set, typed array or class instance would write as `{}` and collide; refuse it.
    throw new CanonicalJsonError(
      `cannot hash an object of class \`${proto.constructor?.name || 'unknown'}\``,
    );
  }
  seen.add(obj);
  let out: string;
  if (Array.isArray(obj)) {
    // Array.from visits holes (as undefined); map() would skip them and write `[1,,3]`.
    out = `[${Array.from(obj, (item) => (item === undefined ? 'null' : write(item, seen))).join(',')}]`;
  } else {
    const record = obj as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    out = `{${keys.map((k) => `${JSON.stringify(k)}:${write(record[k], seen)}`).join(',')}}`;
  }
  seen.delete(obj);
  return out;
}

/** Up to this many bytes are hashed in JavaScript: a hook call then never loads node:crypto (./sha256.ts). */
const SMALL_BYTES = 16 * 1024;

export function sha256Hex(data: string | Uint8Array): string {
  if (data.length <= SMALL_BYTES) {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (bytes.length <= SMALL_BYTES) return sha256BytesHex(bytes);
  }
  return createHash('sha256').update(data).digest('hex');
}

/** sha256 of the canonical JSON of a value: the same content always hashes the same. */
export function contentHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
