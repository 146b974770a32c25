// Pagers and help viewers that run a command: input read as pager commands, and manual pages opened in a pager.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const env = shellEnv();
const pagerReasons = (command: string) =>
  analyzeShellSync(command, env)
    .uncertain.filter((u) => u.reason.includes('runs a shell'))
    .map((u) => u.code);

beforeAll(async () => {
  await loadShellParser();
});

describe('a pager given input besides its content, or a manual page in a pager, is unknown', () => {
  it.each<[string, string]>([
    ['more with a here-string', "more README.md <<< '!sh'"],
    ['less with a here-doc', "less README.md <<'EOF'\n!id\nEOF"],
    ['more with a redirected file', 'more README.md < cmds.txt'],
    ['more with a pipe', "printf '!sh' | more README.md"],
    ['git -p with a here-string', "git -p help config <<< '!sh'"],
    ['git --paginate with a here-string', "git --paginate log <<< '!sh'"],
    ['git help with a topic', 'git help config'],
    ['man with a page', 'man man'],
    ['man with a section', 'man 1 ls'],
    ['man with a here-string', "man ls <<< '!sh'"],
  ])('%s: %s', (_name, command) => {
    expect(pagerReasons(command)).toEqual(['dynamic-command']);
  });
});

describe('pagers showing content and manuals that page nothing stay ordinary', () => {
  it.each<[string, string]>([
    ['less of a file', 'less -R README.md'],
    ['less of a here-string (the content)', "less <<< 'hello'"],
    ['a pipe into less (the content)', 'echo hi | less'],
    ['git -p without input', 'git -p log'],
    ['git help listing commands', 'git help -a'],
    ['man -k', 'man -k printf'],
    ['man -P cat', 'man -P cat ls'],
    ['man with its pager set', 'MANPAGER=cat man ls'],
    ['man -w', 'man -w ls'],
  ])('%s: %s', (_name, command) => {
    expect(pagerReasons(command)).toEqual([]);
  });
});
