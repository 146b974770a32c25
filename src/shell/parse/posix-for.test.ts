import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { shellEnv } from '../testdata/shell-env';
import { loadShellParser } from './load-parser';
import { posixForHeaders } from './posix-for';

describe('posixForHeaders', () => {
  it.each([
    ['for i do echo "$i"; done', 'for i; do echo "$i"; done'],
    ['save () {\n  for i do printf %s "$i" ; done\n}', 'save () {\n  for i; do printf %s "$i" ; done\n}'],
    ['if true; then for x do rm "$x"; done; fi', 'if true; then for x; do rm "$x"; done; fi'],
    ['a && for n\ndo echo; done', 'a && for n;\ndo echo; done'],
  ])('adds the separator bash does not need: %j', (text, expected) => {
    expect(posixForHeaders(text)).toBe(expected);
  });

  it.each([
    'for i in a b; do echo; done',
    'for i; do echo; done',
    'echo before do',
    'ls platform do',
    'git log --format=for',
  ])('leaves other text alone: %j', (text) => {
    expect(posixForHeaders(text)).toBeUndefined();
  });
});

describe('the analyzer reads a POSIX for loop', () => {
  const analyze = (command: string) => analyzeShellSync(command, shellEnv());
  beforeAll(async () => {
    await loadShellParser();
  });

  it('sees the commands inside it, the floor included', () => {
    const a = analyze('for i do rm -rf ~; done');
    expect(a.uncertain.map((u) => u.code)).not.toContain('parse-error');
    expect(a.hits.map((h) => h.category)).toContain('destructive_root_delete');
  });

  it('is no parse error when its body is ordinary', () => {
    const a = analyze('save () {\n  for i do printf %s "$i" ; done\n  echo " "\n}');
    expect(a.uncertain.map((u) => u.code)).not.toContain('parse-error');
  });

  it('keeps a real parse error one', () => {
    expect(analyze("for i do echo 'unterminated; done").uncertain.map((u) => u.code)).toContain(
      'parse-error',
    );
  });
});
