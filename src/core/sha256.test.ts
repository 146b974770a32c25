import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './canonical-json';
import { sha256BytesHex } from './sha256';

const reference = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('sha256BytesHex: the same digest as node:crypto', () => {
  it('on the FIPS 180-4 examples', () => {
    expect(sha256BytesHex(Buffer.from('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(sha256BytesHex(new Uint8Array(0))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('on every length around the padding boundaries and on longer random inputs', () => {
    const lengths = [...Array.from({ length: 200 }, (_, n) => n), 447, 448, 511, 512, 4095, 65_537];
    for (const n of lengths) {
      const bytes = randomBytes(n);
      expect(sha256BytesHex(bytes), `length ${n}`).toBe(reference(bytes));
      // A view into a larger buffer hashes only its own bytes.
      const framed = Buffer.concat([Buffer.from([1, 2, 3]), bytes, Buffer.from([9])]);
      expect(sha256BytesHex(framed.subarray(3, 3 + n)), `view of length ${n}`).toBe(reference(bytes));
    }
  });
});

describe('sha256Hex: JavaScript for short inputs, node:crypto for long ones, one digest', () => {
  it.each([
    ['an empty string', ''],
    ['ASCII', 'git status && npm test'],
    ['multi-byte UTF-8', 'é😀\u2028 naïve ☃'.repeat(50)],
    ['a string at the bound in characters but over it in bytes', 'é'.repeat(16 * 1024)],
    ['a string just under the bound', 'x'.repeat(16 * 1024)],
    ['a string over the bound', 'x'.repeat(16 * 1024 + 1)],
  ])('%s', (_name, text) => {
    expect(sha256Hex(text)).toBe(reference(text));
    expect(sha256Hex(Buffer.from(text, 'utf8'))).toBe(reference(text));
  });
});
