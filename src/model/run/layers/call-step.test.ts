import { describe, expect, it } from 'vitest';
import { compose, type Layer } from './call-step';
import { callOf, innerStep, ok } from './layer-testkit.testkit';

describe('compose', () => {
  it('runs layers outermost first, then the inner step, and unwinds in reverse', async () => {
    const order: string[] = [];
    const named =
      (name: string): Layer =>
      (next) =>
      async (call) => {
        order.push(`${name} in`);
        const result = await next(call);
        order.push(`${name} out`);
        return result;
      };
    const inner = innerStep([ok()]);
    const result = await compose([named('a'), named('b')], inner.step)(callOf());
    expect(result.ok).toBe(true);
    expect(order).toEqual(['a in', 'b in', 'b out', 'a out']);
    expect(inner.seen).toHaveLength(1);
  });

  it('is the inner step alone with no layers', async () => {
    const inner = innerStep([ok()]);
    await compose([], inner.step)(callOf());
    expect(inner.seen).toHaveLength(1);
  });
});
