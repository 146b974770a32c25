import { describe, expect, it } from 'vitest';
import { callOf, fail, innerStep, ok } from './layer-testkit.testkit';
import { retryLayer } from './retry-layer';

describe('retryLayer', () => {
  it('tries once more after a refusal, numbering the attempts and summing usage', async () => {
    const inner = innerStep([fail('refusal', 2), ok(3, 2)]);
    const result = await retryLayer()(inner.step)(callOf());
    expect(result).toMatchObject({ ok: true, attempts: 2, usage: { inputTokens: 5, outputTokens: 5 } });
    expect(inner.seen.map((c) => c.attempt)).toEqual([1, 2]);
  });

  it('never tries a third time', async () => {
    const inner = innerStep([fail('refusal', 1)]);
    const result = await retryLayer()(inner.step)(callOf());
    expect(result).toMatchObject({ ok: false, failure: 'refusal', usage: { inputTokens: 2 } });
    expect(inner.seen).toHaveLength(2);
  });

  it.each([['invalid-output'], ['timeout'], ['error'], ['cap']] as const)(
    'returns `%s` without retrying',
    async (failure) => {
      const inner = innerStep([fail(failure)]);
      expect(await retryLayer()(inner.step)(callOf())).toMatchObject({ ok: false, failure });
      expect(inner.seen).toHaveLength(1);
    },
  );
});
