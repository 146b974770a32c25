// printf formats read exactly: only `\n`, `\t` and `\\` escapes, no conversion.
import { describe, expect, it } from 'vitest';
import { printfText } from './printf-format';

describe('printf formats read exactly', () => {
  it.each<[string, string | undefined]>([
    ['echo ok', 'echo ok'],
    ['#!/bin/sh\\necho ok\\n', '#!/bin/sh\necho ok\n'],
    ['a\\tb\\\\n', 'a\tb\\n'],
    ['%s\\n', undefined],
    ['\\x72m -rf ~', undefined],
    ['\\162m -rf ~', undefined],
    ['echo ok\\c', undefined],
  ])('%s', (format, text) => {
    expect(printfText(format)).toBe(text);
  });
});
