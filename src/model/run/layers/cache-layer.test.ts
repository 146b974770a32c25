import { describe, expect, it } from 'vitest';
import type { CachedReply, ResponseCache } from '../../cache/response-cache';
import { cacheLayer } from './cache-layer';
import { CALLER, callOf, fail, innerStep, ok, VALID } from './layer-testkit.testkit';

function memoryCache(): ResponseCache & { stored: Map<string, CachedReply> } {
  const stored = new Map<string, CachedReply>();
  return { mode: 'read-write', stored, get: (k) => stored.get(k), put: (k, v) => void stored.set(k, v) };
}

describe('cacheLayer', () => {
  it('stores a validated reply and serves it next time without calling on', async () => {
    const cache = memoryCache();
    const c = cacheLayer(CALLER, cache);
    const inner = innerStep([ok()]);
    const step = c.layer(inner.step);
    expect(await step(callOf())).toMatchObject({ ok: true, cached: false });
    expect(await step(callOf())).toMatchObject({
      ok: true,
      cached: true,
      attempts: 0,
      usage: { inputTokens: 0 },
    });
    expect(inner.seen).toHaveLength(1);
    expect(c.hits()).toBe(1);
  });

  it('never stores a failure', async () => {
    const cache = memoryCache();
    await cacheLayer(CALLER, cache).layer(innerStep([fail('invalid-output')]).step)(callOf());
    expect(cache.stored.size).toBe(0);
  });

  it('calls on when a stored reply no longer validates', async () => {
    const cache = memoryCache();
    const c = cacheLayer(CALLER, cache);
    await c.layer(innerStep([ok()]).step)(callOf());
    const [key] = [...cache.stored.keys()];
    cache.stored.set(key ?? '', {
      ...(cache.stored.get(key ?? '') as CachedReply),
      text: VALID.replace('low', 'odd'),
    });
    const inner = innerStep([ok()]);
    expect(await c.layer(inner.step)(callOf())).toMatchObject({ ok: true, cached: false });
    expect(inner.seen).toHaveLength(1);
    expect(c.hits()).toBe(0);
  });
});
