import { afterEach, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../providers/fake-servers.testkit';
import { postJson } from './post-json';
import { DEFAULT_RETRY } from './retry-policy';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const post = (url: string, extra: Partial<Parameters<typeof postJson>[0]> = {}) =>
  postJson({
    build: () => ({ url, headers: { 'content-type': 'application/json' }, body: '{}' }),
    timeoutMs: 2_000,
    retry: DEFAULT_RETRY,
    maxResponseBytes: 10_000,
    provider: 'test',
    random: () => 0,
    ...extra,
  });

describe('postJson', () => {
  it('waits what retry-after asks before retrying', async () => {
    server = await startFakeServer([
      { status: 429, headers: { 'retry-after-ms': '150' } },
      { body: { ok: 1 } },
    ]);
    const waits: number[] = [];
    const result = await post(server.url, { sleep: async (ms) => void waits.push(ms) });
    expect(result).toMatchObject({ ok: true, json: { ok: 1 }, attempts: 2 });
    expect(waits).toEqual([150]);
  });

  it('does not wait past the deadline for a long retry-after', async () => {
    server = await startFakeServer([{ status: 429, headers: { 'retry-after': '60' } }, { body: { ok: 1 } }]);
    const result = await post(server.url, { sleep: async () => undefined });
    expect(result).toMatchObject({ ok: false, failure: 'error', attempts: 1 });
    if (!result.ok) expect(result.detail).toContain('no time left to retry');
    expect(server.received).toHaveLength(1);
  });

  it('retries a refused connection and reports it without guessing', async () => {
    const closed = await startFakeServer([]);
    await closed.close();
    const result = await post(closed.url, { sleep: async () => undefined });
    expect(result).toMatchObject({ ok: false, failure: 'error', attempts: 3 });
    if (!result.ok) expect(result.detail).toMatch(/could not be reached \(ECONNREFUSED\).*after 3 attempts/);
  });

  it('a cancelled call is an error, not a timeout', async () => {
    server = await startFakeServer([{ hang: true }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await post(server.url, { signal: controller.signal });
    expect(result).toMatchObject({ ok: false, failure: 'error' });
    if (!result.ok) expect(result.detail).toContain('cancelled');
  });

  it('refuses a redirect instead of following it', async () => {
    server = await startFakeServer([{ status: 307, headers: { location: 'http://127.0.0.1:1/elsewhere' } }]);
    const result = await post(server.url);
    expect(result).toMatchObject({ ok: false, failure: 'error' });
  });
});
