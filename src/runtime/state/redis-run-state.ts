/**
 * The model reviewer's reply cache and run caps in Redis (`[serve] redis_url`), so that the replicas of
 * `gavel serve` serving one policy share them: a reply one replica stored is a hit in the others, and a cap
 * spent through one is spent in all.
 * Cache: `gavel:reply:<request digest>` holds the entry the file cache would hold, sealed with the replica's
 * reply-cache secret (`<cache dir>/secret.key`): replicas share hits when they share that secret; an entry
 * sealed under another secret, damaged or expired is a miss, never an answer.
 * Caps: one hash per policy and UTC day, `gavel:run:<policy sha256>:<yyyy-mm-dd>` (calls, tokens, cost in
 * micro-USD), kept two days; a call's worst case is reserved by one Lua script that checks every cap first
 * (atomic across replicas), then replaced with what the call used.
 * Fail closed: with Redis down or slow (no offline queue, one try, a command timeout) a cap admission rejects
 * and the call is not sent (the reviewer escalates); a cache read is a miss and a write is skipped.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Redis as RedisClient } from 'ioredis';
import type { Clock } from '../../core';
import {
  type CacheOpener,
  type CallCost,
  KEY_SHAPE,
  loadCacheSecret,
  type ModelUsage,
  type RunCaps,
  type RunShared,
  type SharedCaps,
  sealReply,
  unsealReply,
} from '../../model';
import { openRedisClient, type RedisStoreOptions, whenReady } from './redis-breaker-store';

const RUN_TTL_SECONDS = 2 * 24 * 3600;
const MICRO = 1_000_000;

// Checks every cap against what is committed (spent plus reserved), then reserves the worst case. A field that
// is not a number makes tonumber() nil and the script fail: the call is then refused, never admitted.
const ADMIT = `
local calls = tonumber(redis.call('HGET', KEYS[1], 'calls') or '0')
local tokens = tonumber(redis.call('HGET', KEYS[1], 'tokens') or '0')
local cost = tonumber(redis.call('HGET', KEYS[1], 'cost') or '0')
if calls + 1 > tonumber(ARGV[3]) then return 'calls' end
if tokens + tonumber(ARGV[1]) > tonumber(ARGV[4]) then return 'tokens' end
if cost + tonumber(ARGV[2]) > tonumber(ARGV[5]) then return 'cost' end
redis.call('HINCRBY', KEYS[1], 'calls', 1)
redis.call('HINCRBY', KEYS[1], 'tokens', ARGV[1])
redis.call('HINCRBY', KEYS[1], 'cost', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[6])
return 'ok'
`;

/** A cap as a whole number Redis can count in (an unbounded cap as the largest safe integer). */
const bound = (n: number): number => (Number.isFinite(n) ? Math.floor(n) : Number.MAX_SAFE_INTEGER);
const micro = (usd: number): number => Math.ceil(Math.max(0, usd) * MICRO);

function refusal(which: string, caps: RunCaps): string {
  const what =
    which === 'calls'
      ? `${caps.maxCalls} calls`
      : which === 'tokens'
        ? `${caps.maxTokens} tokens`
        : `$${caps.maxCostUsd}`;
  return `the cap of ${what} per run is reached (shared by the service's replicas, per policy and day)`;
}

function sharedCaps(client: RedisClient, key: () => string, waitMs: number): SharedCaps {
  return {
    async admit(worst: CallCost, caps: RunCaps) {
      await whenReady(client, waitMs);
      const k = key();
      const answer = await client.eval(
        ADMIT,
        1,
        k,
        String(Math.ceil(worst.tokens)),
        String(micro(worst.costUsd)),
        String(bound(caps.maxCalls)),
        String(bound(caps.maxTokens)),
        String(bound(caps.maxCostUsd * MICRO)),
        String(RUN_TTL_SECONDS),
      );
      if (answer === 'ok') return { ok: true as const, ticket: k };
      return { ok: false as const, detail: refusal(String(answer), caps) };
    },
    async settle(ticket: string, worst: CallCost, usage: ModelUsage) {
      await whenReady(client, waitMs);
      const usedTokens = usage.inputTokens + usage.outputTokens;
      await client
        .multi()
        .hincrby(ticket, 'tokens', usedTokens - Math.ceil(worst.tokens))
        .hincrby(ticket, 'cost', micro(usage.costUsd) - micro(worst.costUsd))
        .expire(ticket, RUN_TTL_SECONDS)
        .exec();
    },
  };
}

function redisCache(client: RedisClient, waitMs: number): CacheOpener {
  return ({ dir, clock, mode, ttlMs }) => {
    // As the file cache: read-only with no secret yet holds nothing this replica could verify.
    if (mode === 'off' || (mode === 'read-only' && !existsSync(join(dir, 'secret.key'))))
      return { ok: true, cache: { mode, get: () => undefined, put: () => undefined } };
    const secret = loadCacheSecret(dir);
    if (!secret.ok) return secret;
    const ttl = ttlMs ?? 30 * 24 * 3600 * 1000;
    return {
      ok: true,
      cache: {
        mode,
        async get(key) {
          if (!KEY_SHAPE.test(key)) return undefined;
          await whenReady(client, waitMs);
          const text = await client.get(`gavel:reply:${key}`);
          return text === null ? undefined : unsealReply(secret.secret, key, text, clock.now(), ttl);
        },
        async put(key, reply) {
          if (mode !== 'read-write' || !KEY_SHAPE.test(key)) return;
          await whenReady(client, waitMs);
          await client.set(
            `gavel:reply:${key}`,
            sealReply(secret.secret, key, reply, clock.now()),
            'PX',
            ttl,
          );
        },
      },
    };
  };
}

export interface RedisRunState {
  /** What the replicas serving the policy with this sha256 share. */
  sharedRun(policySha256: string): RunShared;
  close(): void;
}

export function openRedisRunState(options: RedisStoreOptions & { clock: Clock }): RedisRunState {
  const client = openRedisClient(options);
  const waitMs = options.commandTimeoutMs ?? 1_000;
  const openCache = redisCache(client, waitMs);
  return {
    sharedRun(policySha256) {
      const key = () => `gavel:run:${policySha256}:${options.clock.now().toISOString().slice(0, 10)}`;
      return { openCache, caps: sharedCaps(client, key, waitMs) };
    },
    close: () => {
      client.disconnect();
    },
  };
}
