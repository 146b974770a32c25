import { describe, expect, it } from 'vitest';
import { isUnder } from './is-under';

describe('isUnder', () => {
  it.each([
    ['/w/a', '/w', true],
    ['/w', '/w/', true],
    ['/wx', '/w', false],
    ['/anything', '/', true],
    ['/w/a/b', '/w/a/', true],
    ['/w/ab', '/w/a/', false],
  ])('%s under %s: %s', (path, root, want) => {
    expect(isUnder(path, root)).toBe(want);
  });
});
