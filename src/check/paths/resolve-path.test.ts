import { describe, expect, it } from 'vitest';
import { resolveConfigPath } from './resolve-path';

describe('resolveConfigPath', () => {
  it.each([
    ['a.ts', '/w/sub/a.ts'],
    ['../b', '/w/b'],
    ['~', '/h'],
    ['~/.ssh/id_rsa', '/h/.ssh/id_rsa'],
    ['$HOME/x', '/h/x'],
    [`\${HOME}/x`, '/h/x'],
    ['/etc//hosts', '/etc/hosts'],
  ])('%s -> %s', (raw, want) => {
    expect(resolveConfigPath(raw, '/w/sub', '/h')).toBe(want);
  });
});
