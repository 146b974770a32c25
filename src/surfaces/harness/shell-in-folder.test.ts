import { describe, expect, it } from 'vitest';
import { shellInFolder } from './shell-in-folder';

describe('shellInFolder', () => {
  it.each([
    ['no folder', undefined, 'ls'],
    ['an empty folder', '', 'ls'],
    ['a folder that is not text', 3, 'ls'],
    ['the working folder itself', '/repo', 'ls'],
    ['an absolute folder', '/etc', "cd '/etc' && ls"],
    ['a relative folder, made absolute against cwd', '../other', "cd '/other' && ls"],
    ['a folder with a quote', "/tmp/it's", "cd '/tmp/it'\\''s' && ls"],
    ['a folder that opens with a dash', '-x', "cd '/repo/-x' && ls"],
  ])('%s', (_name, folder, want) => {
    expect(shellInFolder('ls', folder, '/repo')).toBe(want);
  });
});
