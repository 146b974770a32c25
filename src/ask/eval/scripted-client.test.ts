import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../model/client';
import { readScript, scriptedTestClient } from './scripted-client';

const request: ModelRequest = {
  promptId: 'p@1',
  system: 's',
  user: 'u',
  schema: {},
  schemaName: 'x',
  maxOutputTokens: 10,
  timeoutMs: 100,
};

describe('readScript', () => {
  it.each([
    ['text and failures', ['{}', { fail: 'timeout' }, { fail: 'refusal' }, { fail: 'error' }], true],
    ['an object that is not a failure', [{ text: 'x' }], false],
    ['an unknown failure', [{ fail: 'slow' }], false],
    ['a failure with extra fields', [{ fail: 'error', why: 'x' }], false],
    ['not a list', { replies: [] }, false],
  ])('reads %s', (_name, doc, ok) => {
    expect(readScript(doc).ok).toBe(ok);
  });
});

describe('scriptedTestClient', () => {
  it('replays replies in order, keeps requests, and fails past the end', async () => {
    const client = scriptedTestClient(['first', { fail: 'refusal' }], 'prov/mod');
    const a = await client.complete(request);
    const b = await client.complete(request);
    const c = await client.complete(request);
    expect([a.ok && a.text, !b.ok && b.failure, !c.ok && c.failure]).toEqual(['first', 'refusal', 'error']);
    expect([client.provider, client.model, client.requests.length]).toEqual(['prov', 'mod', 3]);
  });
});
