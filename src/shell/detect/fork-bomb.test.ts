// Functions that multiply themselves (issue 11: a function named like a builtin is the function once
// defined). Real parser.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const categories = (command: string) => analyzeShellSync(command, shellEnv()).hits.map((h) => h.category);

beforeAll(async () => {
  await loadShellParser();
});

describe('a function that starts copies of itself and is called is system_shutdown', () => {
  it.each([
    ['the classic, named like the no-op builtin', ':(){ :|:& };:'],
    ['a named one', 'bomb(){ bomb|bomb& };bomb'],
    ['through a second function', 'a(){ b|b& }; b(){ a|a& }; a'],
    ['the function keyword, in the background', 'function x { x & x; }; x'],
    ['a subshell body', 'f() ( f | f & ); f'],
    ['inside a shell string', "bash -c ':(){ :|:& };:'"],
    ['spread over lines', 'f() {\n  f | f &\n}\nf'],
  ])('%s: `%s`', (_name, command) => {
    expect(categories(command)).toContain('system_shutdown');
  });

  it.each([
    ['defined, never called', ':(){ :|:& }'],
    ['a plain recursion (bounded by the stack)', 'f(){ f; }; f'],
    ['a function piped to itself once, no recursion', 'f(){ echo hi; }; f | f'],
    ['a retry helper', 'retry(){ "$@" || { sleep 1; retry "$@"; }; }; retry make'],
    ['a background helper, not recursive', 'build(){ make "$@" & }; build a; build b; wait'],
  ])('%s: `%s` is not', (_name, command) => {
    expect(categories(command)).not.toContain('system_shutdown');
  });
});

describe('a function calling itself is followed once', () => {
  it('the later calls are not followed again: uncertain, bounded work', () => {
    const a = analyzeShellSync('f(){ f; f; f; f; }; f', shellEnv());
    expect(a.uncertain.map((u) => u.code)).toContain('depth-limit');
    expect(a.segments.length).toBeLessThan(10);
  });

  it('a function called by another is still followed with its arguments', () => {
    const a = analyzeShellSync('f(){ g "$1"; }; g(){ rm -rf "$1"; }; f ~', shellEnv());
    expect(a.hits.map((h) => h.category)).toContain('destructive_root_delete');
  });
});
