// git aliases (issue 11, ordinary work stays quiet): `git st` with `[alias] st = status -sb` in the user's or the
// repository's configuration is analysed as what git runs — the alias's words split as the real git splits them
// (checked against git's own trace), a `!` alias as shell text run from the top of the working tree with the
// arguments appended — and an alias git would not run, or whose definition gavel cannot be sure of, is not
// expanded. The reader is a table in memory, as in git-repository.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { diskReader, diskRealpath } from '../testdata/disk-reader';
import { shellEnv } from '../testdata/shell-env';
import { GIT_ALIAS_WRAPPER, type ScriptFile, type ShellAnalysis } from '../types';
import { splitAlias } from './git-aliases';

const P = '/home/u/proj';
const H = '/home/u';
const SECRET = 'TOKEN-4f1e-never-in-a-reason';
const DIR: ScriptFile = { kind: 'unreadable', why: 'not-regular' };
const text = (t: string): ScriptFile => ({ kind: 'text', text: t });

/** A repository at P with `config`, and the user's `~/.gitconfig`. */
function files(
  home: string,
  config = '',
  extra: Record<string, ScriptFile> = {},
): Record<string, ScriptFile> {
  return {
    [`${P}/.git`]: DIR,
    [`${P}/.git/config`]: text(config),
    [`${P}/.git/HEAD`]: text('ref: refs/heads/feat/x\n'),
    [`${P}/.git/objects`]: DIR,
    [`${P}/.git/refs`]: DIR,
    [`${P}/.git/refs/remotes/origin/HEAD`]: text('ref: refs/remotes/origin/main\n'),
    [`${H}/.gitconfig`]: text(home),
    ...extra,
  };
}

function analyze(command: string, table: Record<string, ScriptFile>, cwd = P): ShellAnalysis {
  const env = shellEnv({ cwd, readScript: (abs) => table[abs] ?? { kind: 'missing' } });
  return analyzeShellSync(command, env);
}
const categories = (a: ShellAnalysis) => [...new Set(a.hits.map((h) => h.category))].sort();
const expanded = (a: ShellAnalysis) => a.segments[0]?.gitAlias === true;
const argvs = (a: ShellAnalysis) =>
  a.segments.filter((s) => s.wrappers.includes(GIT_ALIAS_WRAPPER)).map((s) => s.argv.join(' '));
const HOME = '[alias]\n\tst = status -sb\n\tlg = log --oneline --graph\n\tco = checkout\n\tla = lg --all\n';

beforeAll(async () => {
  await loadShellParser();
});

describe('an alias of git arguments is analysed as the git command it expands to', () => {
  it.each([
    ['git st', 'git status -sb'],
    ['git lg -5', 'git log --oneline --graph -5'],
    ['git co -b feat/y', 'git checkout -b feat/y'],
    ['git -C . st', 'git -C . status -sb'],
    // An alias of an alias.
    ['git la', 'git lg --all'],
  ])('%s runs %s', (command, runs) => {
    const a = analyze(command, files(HOME));
    expect(expanded(a)).toBe(true);
    expect(argvs(a)[0]).toBe(runs);
    expect(a.hits).toEqual([]);
    expect(a.uncertain).toEqual([]);
  });

  it('what the expansion does is judged: a forced push to main, a checkout discarding work', () => {
    const home = '[alias]\n\tpf = push --force\n\tco = checkout\n';
    expect(categories(analyze('git pf origin main', files(home)))).toEqual(['history_rewrite_on_shared_ref']);
    expect(categories(analyze('git co -- .', files(home)))).toEqual(['local_work_loss']);
  });

  it("settings the alias carries are the nested command's (`-c core.pager=...`)", () => {
    const a = analyze('git lg', files(`[alias]\n\tlg = "-c core.pager='rm -rf ~ # ${SECRET}' log"\n`));
    expect(categories(a)).toEqual(['destructive_root_delete']);
    expect(JSON.stringify([a.hits, a.uncertain])).not.toContain(SECRET);
  });

  it("the repository's definition wins over the user's, an included file's over the including one's", () => {
    expect(categories(analyze('git st', files(HOME, '[alias]\n\tst = !rm -rf ~\n')))).toEqual([
      'destructive_root_delete',
    ]);
    const table = files('[alias]\n\tst = status\n[include]\n\tpath = more.inc\n', '', {
      [`${H}/more.inc`]: text('[alias]\n\tst = !rm -rf ~\n'),
    });
    expect(categories(analyze('git st', table))).toEqual(['destructive_root_delete']);
  });
});

describe('a `!` alias is the shell text git runs', () => {
  it('with the arguments appended', () => {
    const a = analyze('git rmf ~', files('[alias]\n\trmf = !rm -rf\n'));
    expect(categories(a)).toEqual(['destructive_root_delete']);
  });

  it('from the top of the working tree, wherever it is typed', () => {
    // From the top `../notes.txt` is a file of the home folder; from `api/` it would be one of the workspace.
    const table = files('[alias]\n\tpeek = !cat ../notes.txt\n', '', { [`${P}/api`]: DIR });
    const cat = analyze('git peek', table, `${P}/api`).segments.find((s) => s.program === 'cat');
    expect(cat?.paths.map((p) => p.class)).toEqual(['home']);
  });

  it('an ordinary one stays quiet and is marked', () => {
    const a = analyze('git root', files('[alias]\n\troot = !pwd\n'));
    expect(expanded(a)).toBe(true);
    expect(a.hits).toEqual([]);
  });
});

