// printf formats read exactly: only `\n`, `\t` and `\\` escapes, no conversion.
import { describe, expect, it } from 'vitest';
import { printfOutput, printfText } from './printf-format';

describe('printf formats read exactly', () => {
  it.each<[string, string | undefined]>([
    ['echo ok', 'echo ok'],
    ['#!/bin/sh\\necho ok\\n', '#!/bin/sh\necho ok\n'],
    ['a\\tb\\\\n', 'a\tb\\n'],
    ['%d\\n', undefined],
    ['%5s', undefined],
    ['\\x72m -rf ~', undefined],
    ['\\162m -rf ~', undefined],
    ['echo ok\\c', undefined],
  ])('%s', (format, text) => {
    expect(printfText(format)).toBe(text);
  });
});

describe('printf arguments through %s, the format used again while they remain', () => {
  it.each<[string[], string | undefined]>([
    [['r%s', 'm'], 'rm'],
    [['%s\\n', 'a', 'b'], 'a\nb\n'],
    [['%s %s', 'a'], 'a '],
    [['%s%s', 'r', 'm', 'x'], 'rmx'],
    [['100%%'], '100%'],
    [['ok', 'ignored'], 'ok'],
    [['%s', '\\x72'], '\\x72'],
    [['--', '%s', 'x'], 'x'],
    [['-v', 'var', 'rm'], undefined],
    [['%d', '1'], undefined],
    [[], undefined],
  ])('printf %j', (words, text) => {
    expect(printfOutput(words)).toBe(text);
  });
});
