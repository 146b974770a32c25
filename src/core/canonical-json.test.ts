import { describe, expect, it } from 'vitest';
import { CanonicalJsonError, canonicalJson, contentHash, sha256Hex } from './canonical-json';

/** An array with a hole at `at` (a literal hole would trip the linter). */
function sparse(items: unknown[], at: number): unknown[] {
  const copy = [...items];
  delete copy[at];
  return copy;
}

describe('canonicalJson: what it writes', () => {
  it.each([
    ['null', null, 'null'],
    ['true', true, 'true'],
    ['false', false, 'false'],
    ['an integer', 42, '42'],
    ['a negative fraction', -1.5, '-1.5'],
    ['negative zero as zero', -0, '0'],
    ['a large number in exponent form', 1e21, '1e+21'],
    ['a small number in exponent form', 5e-7, '5e-7'],
    ['an empty string', '', '""'],
    ['quotes and backslashes escaped', 'a"b\\c', '"a\\"b\\\\c"'],
    ['control characters escaped', 'a\nb\tc\u0001', '"a\\nb\\tc\\u0001"'],
    ['non-ASCII kept as it is', 'é ✓ 😀', '"é ✓ 😀"'],
    ['a lone surrogate escaped, so the output is well-formed', '\ud800x', '"\\ud800x"'],
    ['an empty object', {}, '{}'],
    ['an empty array', [], '[]'],
    ['keys sorted', { b: 1, a: 2, c: 3 }, '{"a":2,"b":1,"c":3}'],
    ['no whitespace anywhere', { a: [1, { b: ' ' }] }, '{"a":[1,{"b":" "}]}'],
    [
      'nested objects sorted at every level',
      { z: { y: 1, x: { w: 2, v: 3 } }, a: 0 },
      '{"a":0,"z":{"x":{"v":3,"w":2},"y":1}}',
    ],
    ['array order kept', [3, 1, 2], '[3,1,2]'],
    [
      'objects inside arrays sorted',
      [
        { b: 1, a: 1 },
        { d: 1, c: 1 },
      ],
      '[{"a":1,"b":1},{"c":1,"d":1}]',
    ],
    ['undefined members dropped', { a: undefined, b: 1, c: undefined }, '{"b":1}'],
    ['undefined array items written as null', [undefined, 1, undefined], '[null,1,null]'],
    ['negative zero nested', { a: [-0, { b: -0 }] }, '{"a":[0,{"b":0}]}'],
    [
      'integer-like keys sorted as strings, not numbers',
      { 10: 'a', 9: 'b', 1: 'c' },
      '{"1":"c","10":"a","9":"b"}',
    ],
    ['a null-prototype object', Object.assign(Object.create(null), { b: 1, a: 2 }), '{"a":2,"b":1}'],
    ['holes in a sparse array as null', sparse([1, 2, 3], 1), '[1,null,3]'],
    ['an array of only holes', new Array(2), '[null,null]'],
  ])('%s', (_name, value, want) => {
    expect(canonicalJson(value)).toBe(want);
  });

  it('sorts keys by UTF-16 code unit, not by code point or locale', () => {
    // U+00E9 < U+D83D (high surrogate of U+1F600) < U+FF5A in code units; code points would put U+FF5A first.
    const value = { ｚ: 1, '😀': 2, é: 3, Z: 4, a: 5 };
    expect(canonicalJson(value)).toBe('{"Z":4,"a":5,"é":3,"😀":2,"ｚ":1}');
  });

  it('gives the same text for the same content built in any key order', () => {
    const one = { policy: { rules: [{ id: 'R-1', when: { kind: 'x' } }], version: 2 }, name: 'p' };
    const two = { name: 'p', policy: { version: 2, rules: [{ when: { kind: 'x' }, id: 'R-1' }] } };
    expect(canonicalJson(one)).toBe(canonicalJson(two));
  });

  it('parses back to the same value (for plain JSON content)', () => {
    const value = { a: [1, 'two', null, true, { ü: -3.25 }], b: { c: { d: [] } } };
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
  });

  it('accepts the same object reached twice (shared, not cyclic)', () => {
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: [shared, shared] })).toBe('{"a":{"x":1},"b":[{"x":1},{"x":1}]}');
  });
});

