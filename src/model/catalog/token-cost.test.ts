import { describe, expect, it } from 'vitest';
import { tokenCostUsd } from './token-cost';

describe('tokenCostUsd', () => {
  it('prices input and output per million tokens', () => {
    expect(tokenCostUsd({ input: 3, output: 15 }, 1_000_000, 0)).toBe(3);
    expect(tokenCostUsd({ input: 3, output: 15 }, 2_000, 1_000)).toBeCloseTo(0.021, 12);
  });

  it('prices nothing at zero', () => {
    expect(tokenCostUsd({ input: 0, output: 0 }, 5_000, 5_000)).toBe(0);
  });
});
