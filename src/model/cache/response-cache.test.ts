import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core';
import { testRequest } from '../testing/test-request.testkit';
import { requestKey } from './cache-key';
import { SECRET_FILE } from './cache-secret';
import { type CachedReply, openResponseCache } from './response-cache';

const request = testRequest({
  system: 'sys',
  user: 'PLAINTEXT-MARKER user text',
  maxOutputTokens: 100,
  timeoutMs: 1000,
});
const reply: CachedReply = {
  text: '{"ok":true}',
  stop: 'end',
  usage: { inputTokens: 10, outputTokens: 5, costUsd: 0.001 },
  provider: 'anthropic',
  model: 'claude-haiku-4-5',
};
const KEY = requestKey(request, 'anthropic', 'claude-haiku-4-5');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gavel-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function entryPath(): string {
  return join(dir, 'replies', KEY.slice(0, 2), `${KEY}.json`);
}

function open(
  clock = fixedClock('2026-11-01T00:00:00Z'),
  mode: 'read-write' | 'read-only' | 'off' = 'read-write',
) {
  const opened = openResponseCache({ dir, clock, mode });
  if (!opened.ok) throw new Error(opened.problem);
  return opened.cache;
}

describe('response cache', () => {
  it('returns what it stored, and creates the secret 0600', () => {
    const cache = open();
    cache.put(KEY, reply);
    expect(cache.get(KEY)).toEqual(reply);
    expect(statSync(join(dir, SECRET_FILE)).mode & 0o777).toBe(0o600);
  });

  it('keys depend on every part of the request', () => {
    const keys = new Set([
      KEY,
      requestKey({ ...request, promptId: 'p@2' }, 'anthropic', 'claude-haiku-4-5'),
      requestKey({ ...request, user: 'other' }, 'anthropic', 'claude-haiku-4-5'),
      requestKey({ ...request, schemaName: 'other' }, 'anthropic', 'claude-haiku-4-5'),
      requestKey(request, 'anthropic', 'claude-sonnet-4-5'),
      requestKey({ ...request, temperature: 0 }, 'anthropic', 'claude-haiku-4-5'),
    ]);
    expect(keys.size).toBe(6);
  });

  it('never writes the request plaintext to disk', () => {
    open().put(KEY, reply);
    const files = readdirSync(dir, { recursive: true }).map(String);
    for (const file of files) {
      const path = join(dir, file);
      if (statSync(path).isFile()) expect(readFileSync(path, 'utf8')).not.toContain('PLAINTEXT-MARKER');
    }
  });

  it.each([
    ['a changed reply text', (e: Record<string, unknown>) => ({ ...e, text: '{"ok":false}' })],
    [
      'a changed usage',
      (e: Record<string, unknown>) => ({ ...e, usage: { inputTokens: 1, outputTokens: 1, costUsd: 0 } }),
    ],
    ['a rewritten date', (e: Record<string, unknown>) => ({ ...e, createdAt: '2026-11-20T00:00:00.000Z' })],
    ['a forged mac', (e: Record<string, unknown>) => ({ ...e, mac: '00'.repeat(32) })],
    ['garbage', () => 'not json'],
  ])('treats %s as a miss', (_name, tamper) => {
    const cache = open();
    cache.put(KEY, reply);
    const entry = JSON.parse(readFileSync(entryPath(), 'utf8'));
    const changed = tamper(entry);
    writeFileSync(entryPath(), typeof changed === 'string' ? changed : JSON.stringify(changed));
    expect(cache.get(KEY)).toBeUndefined();
  });

  it('treats an entry moved under another key as a miss', () => {
    const cache = open();
    cache.put(KEY, reply);
    const other = requestKey({ ...request, user: 'x' }, 'anthropic', 'claude-haiku-4-5');
    cache.put(other, { ...reply, text: '{"other":1}' });
    const otherPath = join(dir, 'replies', other.slice(0, 2), `${other}.json`);
    writeFileSync(otherPath, readFileSync(entryPath()));
    expect(cache.get(other)).toBeUndefined();
  });

  it('expires entries after 30 days', () => {
    const clock = fixedClock('2026-11-01T00:00:00Z');
    const cache = open(clock);
    cache.put(KEY, reply);
    clock.advance(29 * 24 * 3600 * 1000);
    expect(cache.get(KEY)).toEqual(reply);
    clock.advance(2 * 24 * 3600 * 1000);
    expect(cache.get(KEY)).toBeUndefined();
  });

  it('an entry made under another secret is a miss', () => {
    open().put(KEY, reply);
    rmSync(join(dir, SECRET_FILE));
    expect(open().get(KEY)).toBeUndefined();
  });

  it('read-only serves hits and stores nothing', () => {
    open().put(KEY, reply);
    const readonly = open(undefined, 'read-only');
    expect(readonly.get(KEY)).toEqual(reply);
    const other = requestKey({ ...request, user: 'y' }, 'anthropic', 'claude-haiku-4-5');
    readonly.put(other, reply);
    expect(open().get(other)).toBeUndefined();
  });

  it('read-only on a cache that was never written creates nothing, not even the secret', () => {
    const fresh = join(dir, 'never-written');
    const opened = openResponseCache({
      dir: fresh,
      clock: fixedClock('2026-11-01T00:00:00Z'),
      mode: 'read-only',
    });
    if (!opened.ok) throw new Error(opened.problem);
    expect(opened.cache.get(KEY)).toBeUndefined();
    opened.cache.put(KEY, reply);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('off never reads', () => {
    open().put(KEY, reply);
    expect(open(undefined, 'off').get(KEY)).toBeUndefined();
  });

  it('refuses a secret others can read', () => {
    open();
    chmodSync(join(dir, SECRET_FILE), 0o644);
    const opened = openResponseCache({ dir, clock: fixedClock('2026-11-01T00:00:00Z'), mode: 'read-write' });
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.problem).toContain('readable by others');
  });
});
