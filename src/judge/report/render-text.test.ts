import { describe, expect, it } from 'vitest';
import { cleanForTerminal } from './render-text';

describe('cleanForTerminal', () => {
  it.each([
    [
      'an ANSI escape that would recolour the terminal',
      'ok \u001b[31mred\u001b[0m',
      'ok \\u{1B}[31mred\\u{1B}[0m',
    ],
    ['a zero-width space', 'a\u200bb', 'a\\u{200B}b'],
    ['a bidi override', 'x\u202ey', 'x\\u{202E}y'],
    ['a Unicode tag character', `t${String.fromCodePoint(0xe0041)}`, 't\\u{E0041}'],
    ['plain text and newlines', 'line one\nline two', 'line one\nline two'],
  ])('shows %s as an escape', (_n, input, want) => {
    expect(cleanForTerminal(input)).toBe(want);
  });
});
