import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from './analyze-shell';
import { loadShellParser } from './parse/load-parser';
import { shellEnv } from './testdata/shell-env';
import type { ShellEnv } from './types';

const env: ShellEnv = shellEnv();

/** A seeded generator, so a failure names a reproducible input. */
function* randomCommands(seed: number, count: number): Generator<string> {
  const alphabet = [
    'rm',
    ' ',
    '-rf',
    '/',
    '~',
    '$',
    '(',
    ')',
    '`',
    "'",
    '"',
    '\\',
    '|',
    '&',
    ';',
    '<',
    '>',
    '{',
    '}',
    ',',
    '*',
    '\n',
    'EOF',
    '<<',
    'bash -c ',
    'x',
    '=',
    '#',
    '$(',
    '${',
    '!',
    '[',
    ']',
    'sudo ',
    'xargs ',
    'find . -exec ',
  ];
  let state = seed;
  for (let n = 0; n < count; n++) {
    let text = '';
    const length = 1 + (n % 40);
    for (let k = 0; k < length; k++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      text += alphabet[state % alphabet.length];
    }
    yield text;
  }
}

beforeAll(async () => {
  await loadShellParser();
});

describe('robustness', () => {
  it('returns an analysis for 3,000 random fragments of shell syntax without throwing', () => {
    for (const command of randomCommands(7, 3000)) {
      const a = analyzeShellSync(command, env);
      expect(Array.isArray(a.segments) && Array.isArray(a.hits) && Array.isArray(a.uncertain)).toBe(true);
      expect(a.uncertain.some((u) => u.code === 'analysis-error')).toBe(false);
    }
  });

  it('analyses every team corpus command without an internal error', () => {
    const file = new URL('../../eval/corpora/check/team.json', import.meta.url);
    const cases = JSON.parse(readFileSync(file, 'utf8')) as Array<{ command: string }>;
    for (const c of cases)
      expect(analyzeShellSync(c.command, env).uncertain.map((u) => u.code)).not.toContain('analysis-error');
  });

  it('turns an internal failure into an uncertainty instead of throwing', () => {
    const broken = {
      parse(): never {
        throw new Error('parser crashed');
      },
    };
    const a = analyzeShellSync('ls $(pwd)', env, broken); // `$(pwd)`: not the fast path's, so the parser runs
    expect(a.uncertain.map((u) => u.code)).toEqual(['analysis-error']);
    expect(a.hits).toEqual([]);
  });
});
