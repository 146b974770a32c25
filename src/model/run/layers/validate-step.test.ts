import { describe, expect, it } from 'vitest';
import type { ModelClient, ModelResult, StopReason } from '../../client';
import { CALLER, callOf, VALID } from './layer-testkit.testkit';
import { validateStep } from './validate-step';

function client(text: string, stop: StopReason = 'end'): ModelClient {
  const result: ModelResult = {
    ok: true,
    text,
    stop,
    usage: { inputTokens: 1, outputTokens: 1, costUsd: 0 },
    ...CALLER,
    ms: 0,
    cached: false,
  };
  return { ...CALLER, complete: async () => result };
}

describe('validateStep', () => {
  it('returns a valid reply with its value and attempt', async () => {
    expect(await validateStep(client(VALID))(callOf({ attempt: 2 }))).toMatchObject({
      ok: true,
      value: { risk: 'low' },
      attempts: 2,
    });
  });

  it('uses a whole, valid reply whatever its stop reason', async () => {
    expect((await validateStep(client(VALID, 'max-tokens'))(callOf())).ok).toBe(true);
  });

  it.each([
    [
      'a content-policy stop with no usable answer is a refusal',
      'no',
      'content-filter',
      1,
      'refusal',
      'content policy without',
    ],
    ['the second such stop says twice', 'no', 'content-filter', 2, 'refusal', 'twice'],
    [
      'a reply cut at the output cap says so',
      '{"risk":',
      'max-tokens',
      1,
      'invalid-output',
      'cut off at the output cap',
    ],
    [
      'a reply outside the schema is invalid output',
      '{"risk":"odd","rationale":"x"}',
      'end',
      1,
      'invalid-output',
      '',
    ],
  ] as const)('%s', async (_name, text, stop, attempt, failure, detail) => {
    const result = await validateStep(client(text, stop))(callOf({ attempt }));
    expect(result).toMatchObject({ ok: false, failure, usage: { inputTokens: 1 } });
    if (!result.ok) expect(result.detail).toContain(detail);
  });

  it('passes a client failure through', async () => {
    const failing: ModelClient = {
      ...CALLER,
      complete: async () => ({
        ok: false,
        failure: 'timeout',
        detail: 'slow',
        usage: { inputTokens: 0, outputTokens: 0, costUsd: 0 },
        ...CALLER,
        ms: 0,
      }),
    };
    expect(await validateStep(failing)(callOf())).toMatchObject({ ok: false, failure: 'timeout' });
  });
});
