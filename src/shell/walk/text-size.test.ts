import { describe, expect, it } from 'vitest';
import { textSize } from './text-size';

describe('textSize counts what the parser would build, before it parses', () => {
  it.each([
    ['words and one separator run', 'git add a b && git commit -m x', { words: 8, separators: 1 }],
    ['a single-quoted string is one word', `echo 'a; b | c && d'`, { words: 2, separators: 0 }],
    ['double-quoted text is counted as if unquoted', 'echo "$(a; b)"', { words: 7, separators: 1 }],
    ['newlines separate', 'a\nb\nc', { words: 3, separators: 2 }],
    [
      'a here-document body is one word however long',
      `cat > f <<'EOF'\n${'x; y | z\n'.repeat(50)}EOF\necho done`,
      { words: 7, separators: 1 },
    ],
    [
      'an indented here-document ends at its tab-led delimiter',
      'cat <<-E\n\ta;b\n\tE\nls',
      { words: 4, separators: 1 },
    ],
  ])('%s', (_name, text, want) => {
    expect(textSize(text)).toEqual(want);
  });

  it('never under-counts a separator run hidden in quotes that bash parses inside', () => {
    expect(textSize(`echo "$(${'true;'.repeat(3000)})"`).separators).toBeGreaterThan(2000);
  });

  it('stops counting past the bound it is given', () => {
    const s = textSize('a '.repeat(100_000), 10);
    expect(s.words).toBeLessThan(20);
  });
});