describe('what git hands a `!` alias and where it runs (review 24b)', () => {
  it('`$0` is the alias text itself, as `sh -c TEXT TEXT ARGS` gives it', () => {
    const table = files(`[alias]\n\tz = "!cat -- $0 # ${H}/.ssh/id_ed25519"\n`);
    expect(categories(analyze('git z', table))).toContain('secret_material_read');
  });

  it('a quoted trailing newline keeps the arguments a command of their own', () => {
    const a = analyze('git nl rm -r ~', files('[alias]\n\tnl = "!git status\\n"\n'));
    expect(categories(a)).toContain('destructive_root_delete');
  });

  it('a `!` alias in a repository whose top `core.bare` or `core.worktree` move is not expanded', () => {
    for (const config of ['[core]\n\tbare = true\n', '[core]\n\tworktree = /home/u/proj/sub\n']) {
      const a = analyze('git sc', files('', `${config}[alias]\n\tsc = !./check.sh\n`));
      expect(a.segments.some((s) => s.gitAlias)).toBe(false);
    }
  });

  it("a worktree's own configuration beside the repository's leaves the alias unexpanded", () => {
    const a = analyze(
      'git st',
      files(HOME, '', { [`${P}/.git/config.worktree`]: text('[alias]\n\tst = status\n') }),
    );
    expect(a.segments.some((s) => s.gitAlias)).toBe(false);
  });
});

