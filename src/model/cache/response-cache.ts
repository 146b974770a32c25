/**
 * The reply cache: validated replies only, one file per request digest under `<cacheDir>/replies/`,
 * each authenticated with an HMAC under the per-user secret and expiring after 30 days (clock passed
 * in). A tampered, foreign, expired or unreadable entry is a miss, never an error. Modes: `read-write`,
 * `read-only` (serves hits, stores nothing) and `off`. sealReply/unsealReply are the entry format, shared with
 * another store of the same entries (the decision service's Redis, whose get and put are asynchronous).
 */

import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Clock, canonicalJson } from '../../core';
import type { ModelUsage, StopReason } from '../client';
import { loadCacheSecret, SECRET_FILE } from './cache-secret';

export const CACHE_MODES = ['read-write', 'read-only', 'off'] as const;
export type CacheMode = (typeof CACHE_MODES)[number];

export const CACHE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface CachedReply {
  text: string;
  stop: StopReason;
  usage: ModelUsage;
  provider: string;
  model: string;
}

export interface ResponseCache {
  readonly mode: CacheMode;
  get(key: string): CachedReply | undefined | Promise<CachedReply | undefined>;
  put(key: string, reply: CachedReply): void | Promise<void>;
}

export type CacheOpen = { ok: true; cache: ResponseCache } | { ok: false; problem: string };

/** Opens a reply cache; openResponseCache is the file one. */
export type CacheOpener = (options: {
  dir: string;
  clock: Clock;
  mode: CacheMode;
  ttlMs?: number;
}) => CacheOpen;

interface Entry extends CachedReply {
  v: 1;
  createdAt: string;
  mac: string;
}

export const NO_CACHE: ResponseCache = { mode: 'off', get: () => undefined, put: () => undefined };

function macOf(secret: Buffer, key: string, createdAt: string, reply: CachedReply): Buffer {
  return createHmac('sha256', secret)
    .update(
      canonicalJson({
        key,
        createdAt,
        text: reply.text,
        stop: reply.stop,
        usage: reply.usage,
        provider: reply.provider,
        model: reply.model,
      }),
    )
    .digest();
}

/** The stored text of an entry: the reply, when it was made, and its MAC under the secret. */
export function sealReply(secret: Buffer, key: string, reply: CachedReply, now: Date): string {
  const createdAt = now.toISOString();
  const entry: Entry = {
    v: 1,
    createdAt,
    ...reply,
    mac: macOf(secret, key, createdAt, reply).toString('hex'),
  };
  return JSON.stringify(entry);
}

/** The reply an entry's text holds, or undefined when it is damaged, forged, foreign to `key` or expired. */
export function unsealReply(
  secret: Buffer,
  key: string,
  text: string,
  now: Date,
  ttlMs: number = CACHE_TTL_MS,
): CachedReply | undefined {
  let entry: Entry;
  try {
    entry = JSON.parse(text) as Entry;
  } catch {
    return undefined;
  }
  if (entry?.v !== 1 || typeof entry.createdAt !== 'string' || typeof entry.mac !== 'string')
    return undefined;
  const reply: CachedReply = {
    text: entry.text,
    stop: entry.stop,
    usage: entry.usage,
    provider: entry.provider,
    model: entry.model,
  };
  let expected: Buffer;
  try {
    expected = macOf(secret, key, entry.createdAt, reply);
  } catch {
    return undefined;
  }
  const given = Buffer.from(entry.mac, 'hex');
  // INVARIANT: an entry whose MAC does not verify is a miss, whatever it says.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const age = now.getTime() - Date.parse(entry.createdAt);
  if (!Number.isFinite(age) || age > ttlMs || age < -5 * 60 * 1000) return undefined;
  return reply;
}

export const KEY_SHAPE = /^[0-9a-f]{64}$/;

export function openResponseCache(options: {
  dir: string;
  clock: Clock;
  mode: CacheMode;
  ttlMs?: number;
}): CacheOpen {
  if (options.mode === 'off') return { ok: true, cache: NO_CACHE };
  // INVARIANT: read-only never writes, not even the secret: with no secret yet, no entry can exist.
  if (options.mode === 'read-only' && !existsSync(join(options.dir, SECRET_FILE))) {
    return { ok: true, cache: { mode: 'read-only', get: () => undefined, put: () => undefined } };
  }
  const secret = loadCacheSecret(options.dir);
  if (!secret.ok) return secret;
  const ttl = options.ttlMs ?? CACHE_TTL_MS;
  const pathOf = (key: string) => join(options.dir, 'replies', key.slice(0, 2), `${key}.json`);
  return {
    ok: true,
    cache: {
      mode: options.mode,
      get(key) {
        if (!KEY_SHAPE.test(key)) return undefined;
        let text: string;
        try {
          text = readFileSync(pathOf(key), 'utf8');
        } catch {
          return undefined;
        }
        return unsealReply(secret.secret, key, text, options.clock.now(), ttl);
      },
      put(key, reply) {
        if (options.mode !== 'read-write' || !KEY_SHAPE.test(key)) return;
        const path = pathOf(key);
        try {
          mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
          const tmp = `${path}.${process.pid}.tmp`;
          writeFileSync(tmp, sealReply(secret.secret, key, reply, options.clock.now()), { mode: 0o600 });
          renameSync(tmp, path);
        } catch {
          // A cache that cannot be written is only slower; the reply is still used.
        }
      },
    },
  };
}
