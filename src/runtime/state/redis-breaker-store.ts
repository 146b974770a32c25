/**
 * The reviewer's circuit breaker in Redis (`[serve] redis_url`), so that every replica of `gavel serve` behind a
 * load balancer counts one session's denials and outages together: a breaker opened through one is open in all.
 * One hash per session under `gavel:breaker:<sha256 of the session>` (the id is never a key in clear), each
 * update one MULTI, kept 7 days after its last update. ioredis is loaded only when a store is opened.
 * Fail closed: with Redis down or slow (no offline queue, one try, a command timeout) a read or an update
 * rejects, and the reviewer then escalates (or denies, unattended) with basis `internal-error`; it never
 * reads an unreachable breaker as closed.
 */

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Redis as RedisClient, RedisOptions } from 'ioredis';
import type { BreakerCounts, BreakerEvent, BreakerStore } from '../../check';

/** Made on first use: at import it would load `node:module` in every hook call, which never opens Redis. */
let commonJsLoader: NodeJS.Require | undefined;
const loadCommonJs = (id: string): unknown => {
  commonJsLoader ??= createRequire(import.meta.url);
  return commonJsLoader(id);
};

const TTL_SECONDS = 7 * 24 * 3600;
const FIELDS = ['cd', 'td', 'co', 'to'] as const;

export interface RedisStoreOptions {
  /** `redis://` or `rediss://`. */
  url: string;
  /** Per command; past it the call rejects (then the reviewer fails closed). */
  commandTimeoutMs?: number;
}

const keyOf = (session: string) => `gavel:breaker:${createHash('sha256').update(session).digest('hex')}`;

function countsOf(values: (string | null)[]): BreakerCounts {
  const n = (i: number) => {
    const v = Number(values[i] ?? 0);
    // A value that is not a count is damage: read it as the breaker's limit reached, never as zero.
    return Number.isSafeInteger(v) && v >= 0 ? v : Number.MAX_SAFE_INTEGER;
  };
  return { consecutiveDenials: n(0), totalDenials: n(1), consecutiveOutages: n(2), totalOutages: n(3) };
}

/** A client that fails fast rather than queueing commands while Redis is away. */
export function openRedisClient(options: RedisStoreOptions): RedisClient {
  const { Redis } = loadCommonJs('ioredis') as typeof import('ioredis');
  const settings: RedisOptions = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 1_000,
    connectTimeout: 2_000,
    // Keep trying to come back in the background; each command in the meantime fails at once.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    lazyConnect: false,
  };
  const client = new Redis(options.url, settings);
  // An unreachable server is reported through the commands that fail, never as an unhandled error.
  client.on('error', () => {});
  return client;
}

/** Resolves once the client is connected, or rejects after `ms`: commands are never queued while it is away. */
export function whenReady(client: RedisClient, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(new Error('redis is not reachable'));
    }, ms);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', onReady);
  });
}

export function openRedisBreakerStore(options: RedisStoreOptions): BreakerStore {
  const client = openRedisClient(options);
  const waitMs = options.commandTimeoutMs ?? 1_000;
  const counts = async (session: string): Promise<BreakerCounts> => {
    await whenReady(client, waitMs);
    return countsOf(await client.hmget(keyOf(session), ...FIELDS));
  };
  return {
    counts,
    async record(session: string, event: BreakerEvent): Promise<BreakerCounts> {
      await whenReady(client, waitMs);
      const key = keyOf(session);
      const m = client.multi();
      switch (event) {
        case 'deny':
          m.hincrby(key, 'cd', 1).hincrby(key, 'td', 1).hset(key, 'co', 0);
          break;
        case 'allow':
          m.hset(key, 'cd', 0, 'co', 0);
          break;
        case 'outage':
          m.hincrby(key, 'co', 1).hincrby(key, 'to', 1);
          break;
        default: {
          const never: never = event;
          throw new Error(`unknown breaker event ${String(never)}`);
        }
      }
      m.expire(key, TTL_SECONDS).hmget(key, ...FIELDS);
      const results = await m.exec();
      if (!results) throw new Error('the breaker update was aborted');
      for (const [error] of results) if (error) throw error;
      const last = results[results.length - 1]?.[1] as (string | null)[];
      return countsOf(last);
    },
    close: () => {
      client.disconnect();
    },
  };
}
