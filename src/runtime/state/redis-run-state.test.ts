/**
 * The reply cache and run caps in a real `redis-server` on a free loopback port, seen through two states as two
 * replicas would hold them. Skipped, saying so, only where the redis-server binary is absent (CI installs it).
 */

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../core';
import type { CachedReply, RunCaps } from '../../model';
import { openRedisClient, whenReady } from './redis-breaker-store';
import { openRedisRunState, type RedisRunState } from './redis-run-state';
import { freePort, HAVE_REDIS, requireRedis, startRedis } from './redis-server.testkit';

requireRedis('redis-run-state.test');

const KEY = 'a'.repeat(64);
const REPLY: CachedReply = {
  text: '{"outcome":"approve"}',
  stop: 'end',
  usage: { inputTokens: 10, outputTokens: 5, costUsd: 0.001 },
  provider: 'anthropic',
  model: 'claude-x',
};
const CAPS: RunCaps = { maxCalls: 2, maxTokens: 1_000, maxCostUsd: 1, maxCallTokens: 500 };
const POLICY = 'b'.repeat(64);

let dir: string;
let redis: ChildProcess;
let url: string;
const states: RedisRunState[] = [];

const open = () => {
  const s = openRedisRunState({ url, clock: systemClock });
  states.push(s);
  return s;
};

beforeAll(async () => {
  if (!HAVE_REDIS) return;
  dir = mkdtempSync(join(tmpdir(), 'gavel-run-state-'));
  const port = await freePort();
  url = `redis://127.0.0.1:${port}`;
  redis = await startRedis(port);
}, 30_000);

afterAll(() => {
  for (const s of states) s.close();
  if (redis && redis.exitCode === null) redis.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!HAVE_REDIS)('reply cache and run caps in redis', () => {
  it('a reply stored through one replica is a hit in another sharing the secret, a miss under another', async () => {
    const opts = { dir: join(dir, 'cache'), clock: systemClock, mode: 'read-write' as const };
    const a = open().sharedRun(POLICY).openCache?.(opts);
    const b = open().sharedRun(POLICY).openCache?.(opts);
    const stranger = open()
      .sharedRun(POLICY)
      .openCache?.({ ...opts, dir: join(dir, 'other-cache') });
    if (!a?.ok || !b?.ok || !stranger?.ok) throw new Error('cache not opened');
    await a.cache.put(KEY, REPLY);
    expect(await b.cache.get(KEY)).toEqual(REPLY);
    expect(await stranger.cache.get(KEY)).toBeUndefined();
  });

  it('an entry changed in redis is a miss, never an answer', async () => {
    const opts = { dir: join(dir, 'cache'), clock: systemClock, mode: 'read-write' as const };
    const a = open().sharedRun(POLICY).openCache?.(opts);
    if (!a?.ok) throw new Error('cache not opened');
    const key = 'c'.repeat(64);
    await a.cache.put(key, REPLY);
    const raw = openRedisClient({ url });
    await whenReady(raw, 5_000);
    const text = (await raw.get(`gavel:reply:${key}`)) ?? '';
    await raw.set(`gavel:reply:${key}`, text.replace('approve', 'reject'));
    raw.disconnect();
    expect(await a.cache.get(key)).toBeUndefined();
  });

  it('caps are counted across replicas: a call admitted by one is spent for the other', async () => {
    const run = 'd'.repeat(64);
    const one = open().sharedRun(run).caps;
    const two = open().sharedRun(run).caps;
    if (!one || !two) throw new Error('no shared caps');
    const worst = { tokens: 100, costUsd: 0.01 };
    const first = await one.admit(worst, CAPS);
    expect(first.ok).toBe(true);
    if (first.ok)
      await one.settle(first.ticket, worst, { inputTokens: 20, outputTokens: 10, costUsd: 0.002 });
    expect((await two.admit(worst, CAPS)).ok).toBe(true);
    const third = await one.admit(worst, CAPS);
    expect(third).toEqual({ ok: false, detail: expect.stringContaining('2 calls per run') });
    // The tokens cap sees the settled use, not the first call's worst case.
    const tokens = open().sharedRun('e'.repeat(64)).caps;
    const big = { tokens: 600, costUsd: 0 };
    const t1 = await tokens?.admit(big, CAPS);
    expect(t1?.ok).toBe(true);
    expect((await tokens?.admit(big, CAPS))?.ok).toBe(false);
    if (t1?.ok) await tokens?.settle(t1.ticket, big, { inputTokens: 100, outputTokens: 0, costUsd: 0 });
    expect((await tokens?.admit(big, CAPS))?.ok).toBe(true);
  });

  it('with redis down a cap admission rejects (the call is not sent) and a cache read fails', async () => {
    const state = open();
    const shared = state.sharedRun('f'.repeat(64));
    const cache = shared.openCache?.({ dir: join(dir, 'cache'), clock: systemClock, mode: 'read-write' });
    if (!cache?.ok) throw new Error('cache not opened');
    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));
    await expect(shared.caps?.admit({ tokens: 1, costUsd: 0 }, CAPS)).rejects.toThrow();
    await expect(Promise.resolve().then(() => cache.cache.get(KEY))).rejects.toThrow();
  });
});
