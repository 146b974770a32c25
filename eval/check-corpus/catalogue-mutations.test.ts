// The mutation scan's pieces: word splitting, quoting back, and the mutants of one example.
import { describe, expect, it } from 'vitest';
import { mutantsOf, optionMutants, quoteWord, splitWords } from './catalogue-mutations';

describe('catalogue mutations', () => {
  it.each([
    ['plain words', 'ls -la src', ['ls', '-la', 'src']],
    ['quotes joined to their word', `sed -n '1,5p' "a b"`, ['sed', '-n', '1,5p', 'a b']],
  ])('splits %s', (_n, command, words) => {
    expect(splitWords(command)).toEqual(words);
  });

  it.each([
    ['a pipe', 'ls | head'],
    ['a substitution', 'cat $(x)'],
    ['a redirect', 'ls > out'],
    ['an unclosed quote', "echo 'x"],
  ])('does not split a command with %s', (_n, command) => {
    expect(splitWords(command)).toBeUndefined();
  });

  it('quotes what the shell would read differently, and leaves a leading ~ bare', () => {
    expect(quoteWord('a b')).toBe("'a b'");
    expect(quoteWord("it's")).toBe(`'it'\\''s'`);
    expect(quoteWord('~/.ssh/id_rsa')).toBe('~/.ssh/id_rsa');
    expect(quoteWord('*.md')).toBe("'*.md'");
  });

  it('replaces each operand and each option value, never an option name', () => {
    const commands = mutantsOf('e', 'tool --out=dist -v src', ['/T']).map((m) => m.command);
    expect(commands).toEqual(['tool --out=/T -v src', 'tool --out=dist -v /T']);
  });

  it('gives each option that takes any value a target, never one with a pattern', () => {
    const entry = {
      id: 'e',
      safe: ['tool a | b', 'tool build'],
      values: ['--out', '-f', '--mode'],
      option_values: { '--mode': '^x$' },
    };
    expect(optionMutants(entry, ['/T']).map((m) => m.command)).toEqual([
      'tool build --out=/T',
      'tool build -f /T',
    ]);
  });
});
