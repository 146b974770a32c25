import { describe, expect, it } from 'vitest';
import { estimateInputTokens, estimateTokens, tokensOfBytes } from './estimate-tokens';

describe('token estimate', () => {
  it.each([
    ['empty', 0, 0],
    ['one byte rounds up', 1, 1],
    ['three bytes', 3, 1],
    ['four bytes round up', 4, 2],
  ])('tokensOfBytes: %s', (_name, bytes, want) => {
    expect(tokensOfBytes(bytes)).toBe(want);
  });

  it('counts UTF-8 bytes, not characters (non-ASCII text costs more)', () => {
    expect(estimateTokens('abc')).toBe(1);
    expect(estimateTokens('ééé')).toBe(2);
  });

  it('counts system, user and the schema sent with a request', () => {
    const parts = { system: 'abcdef', user: 'abc', schema: { a: 1 } };
    expect(estimateInputTokens(parts)).toBe(2 + 1 + estimateTokens('{"a":1}'));
  });
});
