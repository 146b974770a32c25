// A git configuration file read as the real git reads it (review 24): every case is written to a temp file and
// listed by `git config --file F --null --list`, and parseGitConfig must give the same keys and values — or refuse
// the file where git does. A backslash at the end of a comment line, an escaped backslash at the end of a value and
// `\b` were read differently and hid a later definition (`st = !curl ...`) from the analysis.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseGitConfig } from './git-config';

const dir = mkdtempSync(join(tmpdir(), 'gavel-git-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The entries git lists for `text` (keys lower-cased as git prints them), or undefined when git refuses it. */
function gitReads(text: string): { key: string; value: string }[] | undefined {
  const file = join(dir, 'config');
  writeFileSync(file, text);
  const run = spawnSync('git', ['config', '--file', file, '--null', '--list'], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' },
  });
  if (run.status !== 0) return undefined;
  return run.stdout
    .split('\u0000')
    .filter((e) => e !== '')
    .map((e) => {
      const nl = e.indexOf('\n');
      return nl < 0 ? { key: e, value: 'true' } : { key: e.slice(0, nl), value: e.slice(nl + 1) };
    });
}

const ours = (text: string) =>
  parseGitConfig(text)?.map(({ key, value }) => ({ key: key.toLowerCase(), value }));

describe('values, comments and continuations are read as git reads them', () => {
  it.each([
    ['plain values', '[alias]\n\tst = status -sb\n\tlg = log --oneline\n'],
    ['a continued value', '[alias]\n\tst = status \\\n-sb\n'],
    [
      'a backslash at the end of a comment line does not continue',
      '[alias]\n\tst = status\n\t# note \\\n\tst = log\n',
    ],
    ['a comment after a value ending in a backslash', '[core]\n\tpager = less # x \\\n[alias]\n\tst = log\n'],
    ['an escaped backslash ends the value', '[alias]\n\tx = a\\\\\n\tst = log\n'],
    ['a backspace escape', '[alias]\n\tst = "!echo \'\'\\b; echo x"\n'],
    ['quotes and escapes', '[alias]\n\tst = "log --format=\\"%h %s\\"" -1\n\tq = a\\tb\\nc\n'],
    ['a comment after a quoted hash', '[alias]\n\tst = "log #1" ; comment\n'],
    ['a key on the section line', '[core] fsmonitor = false\n'],
    ['a key with no value', '[core]\n\tbare\n'],
    ['a quoted value continued', '[alias]\n\tst = "log \\\n--stat"\n'],
    // Review 24b: whitespace kept inside quotes (a trailing newline escape ended a `!` alias's first command).
    ['a quoted trailing newline escape', '[alias]\n\tnl = "!git status\\n"\n'],
    ['quoted blanks at both ends', '[alias]\n\tq = " log "\n'],
    ['blank runs and tabs inside a value', '[alias]\n\tq = log   --stat\t-1   # c\n'],
    ['a blank before a continuation', '[alias]\n\tq = log \\\n  --stat\n'],
  ])('%s', (_n, text) => {
    expect(ours(text)).toEqual(gitReads(text));
  });

  it.each([
    ['an unclosed quote', '[alias]\n\tst = "log\n'],
    ['an unknown escape', '[alias]\n\tst = log \\q\n'],
    ['a continuation at the end of the file', '[alias]\n\tst = log \\'],
  ])('refuses what it cannot read as git does (the caller is then uncertain): %s', (_n, text) => {
    const read = parseGitConfig(text);
    expect(read === undefined || read.some((e) => e.value === undefined)).toBe(true);
  });
});
