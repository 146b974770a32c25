// make's text functions computed from known text, and left unknown (undefined) when an argument is not known.
import { describe, expect, it } from 'vitest';
import { computeTextFunction, splitArguments } from './make-text-functions';

const same = (s: string) => s;

describe('text functions computed as GNU make computes them', () => {
  it.each<[string, string, string]>([
    ['filter', '%.c foo,a.c b.h foo c.c', 'a.c foo c.c'],
    ['filter-out', '%.c,a.c b.h c.c', 'b.h'],
    ['filter', 'submit sync-%,help', ''],
    ['findstring', 'ab,xaby', 'ab'],
    ['findstring', 'ba,xaby', ''],
    ['strip', '  a   b  ', 'a b'],
    ['words', 'a b  c', '3'],
    ['firstword', ' x y', 'x'],
    ['lastword', 'x y ', 'y'],
    ['sort', 'b a b c', 'a b c'],
    // Commas after a one-argument function's only argument are its text.
    ['strip', 'a, b', 'a, b'],
  ])('$(%s %s) is "%s"', (name, args, result) => {
    expect(computeTextFunction(name, args, same)).toBe(result);
  });

  it.each<[string, string]>([
    ['filter', '%.c,$__make_value'],
    ['findstring', '${CI},x'],
    ['filter', 'a\\%b,a%b'],
    ['filter', 'only-one-argument'],
    ['subst', 'a,b,abc'],
  ])('$(%s %s) is not computed', (name, args) => {
    expect(computeTextFunction(name, args, same)).toBeUndefined();
  });

  it('arguments split only at commas outside parentheses', () => {
    expect(splitArguments('$(a,b),c,d', 2)).toEqual(['$(a,b)', 'c,d']);
  });
});
