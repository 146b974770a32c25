// The first command of an and/or list always runs (issue 11, session 35): a function it defines is certain for the
// calls after it (`f() { …; } && f`), a `set --` there binds the parameters later words read; a definition on the
// right of `||` or `&&` may not have run, and a call of it stays an unknown program.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

beforeAll(async () => {
  await loadShellParser();
});

const programs = (command: string) => analyzeShellSync(command, shellEnv()).segments.map((s) => s.program);
const argvs = (command: string) =>
  analyzeShellSync(command, shellEnv()).segments.map((s) => s.argv.join(' '));

describe('what the first command of a list sets holds after it', () => {
  it.each([
    ['a function defined before `&&`', 'f() { hash -r; } && f x'],
    ['a function defined before `||`', 'f() { hash -r; } || f x'],
    ['a list nested first in a list', 'f() { hash -r; } && true && f x'],
  ])('%s: the call runs the body', (_name, command) => {
    expect(programs(command)).not.toContain('f');
    expect(programs(command)).toContain('hash');
  });

  it('positional parameters set before `&&`', () => {
    expect(argvs('set -- a b && echo "$2"')).toContain('echo b');
  });
});

describe('what a later part of a list sets may not have happened', () => {
  it.each([
    ['a definition after `||`', 'true || f() { hash -r; }; f'],
    ['a definition after `&&`', 'false && f() { hash -r; }; f'],
  ])('%s: the call is an unknown program', (_name, command) => {
    expect(programs(command)).toContain('f');
  });

  it('positional parameters set after `||`', () => {
    expect(argvs('true || set -- a b; echo "$2"')).not.toContain('echo b');
  });
});

// Final read of session 35: a child shell's definitions are its own (bash runs a pipeline part, `( )`, `&`, `$( )`
// and `<( )` in a child shell), and walking a function's body at its definition defines nothing.
describe('what a child shell defines stays in it', () => {
  it.each([
    ['a background job', 'rm() { echo hi; } & rm -rf ~/.ssh'],
    [
      'a function body walked at its definition, called in a pipeline',
      'g() { rm() { echo hi; } && true; }; g | cat; rm -rf ~/.ssh',
    ],
    ['a subshell', '(rm() { echo hi; } && true); rm -rf ~/.ssh'],
    ['a command substitution', 'echo "$(rm() { echo hi; } && true)"; rm -rf ~/.ssh'],
    ['a process substitution', 'cat <(rm() { echo hi; } && true); rm -rf ~/.ssh'],
    ['a pipeline part', 'rm() { echo hi; } | cat; rm -rf ~/.ssh'],
  ])('%s: the later call runs the program', (_name, command) => {
    expect(argvs(command)).toContain('rm -rf ~/.ssh');
  });

  it('a redirect hoisted over the list: the first part defines, the last calls', () => {
    expect(programs('f() { hash -r; } && f 2>/dev/null')).not.toContain('f');
    expect(programs('false && f() { hash -r; } 2>/dev/null; f')).toContain('f');
  });
});
