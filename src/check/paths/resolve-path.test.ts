import { describe, expect, it } from 'vitest';
import { isUnder, resolvePath } from './resolve-path';

describe('resolvePath', () => {
  it.each([
    ['a.ts', '/w/sub/a.ts'],
    ['../b', '/w/b'],
    ['~', '/h'],
    ['~/.ssh/id_rsa', '/h/.ssh/id_rsa'],
    ['$HOME/x', '/h/x'],
    [`\${HOME}/x`, '/h/x'],
    ['/etc//hosts', '/etc/hosts'],
  ])('%s -> %s', (raw, want) => {
    expect(resolvePath(raw, '/w/sub', '/h')).toBe(want);
  });
});

describe('isUnder', () => {
  it.each([
    ['/w/a', '/w', true],
    ['/w', '/w/', true],
    ['/wx', '/w', false],
    ['/anything', '/', true],
  ])('%s under %s: %s', (path, root, want) => {
    expect(isUnder(path, root)).toBe(want);
  });
});
