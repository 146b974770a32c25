import { describe, expect, it } from 'vitest';
import { bundledJudgeData } from '../rules/bundled-rules';
import { detectCredentials, looksSequential } from './credentials';

const { credentials } = bundledJudgeData();

describe('documentation placeholders are not credentials', () => {
  it.each([
    ['a counted Google key', `Example: AIza${'SyA1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q'}`],
    ['a password made of the word password', "  password: 'securePassword123'"],
    ['an angle-bracket placeholder', 'api_key = "<your-api-key>"'],
  ])('does not report %s', (_n, line) => {
    expect(detectCredentials(line, credentials)).toEqual([]);
  });

  it('reports a key that is not counted', () => {
    // Assembled at run time: no key-shaped token sits in the source.
    const key = ['AIza', 'SyD9', 'kq2Lm', 'X7pR0', 'vTn4W', 'b8ZcJ', 'e1HsQ', 'u6Yw3a'].join('');
    expect(detectCredentials(`key: ${key}`, credentials).map((h) => h.pattern)).toEqual(['google-api-key']);
  });

  it.each([
    ['A1B2C3D4E5F6G7H8', true],
    ['abcdefghijklmnop', true],
    ['9fK2qLx8ZpR4tV1m', false],
  ])('looksSequential(%s) is %s', (v, want) => {
    expect(looksSequential(v)).toBe(want);
  });
});