describe('canonicalJson: what it refuses', () => {
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  const cyclicArray: unknown[] = [1];
  cyclicArray.push(cyclicArray);
  const deepCycle: Record<string, unknown> = { a: { b: { c: {} } } };
  (deepCycle.a as { b: { c: Record<string, unknown> } }).b.c.back = deepCycle.a;

  it.each([
    ['NaN', NaN, 'cannot hash the number `NaN`'],
    ['Infinity', Infinity, 'cannot hash the number `Infinity`'],
    ['-Infinity', -Infinity, 'cannot hash the number `-Infinity`'],
    ['NaN nested in an object', { a: { b: NaN } }, 'cannot hash the number `NaN`'],
    ['Infinity nested in an array', [1, [Infinity]], 'cannot hash the number `Infinity`'],
    ['a bigint', 10n, 'cannot hash a value of type `bigint`'],
    ['a bigint member', { n: 1n }, 'cannot hash a value of type `bigint`'],
    ['a function', () => 1, 'cannot hash a value of type `function`'],
    ['a function member', { f() {} }, 'cannot hash a value of type `function`'],
    ['a symbol', Symbol('s'), 'cannot hash a value of type `symbol`'],
    ['undefined at the top', undefined, 'cannot hash a value of type `undefined`'],
    ['an object that holds itself', cyclic, 'cannot hash a cyclic value'],
    ['an array that holds itself', cyclicArray, 'cannot hash a cyclic value'],
    ['a cycle three levels down', deepCycle, 'cannot hash a cyclic value'],
    ['a Date (it would hash as `{}`)', new Date(0), 'cannot hash an object of class `Date`'],
    ['a Map', new Map([['a', 1]]), 'cannot hash an object of class `Map`'],
    ['a Set', new Set([1]), 'cannot hash an object of class `Set`'],
    ['a boxed string', Object('text'), 'cannot hash an object of class `String`'],
    ['bytes', new Uint8Array([1, 2]), 'cannot hash an object of class `Uint8Array`'],
    ['a class instance', new (class Policy {})(), 'cannot hash an object of class `Policy`'],
    ['a Date nested in a table', { at: { when: new Date(0) } }, 'cannot hash an object of class `Date`'],
  ])('%s', (_name, value, message) => {
    let thrown: unknown;
    try {
      canonicalJson(value);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CanonicalJsonError);
    expect((thrown as CanonicalJsonError).message).toBe(message);
    expect((thrown as CanonicalJsonError).code).toBe('canonical-json');
  });

  it('never lets two different dates hash alike by coercing them', () => {
    expect(() => contentHash({ at: new Date(1) })).toThrow(CanonicalJsonError);
    expect(() => contentHash({ at: new Date(2) })).toThrow(CanonicalJsonError);
  });
});

describe('sha256Hex and contentHash', () => {
  it.each([
    ['the empty string', '', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['`abc` (FIPS 180-2 vector)', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('sha256Hex of %s', (_name, input, want) => {
    expect(sha256Hex(input)).toBe(want);
  });

  it('hashes a string and its UTF-8 bytes alike', () => {
    expect(sha256Hex(new TextEncoder().encode('é😀'))).toBe(sha256Hex('é😀'));
  });

  // Golden values from `printf '<canonical text>' | sha256sum`: a change here changes every cache key.
  it.each([
    ['an empty object', {}, '44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a'],
    [
      'a nested value in unsorted order',
      { b: { c: true }, a: [1, undefined, 'é'], d: undefined },
      'a550864ea485ade6bab4ab62d699b2ae1d577dc5745de33d8c21e4d277a741af',
    ],
  ])('contentHash of %s is stable', (_name, value, want) => {
    expect(contentHash(value)).toBe(want);
  });

  it('is the sha256 of the canonical text', () => {
    const value = { z: [1, 2], a: 'x' };
    expect(contentHash(value)).toBe(sha256Hex(canonicalJson(value)));
  });

  it.each([
    ['a different number', { a: 1 }, { a: 2 }],
    ['a number and its string', { a: 1 }, { a: '1' }],
    ['null and a missing key', { a: null }, {}],
    ['array order', [1, 2], [2, 1]],
    ['a key moved one level', { a: { b: 1 } }, { b: { a: 1 } }],
  ])('differs for different content: %s', (_name, one, two) => {
    expect(contentHash(one)).not.toBe(contentHash(two));
  });

  it.each([
    ['key order', { a: 1, b: 2 }, { b: 2, a: 1 }],
    ['an undefined member', { a: 1, b: undefined }, { a: 1 }],
    ['negative zero', { a: -0 }, { a: 0 }],
  ])('is the same despite %s', (_name, one, two) => {
    expect(contentHash(one)).toBe(contentHash(two));
  });
});
