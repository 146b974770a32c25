import { describe, expect, it } from 'vitest';
import { joinRelative } from './join-relative';

describe('joinRelative', () => {
  it.each<[string, string[], string, string | undefined]>([
    ['a plain name', ['plugins', 'p'], 'skills/x', 'plugins/p/skills/x'],
    ['dot segments and doubled slashes', ['plugins'], './/skills/./x', 'plugins/skills/x'],
    ['a climb that stays inside', ['a', 'b'], '../c', 'a/c'],
    ['a climb to the root', ['a'], '..', ''],
    ['a climb above the root', ['a'], '../../etc/passwd', undefined],
    ['from the root', [], 'CLAUDE.md', 'CLAUDE.md'],
    ['above the root from the root', [], '../x', undefined],
  ])('%s', (_name, folder, ref, want) => {
    expect(joinRelative(folder, ref)).toBe(want);
  });

  it('never changes the folder it is given', () => {
    const folder = ['a', 'b'];
    joinRelative(folder, '../../c');
    expect(folder).toEqual(['a', 'b']);
  });
});