describe('included files gavel cannot place are not followed (review 24b)', () => {
  it.each([
    ["git's runtime prefix", '%(prefix)/../tmp/evil.cfg'],
    ["another user's home", '~root/evil.cfg'],
  ])('%s', (_n, path) => {
    const a = analyze('git px', files(`[alias]\n\tpx = status\n[include]\n\tpath = ${path}\n`));
    expect(a.segments.some((s) => s.gitAlias)).toBe(false);
  });

  it('a symbolic link before `..` is followed as the file system follows it', () => {
    const base = mkdtempSync(join(tmpdir(), 'gavel-alias-link-'));
    try {
      const home = join(base, 'home');
      mkdirSync(join(home, 'cfg'), { recursive: true });
      mkdirSync(join(base, 'other', 'deep'), { recursive: true });
      symlinkSync(join(base, 'other', 'deep'), join(home, 'cfg', 'link'));
      writeFileSync(join(home, 'cfg', 'x.cfg'), '[alias]\n\tsy = status\n');
      writeFileSync(join(base, 'other', 'x.cfg'), '[alias]\n\tsy = !rm -rf ~\n');
      writeFileSync(
        join(home, '.gitconfig'),
        '[alias]\n\tsy = status\n[include]\n\tpath = cfg/link/../x.cfg\n',
      );
      const env = shellEnv({
        cwd: base,
        home,
        readScript: diskReader,
        realpath: diskRealpath,
      });
      expect(categories(analyzeShellSync('git sy', env))).toEqual(['destructive_root_delete']);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});

describe('an alias git would not run, or gavel cannot be sure of, is not expanded', () => {
  it.each([
    ['a name git has as a command', '[alias]\n\tstatus = !rm -rf ~\n', 'git status'],
    ['no definition', HOME, 'git frobnicate'],
    ['a definition in a conditional include', '[includeIf "gitdir:~/work/"]\n\tpath = w.inc\n', 'git st'],
    ['a pager of its own', `${HOME}[pager]\n\tst = less\n`, 'git st'],
    ['a configuration gavel cannot parse', `${HOME}[core\n`, 'git st'],
    ['an unclosed quote', "[alias]\n\tst = log '--format=%h\n", 'git st'],
    ['a value ending in a backslash', '[alias]\n\tst = "log \\\\"\n', 'git st'],
    ['an alias changed earlier in the line', HOME, "git config --global alias.st '!sh x.sh' && git st"],
    ["the user's configuration written earlier in the line", HOME, 'cp x ~/.gitconfig && git st'],
    [
      'an included file missing now but written earlier in the line',
      `${HOME}[include]\n\tpath = later.inc\n`,
      "printf '[alias]\\n\\tst = !rm -rf ~\\n' > ~/later.inc && git st",
    ],
    ['another configuration named for git', HOME, 'GIT_CONFIG_GLOBAL=/tmp/g git st'],
    ['a home of its own', HOME, 'HOME=/tmp git st'],
    ['a git folder named on the line', HOME, 'git --git-dir=/tmp/r st'],
    ['options before it computed at run time', HOME, 'git -C "$D" st'],
    ['a name typed in another case (git looks for git-ST first)', HOME, 'git ST'],
  ])('%s', (_n, home, command) => {
    const table = files(home, '', { [`${H}/w.inc`]: text('[alias]\n\tst = status\n') });
    const a = analyze(command, table);
    expect(a.segments.some((s) => s.gitAlias)).toBe(false);
    if (command === 'git status') expect(categories(a)).toEqual([]);
  });

  it('a loop is followed a few steps, and its last step stays unknown', () => {
    const a = analyze('git st', files('[alias]\n\tst = st -v\n'));
    const git = a.segments.filter((s) => s.program === 'git');
    expect(git.length).toBeLessThan(10);
    expect(git[git.length - 1]?.gitAlias).toBeUndefined();
  });

  // Final read of ADR 0135: git-lfs is a program of its own; where it is not installed an alias named `lfs` runs.
  it('an alias named lfs runs where git-lfs is not installed, and not where it is', () => {
    const home = '[alias]\n\tlfs = !rm -rf ~\n';
    expect(categories(analyze('git lfs version', files(home)))).toContain('destructive_root_delete');
    const b = analyze('git lfs version', files(home, '', { '/usr/bin/git-lfs': text('ELF') }));
    expect(expanded(b)).toBe(false);
  });

  it('a `git-<name>` program on the usual PATH runs instead of the alias', () => {
    const a = analyze('git st', files(HOME, '', { '/usr/local/bin/git-st': text('#!/bin/sh\nrm -rf ~\n') }));
    expect(expanded(a)).toBe(false);
    const b = analyze('git st', files(HOME, '', { [`${P}/node_modules/.bin/git-st`]: text('x') }));
    expect(expanded(b)).toBe(false);
  });

  it('a `.git` folder git would pass over is not the repository whose aliases count (review 24)', () => {
    // git skips `pkg/.git` (no valid HEAD, objects/ or refs/) and runs the outer repository's alias.
    const table = files('', '[alias]\n\tst = !rm -rf ~\n', {
      [`${P}/pkg`]: DIR,
      [`${P}/pkg/.git`]: DIR,
      [`${P}/pkg/.git/config`]: text('[alias]\n\tst = status\n'),
    });
    expect(categories(analyze('git st', table, `${P}/pkg`))).toEqual(['destructive_root_delete']);
    // A HEAD gavel does not take as plainly valid beside objects/ and refs/: unknown, the alias is not expanded.
    table[`${P}/pkg/.git/HEAD`] = text('garbage\n');
    table[`${P}/pkg/.git/objects`] = DIR;
    table[`${P}/pkg/.git/refs`] = DIR;
    expect(analyze('git st', table, `${P}/pkg`).segments.some((s) => s.gitAlias)).toBe(false);
    table[`${P}/pkg/.git/HEAD`] = text('ref: refs/heads/main\n');
    const a = analyze('git st', table, `${P}/pkg`);
    expect(a.segments.some((s) => s.gitAlias)).toBe(true);
    expect(categories(a)).toEqual([]);
  });

  it('without a reader nothing is expanded', () => {
    const a = analyzeShellSync('git st', shellEnv({ cwd: P }));
    expect(expanded(a)).toBe(false);
  });
});

/** The words the real git expands alias `value` to, from its trace (each printed bare or single-quoted). */
function gitSplits(value: string): string[] {
  const run = spawnSync('git', ['-c', `alias.zz=${value}`, 'zz'], {
    env: { PATH: process.env.PATH, GIT_TRACE: '1', GIT_CONFIG_NOSYSTEM: '1', HOME: outside },
    encoding: 'utf8',
    cwd: outside,
  });
  const line = run.stderr.split('\n').find((l) => l.includes('trace: alias expansion: zz => '));
  if (line === undefined) throw new Error(`git printed no expansion: ${run.stderr}`);
  const words: string[] = [];
  let word: string | undefined;
  let quoted = false;
  const shown = line.slice(line.indexOf(' => ') + 4);
  for (let i = 0; i < shown.length; i++) {
    const c = shown[i] as string;
    if (quoted) {
      if (c === "'") quoted = false;
      else word += c;
    } else if (c === ' ') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "'") {
      quoted = true;
      word ??= '';
    } else if (c === '\\') word = (word ?? '') + (shown[++i] ?? '');
    else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

const outside = mkdtempSync(join(tmpdir(), 'gavel-alias-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

describe('the words of an alias are split as git splits them', () => {
  const cases = [
    'log --oneline',
    'log "--format=%h %s" -1',
    "log '--format=%h %s' -1",
    'log a\\ b',
    'log "a\\"b" \'c\\d\'',
    'log \'a\'"b"c',
    'log "x\\y"',
    'log   --stat\t-1',
    "log --grep='it'\"'\"'s'",
  ];

  it.each(cases)('%s', (value) => {
    expect(splitAlias(value)).toEqual(gitSplits(value));
  });

  it('unclosed quotes and a trailing backslash are not read', () => {
    expect(splitAlias("log '--x")).toBeUndefined();
    expect(splitAlias('log "--x')).toBeUndefined();
    expect(splitAlias('log \\')).toBeUndefined();
    expect(splitAlias(' log')).toBeUndefined();
  });
});
