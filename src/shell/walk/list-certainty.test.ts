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
