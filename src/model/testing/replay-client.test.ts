import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cassettePath, recordingClient, replayClient } from './replay-client';
import { scriptedClient } from './scripted-client';
import { testRequest } from './test-request.testkit';

const request = testRequest({ user: 'SECRET-ISH user text' });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gavel-replay-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('record and replay', () => {
  it('records what the wrapped client answered and replays it without calling', async () => {
    const inner = scriptedClient(['{"a":1}', { fail: 'refusal' }]);
    const recorder = recordingClient(inner, dir);
    expect(await recorder.complete(request)).toMatchObject({ ok: true, text: '{"a":1}' });
    expect(await recorder.complete({ ...request, user: 'other' })).toMatchObject({
      ok: false,
      failure: 'refusal',
    });
    expect(readdirSync(dir)).toHaveLength(2);

    const replay = replayClient(dir);
    expect(await replay.complete(request)).toMatchObject({
      ok: true,
      text: '{"a":1}',
      provider: 'replay',
      usage: { costUsd: 0 },
    });
    expect(await replay.complete({ ...request, user: 'other' })).toMatchObject({
      ok: false,
      failure: 'refusal',
    });
    expect(inner.used()).toBe(2);
  });

  it('stores the digest and prompt id, never the request text', async () => {
    await recordingClient(scriptedClient(['{}']), dir).complete(request);
    expect(readFileSync(cassettePath(dir, request), 'utf8')).not.toContain('SECRET-ISH');
  });

  it.each([
    ['a request never recorded', () => undefined],
    ['a cassette that is not JSON', (path: string) => writeFileSync(path, '{')],
    [
      'a cassette filed under the wrong key',
      (path: string) =>
        writeFileSync(path, JSON.stringify({ v: 1, key: 'x', reply: { text: '{}', stop: 'end' } })),
    ],
    [
      'a cassette with an unknown stop',
      (path: string) =>
        writeFileSync(
          path,
          JSON.stringify({
            v: 1,
            key: path.split('/').pop()?.slice(0, 64),
            reply: { text: '{}', stop: 'weird' },
          }),
        ),
    ],
  ])('fails closed on %s', async (_name, write) => {
    write(cassettePath(dir, request));
    const result = await replayClient(dir).complete(request);
    expect(result).toMatchObject({ ok: false, failure: 'error' });
  });
});
