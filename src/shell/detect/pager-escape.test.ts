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

// man-db and git start their pager only when standard output is a terminal (isatty(1)); into a pipe, a command
// substitution or a file they print plain text.
describe('a manual page whose output is not the terminal opens no pager', () => {
  it.each<[string, string]>([
    ['man into head', 'man git-rebase | head -40'],
    ['git help into head', 'git help log | head'],
    ['man into a file', 'man git-rebase > rebase.txt'],
    ['git help appended to a file', 'git help log >> notes.txt'],
    ['man in a command substitution', 'x=$(man ls)'],
    ['man in a group piped on', '{ man ls; } | head'],
    ['git -p with a here-string, piped on', "git -p help config <<< '!sh' | cat"],
    ['man into a file, errors to the terminal', 'man ls > ls.txt 2>&1'],
  ])('%s: %s', (_name, command) => {
    expect(pagerReasons(command)).toEqual([]);
  });
  it.each<[string, string]>([
    ['man with only errors redirected', 'man ls 2>/dev/null'],
    ['man sent to the terminal before the pipe', 'man ls > /dev/tty | head'],
    ['man duplicated onto standard error', 'man ls >&2 | head'],
    ['man into a file, then back onto standard error', 'man ls > ls.txt 1>&2'],
    ['man into a computed target', 'man ls > "$OUT"'],
    ['the last part of a pipeline', 'echo x | man ls'],
    ['git help with errors redirected', 'git help log 2>/dev/null'],
  ])('still the terminal: %s: %s', (_name, command) => {
    expect(pagerReasons(command)).toEqual(['dynamic-command']);
  });
});
