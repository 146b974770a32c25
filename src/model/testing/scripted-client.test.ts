import { describe, expect, it } from 'vitest';
import { parseScript, scriptedClient } from './scripted-client';
import { testRequest } from './test-request.testkit';

const request = testRequest();

describe('parseScript', () => {
  it('reads text replies and failures in order', () => {
    const parsed = parseScript('["{\\"a\\":1}", {"fail":"timeout"}, {"fail":"refusal"}, {"fail":"error"}]');
    expect(parsed).toEqual({
      ok: true,
      replies: ['{"a":1}', { fail: 'timeout' }, { fail: 'refusal' }, { fail: 'error' }],
    });
  });

  it.each([
    ['not JSON', '[', /not JSON/],
    ['not an array', '{"fail":"timeout"}', /array/],
    ['an unknown failure', '[{"fail":"explode"}]', /reply 0/],
    ['an object reply', '["ok", {"risk":"low"}]', /reply 1/],
    ['a failure with extra keys', '[{"fail":"timeout","after":3}]', /reply 0/],
  ])('refuses %s', (_name, text, problem) => {
    const parsed = parseScript(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(problem);
  });
});

describe('scriptedClient', () => {
  it('returns replies in order, then fails closed when exhausted', async () => {
    const client = scriptedClient(
      ['one', { fail: 'timeout' }, { fail: 'refusal' }, { fail: 'error' }],
      'evals',
    );
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await client.complete(request));
    expect(results.map((r) => (r.ok ? r.text : r.failure))).toEqual([
      'one',
      'timeout',
      'refusal',
      'error',
      'error',
    ]);
    expect(results[0]).toMatchObject({ provider: 'scripted', model: 'evals', usage: { costUsd: 0 } });
    expect(client.used()).toBe(4);
  });
});
