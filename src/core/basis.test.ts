import { describe, expect, it } from 'vitest';
import { BASES, isBasis } from './basis';

describe('basis', () => {
  it('lists each basis once', () => {
    expect(new Set(BASES).size).toBe(BASES.length);
  });

  it.each([
    ['floor', true],
    ['internal-error', true],
    ['no-model', true],
    ['model_error', false],
    ['Floor', false],
    ['', false],
    [null, false],
    [7, false],
  ])('isBasis(%j) is %s', (value, want) => {
    expect(isBasis(value)).toBe(want);
  });
});
