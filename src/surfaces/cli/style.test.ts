import { describe, expect, it } from 'vitest';
import { colorAllowed, style } from './style';

const TTY = [true, false, undefined] as const;
const NO_COLOR = [
  ['unset', undefined],
  ['empty', ''],
  ['1', '1'],
  ['0', '0'],
] as const;
const TERM = [
  ['unset', undefined],
  ['xterm-256color', 'xterm-256color'],
  ['dumb', 'dumb'],
] as const;

// The rule, written out: a TTY, NO_COLOR unset or empty (no-color.org: "present and not empty"), TERM not dumb.
const table = TTY.flatMap((tty) =>
  NO_COLOR.flatMap(([noColorName, noColor]) =>
    TERM.map(([termName, term]) => {
      const want = tty === true && (noColor === undefined || noColor === '') && term !== 'dumb';
      return [String(tty), noColorName, termName, want, noColor, term] as const;
    }),
  ),
);

describe('colorAllowed', () => {
  it('covers all 36 cells and allows colour in exactly 4', () => {
    expect(table).toHaveLength(36);
    expect(table.filter((row) => row[3])).toHaveLength(4);
  });

  it.each(table)('tty %s, NO_COLOR %s, TERM %s -> %s', (_tty, _n, _t, want, noColor, term) => {
    const env: Record<string, string | undefined> = {};
    if (noColor !== undefined) env.NO_COLOR = noColor;
    if (term !== undefined) env.TERM = term;
    const tty = _tty === 'true' ? true : _tty === 'false' ? false : undefined;
    expect(colorAllowed(tty, env)).toBe(want);
  });

  it.each([
    ['FORCE_COLOR=1 off a terminal', false, { FORCE_COLOR: '1' }, true],
    ['FORCE_COLOR=3 with TERM=dumb', false, { FORCE_COLOR: '3', TERM: 'dumb' }, true],
    ['FORCE_COLOR=0 on a terminal', true, { FORCE_COLOR: '0' }, false],
    ['FORCE_COLOR empty off a terminal', false, { FORCE_COLOR: '' }, false],
    ['NO_COLOR beats FORCE_COLOR', true, { FORCE_COLOR: '1', NO_COLOR: '1' }, false],
  ] as const)('%s', (_name, tty, env, want) => {
    expect(colorAllowed(tty, env)).toBe(want);
  });

  it('treats a NO_COLOR key present with an undefined value as unset', () => {
    expect(colorAllowed(true, { NO_COLOR: undefined })).toBe(true);
  });
});

describe('style', () => {
  it.each([
    ['bold', '\u001b[1mx\u001b[22m'],
    ['dim', '\u001b[2mx\u001b[22m'],
    ['red', '\u001b[31mx\u001b[39m'],
    ['yellow', '\u001b[33mx\u001b[39m'],
    ['green', '\u001b[32mx\u001b[39m'],
  ] as const)('%s wraps in ANSI codes with colour and not without', (name, coloured) => {
    expect(style(true)[name]('x')).toBe(coloured);
    expect(style(false)[name]('x')).toBe('x');
  });
});
