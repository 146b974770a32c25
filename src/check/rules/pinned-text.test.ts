import { describe, expect, it } from 'vitest';
import type { PathRef } from '../../shell';
import { pinnedText } from './pinned-text';

const p = (raw: string, resolved: string | undefined, role: PathRef['role']): PathRef => ({
  raw,
  class: 'workspace',
  role,
  ...(resolved === undefined ? {} : { resolved }),
});

describe('pinnedText', () => {
  it.each<[string, string[], string[], PathRef[], string, boolean]>([
    ['no paths: the wrapped text', ['sudo'], ['make'], [], 'sudo make', false],
    [
      'a path word resolved in place',
      [],
      ['cat', '.env'],
      [p('.env', '/w/.env', 'read')],
      'cat /w/.env',
      false,
    ],
    [
      'a redirect target appended',
      [],
      ['echo', 'x'],
      [p('~/.gavel/log', '/h/.gavel/log', 'write')],
      'echo x > /h/.gavel/log',
      true,
    ],
    ['an input redirect', [], ['wc', '-l'], [p('in.txt', '/w/in.txt', 'read')], 'wc -l < /w/in.txt', true],
    [
      'the same word twice, each once',
      [],
      ['cp', 'a', 'a'],
      [p('a', '/w/a', 'read'), p('a', '/w/a', 'write')],
      'cp /w/a /w/a',
      false,
    ],
    [
      'an unresolved path kept as written',
      [],
      ['rm', '-rf', '$…'],
      [p('$…', undefined, 'delete')],
      'rm -rf $…',
      false,
    ],
  ])('%s', (_name, wrappers, argv, paths, pinned, redirected) => {
    expect(pinnedText(wrappers, argv, paths)).toEqual({ pinned, redirected });
  });
});
