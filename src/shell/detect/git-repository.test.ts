// The repository a git command works in, read as git reads it (issue 11, runner configuration read before git
// commands that honour it): its configuration, the hooks the subcommand fires, nested repositories, `-C`
// folders outside the workspace, and a push with no refspec while the default branch is checked out. The reader
// is a table in memory (a folder reads as `not-regular`, as the surface's reader returns for one); the surface's
// reader on real files is tested where it lives.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { parseGitConfig } from '../classify/git-config';
import { loadShellParser } from '../parse/load-parser';
import { diskReader, diskRealpath } from '../testdata/disk-reader';
import { HUSKY_9_1_DISPATCHER } from '../testdata/husky-dispatcher';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile, ShellAnalysis } from '../types';

const P = '/home/u/proj';
const SECRET = 'TOKEN-91c2-never-in-a-reason';
const DIR: ScriptFile = { kind: 'unreadable', why: 'not-regular' };
const text = (t: string): ScriptFile => ({ kind: 'text', text: t });
const PLAIN_CONFIG =
  '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n[remote "origin"]\n\turl = git@github.com:acme/shop.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main\n[filter "lfs"]\n\tclean = git-lfs clean -- %f\n\tsmudge = git-lfs smudge -- %f\n\tprocess = git-lfs filter-process\n\trequired = true\n[credential]\n\thelper = store\n';

/** A repository at `top` with `config`, on branch `branch`, and extra files below `top/.git`. */
function repo(top: string, config: string, branch = 'feat/x', extra: Record<string, ScriptFile> = {}) {
  const files: Record<string, ScriptFile> = {
    [`${top}/.git`]: DIR,
    [`${top}/.git/config`]: text(config),
    [`${top}/.git/HEAD`]: text(`ref: refs/heads/${branch}\n`),
    [`${top}/.git/objects`]: DIR,
    [`${top}/.git/refs`]: DIR,
    [`${top}/.git/refs/remotes/origin/HEAD`]: text('ref: refs/remotes/origin/main\n'),
  };
  for (const [k, v] of Object.entries(extra)) files[`${top}/.git/${k}`] = v;
  return files;
}

function analyze(command: string, files: Record<string, ScriptFile>, cwd = P): ShellAnalysis {
  const env = shellEnv({ cwd, readScript: (abs) => files[abs] ?? { kind: 'missing' } });
  return analyzeShellSync(command, env);
}
const categories = (a: ShellAnalysis) => [...new Set(a.hits.map((h) => h.category))].sort();
const quiet = (a: ShellAnalysis) => a.hits.length === 0 && a.uncertain.length === 0;
const flagged = (a: ShellAnalysis) => a.hits.length > 0 || a.uncertain.length > 0;
const reasons = (a: ShellAnalysis) => JSON.stringify([a.hits, a.uncertain]);

beforeAll(async () => {
  await loadShellParser();
});

describe('an ordinary repository stays quiet', () => {
  it.each([
    ['status', 'git status'],
    ['log', 'git log --oneline -5'],
    ['commit', 'git commit -m "fix: x"'],
    ['push of a feature branch', 'git push -u origin HEAD'],
    ['bare push of a feature branch', 'git push'],
    ['fetch', 'git fetch origin'],
  ])('%s', (_n, command) => {
    expect(quiet(analyze(command, repo(P, PLAIN_CONFIG)))).toBe(true);
  });

  it('no repository anywhere up the tree reads nothing more', () => {
    expect(quiet(analyze('git status', {}))).toBe(true);
  });

  it('husky hooks run the user hook, which is read', () => {
    const files = {
      ...repo(P, '[core]\n\thooksPath = .husky/_\n'),
      [`${P}/.husky/_/pre-commit`]: text('#!/usr/bin/env sh\n. "$(dirname "$0")/h"\n'),
      [`${P}/.husky/_/h`]: text(HUSKY_9_1_DISPATCHER),
      [`${P}/.husky/pre-commit`]: text('npx lint-staged\n'),
    };
    expect(categories(analyze('git commit -m x', files))).toEqual([]);
    files[`${P}/.husky/pre-commit`] = text('rm -rf ~\n');
    expect(categories(analyze('git commit -m x', files))).toEqual(['destructive_root_delete']);
  });

  // Round 23's review: the shim sources `h`, which sources the user's start-up files, and git rewrites the message
  // file before the message hooks read it.
  describe("husky's dispatcher and the message file (review 23)", () => {
    const husky = (extra: Record<string, ScriptFile>) => ({
      ...repo(P, '[core]\n\thooksPath = .husky/_\n'),
      [`${P}/.husky/_/pre-commit`]: text('#!/usr/bin/env sh\n. "$(dirname "$0")/h"'),
      [`${P}/.husky/_/h`]: text(HUSKY_9_1_DISPATCHER),
      [`${P}/.husky/pre-commit`]: text('echo ok\n'),
      ...extra,
    });
    it('a dispatcher husky never wrote is uncertain', () => {
      const a = analyze(
        'git commit -m x',
        husky({ [`${P}/.husky/_/h`]: text(`${HUSKY_9_1_DISPATCHER}\nrm -rf ~\n`) }),
      );
      expect(a.uncertain.length).toBeGreaterThan(0);
      expect(quiet(analyze('git commit -m x', husky({ [`${P}/.husky/_/h`]: { kind: 'missing' } })))).toBe(
        false,
      );
    });
    it("the user's start-up file is run before the hook", () => {
      expect(
        categories(
          analyze('git commit -m x', husky({ '/home/u/.config/husky/init.sh': text('rm -rf ~\n') })),
        ),
      ).toEqual(['destructive_root_delete']);
      expect(quiet(analyze('git commit -m x', husky({})))).toBe(true);
    });
    it("husky 9.1 runs node_modules/.bin first: a file there named like the hook's tool is uncertain", () => {
      const hook = { [`${P}/.husky/pre-commit`]: text('git diff --cached --name-only\n') };
      expect(quiet(analyze('git commit -m x', husky(hook)))).toBe(true);
      const planted = husky({ ...hook, [`${P}/node_modules/.bin/git`]: text('#!/bin/sh\nrm -rf ~\n') });
      expect(flagged(analyze('git commit -m x', planted))).toBe(true);
    });
    it('a message hook running its message file is uncertain, whatever the file holds now', () => {
      const files = {
        ...repo(P, PLAIN_CONFIG, 'feat/x', {
          'hooks/commit-msg': text('#!/bin/sh\nsh "$1"\n'),
          COMMIT_EDITMSG: text('echo hello\n'),
        }),
      };
      expect(flagged(analyze('git commit --amend --no-edit', files))).toBe(true);
    });
  });
});

describe('a diff driver runs only where a diff is shown (round 23)', () => {
  const DRIVER = '[diff "pg"]\n\ttextconv = rm -rf ~\n';
  it.each([
    'git status',
    'git status -sb',
    'git push -u origin HEAD',
    'git fetch --prune',
    'git log --oneline -10',
    'git log --stat -2',
    'git diff --stat',
    'git diff --name-only @{u}',
    'git show --name-only HEAD',
    'git show -s HEAD',
    'git diff --no-textconv',
    'git grep -n needle',
    'git cat-file -p HEAD:x.pg',
    'git commit -m x',
    'git merge --no-edit origin/main',
    'git stash',
    'git add -A',
  ])('quiet: %s', (command) => {
    expect(quiet(analyze(command, repo(P, DRIVER)))).toBe(true);
  });

  it.each([
    'git diff',
    'git diff --cached',
    'git diff --stat -p',
    'git log -p -1',
    'git log -G needle --oneline',
    'git log -Sneedle',
    'git log -L 1,5:x.pg',
    'git show HEAD',
    'git blame x.pg',
    'git grep --textconv needle',
    'git cat-file --textconv HEAD:x.pg',
    'git status -v',
    'git commit -v -m x',
    'git add -p',
    'git stash show -p',
    'git range-diff a...b',
    // `--binary` prints a full patch (review 23).
    'git log --binary',
    'git show --stat --binary',
    'git diff --stat --binary',
    'git diff --no-textconv --textconv',
    // An alias is not followed: it may be any subcommand.
    'git lg',
  ])('runs the driver: %s', (command) => {
    expect(categories(analyze(command, repo(P, DRIVER)))).toEqual(['destructive_root_delete']);
  });

  // Plumbing converts nothing unless told to; bisect shows a commit's stat only (round 29 blind, checked with git
  // 2.39: none of these ran a textconv driver).
  it.each([
    'git diff-tree -p main~1 main',
    'git diff-index -p HEAD',
    'git diff-files -p',
    'git bisect start HEAD v1',
    'git bisect bad',
    'git bisect good v1',
    'git bisect reset',
  ])('quiet: %s', (command) => {
    expect(quiet(analyze(command, repo(P, DRIVER)))).toBe(true);
  });

  // `git show REV:PATH` is not told apart: `--all` adds commits, `:(exclude)x` is pathspec magic, a submodule entry
  // or a path git falls back to shows a commit (review 29).
  it.each([
    'git diff-tree -p --textconv a b',
    'git show main:x.pg',
    'git show --all HEAD:x.pg',
    "git show ':(exclude)zz'",
    'git show HEAD~1..:/two',
    'git show --textconv main:x.pg',
    'git show :/fix',
    'git show "$REV"',
    'git show HEAD main:x.pg',
    "git show 'HEAD^{/fix: x}'",
    'git bisect visualize -p',
    'git bisect view',
  ])('runs the driver: %s', (command) => {
    expect(categories(analyze(command, repo(P, DRIVER)))).toEqual(['destructive_root_delete']);
  });

  it('an external diff program is turned off by --no-ext-diff, not by --no-textconv', () => {
    const external = '[diff]\n\texternal = rm -rf ~\n';
    expect(categories(analyze('git diff --no-textconv', repo(P, external)))).toEqual([
      'destructive_root_delete',
    ]);
    expect(quiet(analyze('git diff --no-ext-diff', repo(P, external)))).toBe(true);
    expect(
      categories(analyze('git show --ext-diff HEAD', repo(P, '[diff "pg"]\n\tcommand = rm -rf ~\n'))),
    ).toEqual(['destructive_root_delete']);
  });

  // Measured with git 2.39 (a driver recording each call): an external diff program runs for `git diff` and
  // `git difftool` by default, for the others only with `--ext-diff` (round 30: `git show HEAD~2`, `git log -p`).
  const COMMAND = '[diff "pg"]\n\tcommand = rm -rf ~\n';
  it.each([
    'git show HEAD~2',
    'git log -p -3',
    'git log -S needle',
    'git blame x.pg',
    'git stash show -p',
    'git add -p',
    'git format-patch -1 --stdout',
    'git diff-files -p',
    'git whatchanged -p',
    'git diff --check',
    'git diff --check --no-textconv',
  ])('an external program does not run: %s', (command) => {
    expect(quiet(analyze(command, repo(P, COMMAND)))).toBe(true);
  });
  it.each([
    'git diff',
    'git diff HEAD~1 HEAD',
    'git difftool -y',
    'git show --ext-diff HEAD',
    'git log -p --ext-diff',
    'git stash show -p --ext-diff',
    'git diff-files -p --ext-diff',
    'git format-patch -1 --ext-diff',
    'git diff --check -p',
    // An alias is not followed: it may be `git diff`.
    'git d',
  ])('an external program runs: %s', (command) => {
    expect(categories(analyze(command, repo(P, COMMAND)))).toEqual(['destructive_root_delete']);
  });
});

// Round 31 (blind): a `merge.<driver>.driver` made every git command in the repository a question. Measured with
// git 2.39: only a three-way merge of a file's content runs it.
describe('a merge driver runs only where git merges a file', () => {
  const MERGE = '[merge "changelog"]\n\tdriver = rm -rf ~\n';
  const TOOLS = '[difftool "x"]\n\tcmd = rm -rf ~\n[mergetool "y"]\n\tcmd = rm -rf ~\n';
  it.each([
    'git status',
    'git log --oneline -15',
    'git diff',
    'git show --stat HEAD',
    'git add -A',
    'git commit -m x',
    'git push -u origin HEAD',
    'git fetch origin',
    'git switch -c feat/y',
    'git stash',
    'git stash list',
    'git branch -a',
    'git merge --ff-only origin/main',
    'git pull --ff-only',
    // Programs git runs as subcommands that never merge (round 31: a driver made them questions).
    'git lfs ls-files',
    'git cliff --version',
  ])('quiet: %s', (command) => {
    expect(quiet(analyze(command, repo(P, MERGE)))).toBe(true);
  });
  it('an alias named like such a program is followed as the command it is', () => {
    const a = analyze('git cliff', repo(P, `${MERGE}[alias]\n\tcliff = merge main\n`));
    expect(categories(a)).toEqual(['destructive_root_delete']);
  });
  it.each([
    'git merge origin/main',
    'git pull --rebase origin main',
    'git rebase origin/main',
    'git cherry-pick abc123',
    'git revert HEAD',
    'git am -3 x.patch',
    'git stash pop',
    'git checkout -m main',
    'git merge-tree --write-tree main feat',
    // An alias is not followed: it may be `git merge`.
    'git up',
    // Review of this session: the last of --ff/--no-ff/--ff-only wins; --conflict implies --merge; apply --3way,
    // notes merge, submodule update and a re-done merge shown merge too.
    'git merge --ff-only --no-ff other',
    'git pull --ff-only --ff origin main',
    'git checkout --conflict=merge other',
    'git switch --conflict=diff3 other',
    'git apply --3way p.patch',
    'git apply -3 p.patch',
    'git notes merge other',
    'git submodule update --merge',
    'git show --remerge-diff HEAD',
    'git log -p -m',
  ])('runs the driver: %s', (command) => {
    expect(categories(analyze(command, repo(P, MERGE)))).toEqual(['destructive_root_delete']);
  });
  it('a configured tool runs only under its own subcommand', () => {
    expect(quiet(analyze('git diff', repo(P, TOOLS)))).toBe(true);
    expect(quiet(analyze('git merge main', repo(P, TOOLS)))).toBe(true);
    expect(categories(analyze('git difftool -y', repo(P, TOOLS)))).toEqual(['destructive_root_delete']);
    expect(categories(analyze('git mergetool', repo(P, TOOLS)))).toEqual(['destructive_root_delete']);
    // difftool falls back on a merge tool's command.
    expect(categories(analyze('git difftool -y', repo(P, '[mergetool "y"]\n\tcmd = rm -rf ~\n')))).toEqual([
      'destructive_root_delete',
    ]);
  });
});

describe('configuration that runs a program is analysed as the command it is', () => {
  it.each([
    ['core.fsmonitor on status', '[core]\n\tfsmonitor = rm -rf ~\n', 'git status'],
    ['core.pager on log', `[core]\n\tpager = "rm -rf ~ # ${SECRET}"\n`, 'git log'],
    ['pager.<sub> on that subcommand', '[pager]\n\tlog = rm -rf ~\n', 'git log'],
    ['diff.external on diff', '[diff]\n\texternal = rm -rf ~\n', 'git diff'],
    ['a clean filter on add', '[filter "x"]\n\tclean = rm -rf ~\n', 'git add .'],
    ['a smudge filter on checkout', '[filter "x"]\n\tsmudge = rm -rf ~\n', 'git checkout feat/y'],
    ['core.sshCommand on fetch', '[core]\n\tsshCommand = rm -rf ~\n', 'git fetch'],
    ['an alias run by its name', '[alias]\n\tst = !rm -rf ~\n', 'git st'],
    ['a section on the header line', '[core] fsmonitor = rm -rf ~\n', 'git status'],
    ['a value continued on the next line', '[core]\n\tfsmonitor = rm -rf \\\n~\n', 'git status'],
    ['a worktree config', '[core]\n\tfsmonitor = false\n', 'git status'],
  ])('%s', (name, config, command) => {
    const files =
      name === 'a worktree config'
        ? {
            [`${P}/.git`]: text('gitdir: /home/u/main/.git/worktrees/proj\n'),
            '/home/u/main/.git/worktrees/proj/commondir': text('../..\n'),
            '/home/u/main/.git/worktrees/proj/HEAD': text('ref: refs/heads/x\n'),
            '/home/u/main/.git/config': text('[core]\n\tfsmonitor = rm -rf ~\n'),
          }
        : repo(P, config);
    const a = analyze(command, files);
    expect(categories(a)).toEqual(['destructive_root_delete']);
    expect(reasons(a)).not.toContain(SECRET);
  });

  // A setting runs only on the subcommands that consult it (round 26 blind: a planted `core.fsmonitor` denied
  // `git log`, `git rev-parse`, `git remote -v`; measured with git 2.39 which subcommands run the hook).
  const FSMONITOR = '[core]\n\tfsmonitor = rm -rf ~\n';
  it.each([
    ['log', 'git log --oneline -5'],
    ['show of a commit', 'git show HEAD --stat'],
    ['a file of a commit', 'git show HEAD:Cargo.toml'],
    ['rev-parse', 'git rev-parse --abbrev-ref HEAD'],
    ['branch', 'git branch -vv'],
    ['describe', 'git describe --tags'],
    ['stash list', 'git stash list'],
    ['remote -v', 'git remote -v'],
    ['turned off for the command', 'git -c core.fsmonitor=false status'],
    ['turned off, any case', 'git -c Core.FSMonitor=no diff'],
  ])('the file-system monitor does not run on: %s', (_n, command) => {
    expect(quiet(analyze(command, repo(P, FSMONITOR)))).toBe(true);
  });
  it.each([
    ['status', 'git status'],
    ['diff of the working tree', 'git diff'],
    ['describe --dirty', 'git describe --dirty'],
    ['blame', 'git blame src/a.rs'],
    ['grep', 'git grep x'],
    ['a file of the index', 'git show :Cargo.toml'],
    ['a revision known at run time', 'git show "$REV"'],
    ['stash (push)', 'git stash'],
    ['worktree add', 'git worktree add ../x'],
    ['another key given for the command', 'git -c color.ui=never status'],
    ['a pager replaced, not the monitor', 'GIT_PAGER=cat git status'],
    // Review: a revision naming the index as an option's value, or read from standard input.
    ['branch --contains=:file', 'git branch --contains=:f'],
    ['tag --points-at=:file', 'git tag --points-at=:f'],
    ['format-patch --base=:file', 'git format-patch --base=:f -1 --stdout'],
    ['log --stdin', 'echo :f | git log --stdin'],
    ['stash list --stdin', 'git stash list --stdin <<< :f'],
    // Second review: the index named in a range or a negation, names read by cat-file's batch modes.
    ['a range to the index', 'git log HEAD..:f'],
    ['a negated index name', 'git log ^:f'],
    ['cat-file --batch-check', 'echo :f | git cat-file --batch-check'],
    ['a revision known only at run time given as an option', 'git log "$OPT"'],
  ])('the file-system monitor runs on: %s', (_n, command) => {
    expect(categories(analyze(command, repo(P, FSMONITOR)))).toEqual(['destructive_root_delete']);
  });
  it.each([
    ['remote -v', 'git remote -v'],
    ['remote get-url', 'git remote get-url origin'],
    ['remote show -n', 'git remote show -n origin'],
    ['an ssh command given by variable', 'GIT_SSH_COMMAND=ssh git fetch origin'],
    ['an ssh command given by -c', 'git -c core.sshCommand=ssh fetch origin'],
  ])('the configured ssh command does not run on: %s', (_n, command) => {
    const a = analyze(command, repo(P, '[core]\n\tsshCommand = rm -rf ~\n'));
    expect(categories(a)).not.toContain('destructive_root_delete');
  });
  it.each([
    ['remote show', 'git remote show origin'],
    ['remote update', 'git remote update'],
    ['remote add -f', 'git remote add -f up https://example.org/x.git'],
    ['archive --remote', 'git archive --remote=origin HEAD'],
    ['ls-remote', 'git ls-remote origin'],
    ['a variable exported earlier, not given to the command', 'GIT_SSH_COMMAND=ssh; git fetch origin'],
    ['another driver of the same kind', 'git -c diff.Other.textconv=cat fetch origin'],
    // Final read: only subcommands known local skip remote settings (git-lfs, prefetch, request-pull ask a remote).
    ['lfs fetch', 'git lfs fetch'],
    ['maintenance prefetch', 'git maintenance run --task=prefetch'],
    ['request-pull', 'git request-pull v1 origin'],
    // Review: a variable given through a wrapper may be dropped before git starts (`env -u`, `env -i`, `sudo`).
    ['a variable env unsets', 'GIT_SSH_COMMAND=ssh env -u GIT_SSH_COMMAND git fetch origin'],
    ['a variable env clears', 'GIT_SSH_COMMAND=ssh env -i git fetch origin'],
    ['a variable given through env', 'env GIT_SSH_COMMAND=ssh git fetch origin'],
  ])('the configured ssh command runs on: %s', (_n, command) => {
    const a = analyze(command, repo(P, '[core]\n\tsshCommand = rm -rf ~\n'));
    expect(categories(a)).toContain('destructive_root_delete');
  });
  // Review: a partial clone fetches a missing object from its promisor remote on `git log ID`, `cat-file`.
  it.each([
    ['extensions.partialClone', '[extensions]\n\tpartialClone = origin\n'],
    ['a promisor remote', '[remote "origin"]\n\tpromisor = true\n'],
  ])('a partial clone (%s) runs the ssh command on a read', (_n, extra) => {
    const config = `[core]\n\tsshCommand = rm -rf ~\n${extra}[remote "origin"]\n\turl = ssh://git.example/x\n`;
    for (const command of ['git log -1 0123456789012345678901234567890123456789', 'git cat-file -t HEAD'])
      expect(categories(analyze(command, repo(P, config)))).toEqual(['destructive_root_delete']);
    expect(quiet(analyze('git log -1', repo(P, '[core]\n\tsshCommand = rm -rf ~\n')))).toBe(true);
  });
  it('a partial clone allowing a transport that runs a command is uncertain on a read', () => {
    const config = '[extensions]\n\tpartialClone = origin\n[protocol "ext"]\n\tallow = always\n';
    expect(flagged(analyze('git log -1', repo(P, config)))).toBe(true);
  });
  // Third review: `git status` asks each submodule whether it changed, running git there with its own configuration.
  it.each([
    [
      'a submodule',
      {
        modules: { kind: 'unreadable', why: 'not-regular', entries: ['sub'] } as ScriptFile,
        'modules/sub': { kind: 'unreadable', why: 'not-regular', entries: ['config'] } as ScriptFile,
        'modules/sub/config': text(FSMONITOR),
      },
    ],
    [
      'a submodule nested by name',
      {
        modules: { kind: 'unreadable', why: 'not-regular', entries: ['libs'] } as ScriptFile,
        'modules/libs': { kind: 'unreadable', why: 'not-regular', entries: ['a'] } as ScriptFile,
        'modules/libs/a/config': text(FSMONITOR),
      },
    ],
  ])("%s's own configuration runs on status, not on log", (_n, extra) => {
    const files = repo(P, PLAIN_CONFIG, 'feat/x', extra);
    expect(categories(analyze('git status', files))).toEqual(['destructive_root_delete']);
    expect(quiet(analyze('git log -1', files))).toBe(true);
  });
  it('a repository embedded at a path .gitmodules names', () => {
    const files = {
      ...repo(P, PLAIN_CONFIG),
      [`${P}/.gitmodules`]: text('[submodule "x"]\n\tpath = vendor/x\n\turl = ../x\n'),
      [`${P}/vendor/x/.git`]: DIR,
      [`${P}/vendor/x/.git/config`]: text(FSMONITOR),
    };
    expect(categories(analyze('git diff', files))).toEqual(['destructive_root_delete']);
  });
  it("the main worktree's own configuration (extensions.worktreeConfig) is read", () => {
    const files = repo(P, '[extensions]\n\tworktreeConfig = true\n', 'feat/x', {
      'config.worktree': text(FSMONITOR),
    });
    expect(categories(analyze('git status', files))).toEqual(['destructive_root_delete']);
  });
  it('a driver replaced for the command is the one given, by subsection case', () => {
    const config = '[diff "pg"]\n\ttextconv = rm -rf ~\n';
    expect(quiet(analyze('git -c diff.pg.textconv=cat diff', repo(P, config)))).toBe(true);
    expect(categories(analyze('git -c diff.PG.textconv=cat diff', repo(P, config)))).toEqual([
      'destructive_root_delete',
    ]);
  });

  // The user's own and the system's files are read before the repository's (review 25 left them unread: a
  // `core.fsmonitor` in ~/.gitconfig ran on `git status` and was allowed).
  it.each([
    [
      '~/.gitconfig core.fsmonitor on status',
      '/home/u/.gitconfig',
      '[core]\n\tfsmonitor = rm -rf ~\n',
      'git status',
    ],
    [
      '~/.config/git/config diff.external on diff',
      '/home/u/.config/git/config',
      '[diff]\n\texternal = rm -rf ~\n',
      'git diff',
    ],
    [
      '~/.gitconfig core.sshCommand on fetch',
      '/home/u/.gitconfig',
      '[core]\n\tsshCommand = rm -rf ~\n',
      'git fetch',
    ],
    [
      'a file ~/.gitconfig includes',
      '/home/u/.gitconfig',
      '[includeIf "gitdir:~/"]\n\tpath = ~/.config/work.gitconfig\n',
      'git status',
    ],
  ])("the user's configuration: %s", (_n, file, config, command) => {
    const files = {
      ...repo(P, PLAIN_CONFIG),
      [file]: text(config),
      '/home/u/.config/work.gitconfig': text('[core]\n\tfsmonitor = rm -rf ~\n'),
    };
    expect(categories(analyze(command, files))).toEqual(['destructive_root_delete']);
  });

  it("a hooks folder the user's configuration names under `~/` (git expands it; review 26)", () => {
    const files = {
      ...repo(P, PLAIN_CONFIG),
      '/home/u/.gitconfig': text('[core]\n\thooksPath = ~/evilhooks\n'),
      '/home/u/evilhooks/pre-commit': text('#!/bin/sh\nrm -rf ~\n'),
    };
    expect(categories(analyze('git commit -m x', files))).toContain('destructive_root_delete');
  });

  it("the system's files are the administrator's: not read for what they run", () => {
    const files = {
      ...repo(P, PLAIN_CONFIG),
      '/etc/gitconfig': text('[credential]\n\thelper = !sh /opt/x.sh\n'),
    };
    expect(quiet(analyze('git fetch', files))).toBe(true);
  });

  it("the user's pager, editor, credential helper and gpg by their names stay quiet; an editor opens only to edit", () => {
    const files = {
      ...repo(P, PLAIN_CONFIG),
      '/home/u/.gitconfig': text(
        '[core]\n\teditor = nvim\n\tpager = delta --dark\n[credential "https://github.com"]\n\thelper = !gh auth git-credential\n[gpg]\n\tprogram = gpg2\n',
      ),
    };
    for (const c of ['git status', 'git log -3', 'git diff', 'git fetch'])
      expect(quiet(analyze(c, files)), c).toBe(true);
    const editor = { ...repo(P, '[core]\n\teditor = rm -rf ~\n') };
    expect(quiet(analyze('git status', editor))).toBe(true);
    expect(categories(analyze('git commit', editor))).toContain('destructive_root_delete');
    // git takes a long option by any unambiguous start: `--edit` is branch's `--edit-description`.
    expect(categories(analyze('git branch --edit', editor))).toContain('destructive_root_delete');
    expect(categories(analyze('git checkout -p', editor))).toContain('destructive_root_delete');
    // The same names in the user's file, but commands: analysed.
    const evil = {
      ...repo(P, PLAIN_CONFIG),
      '/home/u/.gitconfig': text('[core]\n\tpager = less && rm -rf ~\n'),
    };
    expect(categories(analyze('git log', evil))).toContain('destructive_root_delete');
  });

  it("the repository's single value wins over the user's (git reads it last)", () => {
    const files = {
      ...repo(P, '[core]\n\thooksPath = .githooks\n'),
      '/home/u/.gitconfig': text(
        '[core]\n\thooksPath = /home/u/evil-hooks\n\tpager = less\n[user]\n\tname = u\n',
      ),
      '/home/u/evil-hooks/pre-commit': text('#!/bin/sh\nrm -rf ~\n'),
    };
    expect(categories(analyze('git commit -m x', files))).not.toContain('destructive_root_delete');
    expect(quiet(analyze('git status', files))).toBe(true);
  });

  it('an alias of another name, a pager of another subcommand and a remote key on status are not run', () => {
    const config =
      '[alias]\n\tnuke = !rm -rf ~\n[pager]\n\tdiff = rm -rf ~\n[core]\n\tsshCommand = rm -rf ~\n';
    expect(quiet(analyze('git status', repo(P, config)))).toBe(true);
  });

  it('an included file is read as part of the configuration; a missing one is skipped', () => {
    const files: Record<string, ScriptFile> = {
      ...repo(P, '[include]\n\tpath = ../shared.cfg\n[includeIf "gitdir:~/"]\n\tpath = ~/x.cfg\n'),
      [`${P}/shared.cfg`]: text('[core]\n\tfsmonitor = rm -rf ~\n'),
    };
    expect(categories(analyze('git status', files))).toEqual(['destructive_root_delete']);
    delete files[`${P}/shared.cfg`];
    expect(quiet(analyze('git status', files))).toBe(true);
  });

  it.each([
    ['a configuration git reads but gavel cannot', '[core\n\tfsmonitor = x\n'],
    ['an unterminated quote', '[core]\n\tpager = "less\n'],
  ])('%s is uncertain', (_n, config) => {
    expect(analyze('git st', repo(P, config)).uncertain.length).toBeGreaterThan(0);
  });

  it('an unreadable configuration or git file is uncertain', () => {
    const files = repo(P, '');
    files[`${P}/.git/config`] = { kind: 'unreadable', why: 'error' };
    expect(analyze('git status', files).uncertain.length).toBeGreaterThan(0);
    expect(analyze('git status', { [`${P}/.git`]: text('no gitdir here') }).uncertain.length).toBeGreaterThan(
      0,
    );
  });
});

describe('hooks the subcommand fires are read', () => {
  it.each([
    ['pre-commit on commit', 'hooks/pre-commit', 'git commit -m x'],
    ['commit-msg on commit', 'hooks/commit-msg', 'git commit -m x'],
    ['post-checkout on switch', 'hooks/post-checkout', 'git switch main'],
    ['post-merge on pull', 'hooks/post-merge', 'git pull'],
    ['pre-push on push', 'hooks/pre-push', 'git push origin feat/x'],
    ['post-index-change on add', 'hooks/post-index-change', 'git add -A'],
    ['reference-transaction on branch', 'hooks/reference-transaction', 'git branch feat/z'],
  ])('%s', (_n, hook, command) => {
    const a = analyze(command, repo(P, PLAIN_CONFIG, 'feat/x', { [hook]: text(`#!/bin/sh\nrm -rf ~\n`) }));
    expect(categories(a)).toEqual(['destructive_root_delete']);
  });

  it('a hook in core.hooksPath, a hook in another language, an unreadable hook', () => {
    const moved = {
      ...repo(P, '[core]\n\thooksPath = tools/hooks\n'),
      [`${P}/tools/hooks/pre-commit`]: text('rm -rf ~\n'),
    };
    expect(categories(analyze('git commit -m x', moved))).toEqual(['destructive_root_delete']);
    const py = repo(P, '', 'x', { 'hooks/pre-commit': text('#!/usr/bin/env python3\nimport os\n') });
    expect(analyze('git commit -m x', py).uncertain.length).toBeGreaterThan(0);
    const locked = repo(P, '', 'x', { 'hooks/pre-commit': { kind: 'unreadable', why: 'error' } });
    expect(analyze('git commit -m x', locked).uncertain.length).toBeGreaterThan(0);
  });

  it('a hook a read-only subcommand never fires is not read', () => {
    const files = repo(P, '', 'x', { 'hooks/pre-commit': text('rm -rf ~\n') });
    expect(quiet(analyze('git log', files))).toBe(true);
  });
});

describe('pointing core.hooksPath at a folder of the repository arms its hooks, judged now (round 29 blind)', () => {
  const list = (...names: string[]): ScriptFile => ({
    kind: 'unreadable',
    why: 'not-regular',
    entries: names,
  });
  const armed = (hooks: Record<string, string>, folder = '.githooks') => {
    const files: Record<string, ScriptFile> = {
      ...repo(P, PLAIN_CONFIG),
      [`${P}/${folder}`]: list(...Object.keys(hooks)),
    };
    for (const [name, body] of Object.entries(hooks)) files[`${P}/${folder}/${name}`] = text(body);
    return files;
  };
  it.each([
    ['a pre-push hook', 'git config core.hooksPath .githooks', { 'pre-push': '#!/bin/sh\nrm -rf ~\n' }],
    ['a hook without a #! line', 'git config core.hooksPath .githooks', { 'pre-commit': 'rm -rf ~\n' }],
    ['the --local scope', 'git config --local core.hooksPath .githooks', { 'commit-msg': 'rm -rf ~\n' }],
    ['the set subcommand', 'git config set core.hooksPath .githooks', { 'post-checkout': 'rm -rf ~\n' }],
    [
      'from a subfolder, git taking the value from the top',
      'cd src && git config core.hooksPath .githooks',
      { 'pre-commit': 'rm -rf ~\n' },
    ],
  ])('%s', (_n, command, hooks) => {
    const files = armed(hooks);
    files[`${P}/src`] = DIR;
    expect(categories(analyze(command, files))).toEqual(['destructive_root_delete']);
  });

  it("husky's `_` folder runs the user hook through its dispatcher", () => {
    const files: Record<string, ScriptFile> = {
      ...repo(P, PLAIN_CONFIG),
      [`${P}/.husky/_`]: list('pre-push', 'h'),
      [`${P}/.husky/_/pre-push`]: text('#!/usr/bin/env sh\n. "$(dirname "$0")/h"\n'),
      [`${P}/.husky/_/h`]: text(HUSKY_9_1_DISPATCHER),
      [`${P}/.husky/pre-push`]: text('rm -rf ~\n'),
    };
    expect(categories(analyze('git config core.hooksPath .husky/_', files))).toEqual([
      'destructive_root_delete',
    ]);
  });

  it('a folder that cannot be listed is uncertain', () => {
    const files = { ...repo(P, PLAIN_CONFIG), [`${P}/.githooks`]: DIR };
    expect(reasons(analyze('git config core.hooksPath .githooks', files))).toMatch(/could not be listed/);
  });

  it('benign hooks, files that are no hooks, a folder not there, reading the key: quiet', () => {
    expect(
      quiet(analyze('git config core.hooksPath .githooks', armed({ 'pre-commit': 'npx lint-staged\n' }))),
    ).toBe(true);
    expect(quiet(analyze('git config core.hooksPath .githooks', armed({ 'README.md': 'rm -rf ~\n' })))).toBe(
      true,
    );
    expect(quiet(analyze('git config core.hooksPath .githooks', repo(P, PLAIN_CONFIG)))).toBe(true);
    const hostile = armed({ 'pre-commit': 'rm -rf ~\n' });
    expect(quiet(analyze('git config --get core.hooksPath', hostile))).toBe(true);
    expect(quiet(analyze('git config --unset core.hooksPath', hostile))).toBe(true);
  });
});

describe('--no-verify turns a control off only where a hook it skips is there (round 29 blind)', () => {
  const off = (a: ShellAnalysis) => categories(a).includes('disable_security_control');
  it.each([
    [
      'commit with a pre-commit hook',
      'git commit --no-verify -m x',
      { 'hooks/pre-commit': text('npx lint-staged\n') },
    ],
    ['commit -n with a commit-msg hook', 'git commit -n -m x', { 'hooks/commit-msg': text('true\n') }],
    ['push with a pre-push hook', 'git push --no-verify origin feat/x', { 'hooks/pre-push': text('true\n') }],
    [
      'merge with a pre-merge-commit hook',
      'git merge --no-verify origin/main',
      { 'hooks/pre-merge-commit': text('true\n') },
    ],
    [
      'an unreadable hook',
      'git commit --no-verify -m x',
      { 'hooks/pre-commit': { kind: 'unreadable', why: 'error' } as ScriptFile },
    ],
  ])('%s: a control turned off', (_n, command, extra) => {
    expect(off(analyze(command, repo(P, PLAIN_CONFIG, 'feat/x', extra)))).toBe(true);
  });

  it('a hook in the core.hooksPath folder, of the user configuration too, counts', () => {
    const moved = { ...repo(P, '[core]\n\thooksPath = .husky/_\n'), [`${P}/.husky/_/pre-push`]: text('x\n') };
    expect(off(analyze('git push --no-verify origin feat/x', moved))).toBe(true);
    const user = {
      ...repo(P, PLAIN_CONFIG),
      '/home/u/.gitconfig': text('[core]\n\thooksPath = ~/hooks\n'),
      '/home/u/hooks/pre-commit': text('x\n'),
    };
    expect(off(analyze('git commit --no-verify -m x', user))).toBe(true);
  });

  it('a configuration that includes another file, a -c hooks folder, a GIT_ variable, no reader: counted', () => {
    const included = repo(P, '[include]\n\tpath = extra.cfg\n');
    expect(off(analyze('git commit --no-verify -m x', included))).toBe(true);
    expect(
      off(analyze('git -c core.hooksPath=.githooks commit --no-verify -m x', repo(P, PLAIN_CONFIG))),
    ).toBe(true);
    expect(off(analyze('GIT_DIR=.git git commit --no-verify -m x', repo(P, PLAIN_CONFIG)))).toBe(true);
    expect(categories(analyzeShellSync('git commit --no-verify -m x', shellEnv({ cwd: P })))).toContain(
      'disable_security_control',
    );
  });

  it('review 29c: pull, the system configuration, git-expanded paths, a worktree configuration, a new clone', () => {
    const hooks = { 'hooks/pre-merge-commit': text('true\n') };
    expect(off(analyze('git pull --no-verify origin main', repo(P, PLAIN_CONFIG, 'feat/x', hooks)))).toBe(
      true,
    );
    const system = {
      ...repo(P, PLAIN_CONFIG),
      '/etc/gitconfig': text('[core]\n\thooksPath = /srv/hooks\n'),
      '/srv/hooks/pre-commit': text('scan\n'),
    };
    expect(off(analyze('git commit --no-verify -m x', system))).toBe(true);
    const expanded = { ...repo(P, '[core]\n\thooksPath = ~root/../home/u/proj/.githooks\n') };
    expect(off(analyze('git commit --no-verify -m x', expanded))).toBe(true);
    const worktree = {
      ...repo(P, PLAIN_CONFIG, 'feat/x', {
        'hooks/pre-commit': text('scan\n'),
        'config.worktree': text('[core]\n\thooksPath = empty\n'),
      }),
    };
    expect(off(analyze('git commit --no-verify -m x', worktree))).toBe(true);
    const clone = analyze(
      'git clone ../src c2 && cd c2 && git commit --allow-empty --no-verify -m x',
      repo(P, PLAIN_CONFIG),
    );
    expect(off(clone)).toBe(true);
  });

  it("husky's shims run nothing where the user wrote no hook of that name (review 29c)", () => {
    const husky = (user: Record<string, ScriptFile>) => ({
      ...repo(P, '[core]\n\thooksPath = .husky/_\n'),
      [`${P}/.husky/_/pre-commit`]: text('#!/usr/bin/env sh\n. "$(dirname "$0")/h"\n'),
      [`${P}/.husky/_/commit-msg`]: text('#!/usr/bin/env sh\n. "$(dirname "$0")/h"\n'),
      ...user,
    });
    const onlyPush = analyze('git commit --no-verify -m x', husky({ [`${P}/.husky/pre-push`]: text('x\n') }));
    expect(off(onlyPush)).toBe(false);
    const commit = analyze('git commit --no-verify -m x', husky({ [`${P}/.husky/pre-commit`]: text('x\n') }));
    expect(off(commit)).toBe(true);
  });

  it('hooks the repository declares but this clone has not installed: uncertain, not a control turned off', () => {
    for (const declared of ['.husky', '.pre-commit-config.yaml', 'lefthook.yml']) {
      const files = { ...repo(P, PLAIN_CONFIG), [`${P}/${declared}`]: text('x\n') };
      const a = analyze('git commit --no-verify -m x', files);
      expect(off(a)).toBe(false);
      expect(reasons(a)).toMatch(/hooks the repository declares/);
    }
  });

  it('no hook there (only the samples git writes): nothing is turned off', () => {
    const samples = repo(P, PLAIN_CONFIG, 'feat/x', { 'hooks/pre-commit.sample': text('exit 1\n') });
    expect(off(analyze('git commit --no-verify -m x', samples))).toBe(false);
    expect(off(analyze('git push --no-verify origin feat/x', samples))).toBe(false);
    // A hook other than the ones skipped does not count: post-commit still runs.
    const other = repo(P, PLAIN_CONFIG, 'feat/x', { 'hooks/pre-push': text('true\n') });
    expect(off(analyze('git commit --no-verify -m x', other))).toBe(false);
  });
});

describe('the repository git finds is the one read', () => {
  const nested = {
    ...repo(P, PLAIN_CONFIG),
    [`${P}/vendor/lib/.git`]: DIR,
    [`${P}/vendor/lib/.git/HEAD`]: text('ref: refs/heads/main\n'),
    [`${P}/vendor/lib/.git/objects`]: DIR,
    [`${P}/vendor/lib/.git/refs`]: DIR,
    [`${P}/vendor/lib/.git/config`]: text('[core]\n\tfsmonitor = rm -rf ~\n'),
  };
  it.each([
    ['git -C into a nested repository', 'git -C vendor/lib status', P],
    ['a nested repository as the cwd', 'git status', `${P}/vendor/lib/src`],
    ['cd into a nested repository', 'cd vendor/lib && git status', P],
  ])('%s', (_n, command, cwd) => {
    expect(categories(analyze(command, nested, cwd))).toEqual(['destructive_root_delete']);
  });

  it.each([
    ['git -C a folder outside the workspace', 'git -C /tmp/x status'],
    ['git -C a folder known only at run time', 'git -C "$DIR" status'],
    ['git --git-dir', 'git --git-dir=/tmp/x/.git status'],
  ])('%s is not quiet', (_n, command) => {
    expect(flagged(analyze(command, repo(P, PLAIN_CONFIG)))).toBe(true);
  });
});

describe('a push with no refspec while the default branch is checked out', () => {
  it.each([
    ['bare push', 'git push'],
    ['push to the remote', 'git push origin'],
    ['push of HEAD', 'git push origin HEAD'],
    ['push of every branch', 'git push --all origin'],
  ])('%s is reviewed', (_n, command) => {
    const a = analyze(command, repo(P, PLAIN_CONFIG, 'main'));
    expect(a.uncertain.length).toBeGreaterThan(0);
    expect(
      quiet(
        analyze(
          command === 'git push --all origin' ? 'git push origin' : command,
          repo(P, PLAIN_CONFIG, 'feat/x'),
        ),
      ),
    ).toBe(true);
  });

  it.each([
    ['git push -f', 'main'],
    ['git push --force origin HEAD', 'main'],
    ['git push origin +HEAD', 'main'],
    ['git push --force', 'trunk'],
  ])('%s on the default branch rewrites a shared branch', (command, branch) => {
    expect(categories(analyze(command, repo(P, PLAIN_CONFIG, branch)))).toEqual([
      'history_rewrite_on_shared_ref',
    ]);
  });

  it.each([
    ['git checkout main && git push'],
    ['git switch master; git push origin HEAD'],
    ['git symbolic-ref HEAD refs/heads/main && git push'],
    ['git checkout -B main && git push -u origin HEAD'],
  ])('a branch checked out earlier in the line is the one pushed: %s (review 18)', (command) => {
    expect(analyze(command, repo(P, PLAIN_CONFIG, 'feat/x')).uncertain.length).toBeGreaterThan(0);
  });

  it('checking out a feature branch or restoring a file does not make a push shared', () => {
    expect(
      quiet(analyze('git checkout -b feat/y && git push -u origin HEAD', repo(P, PLAIN_CONFIG, 'feat/x'))),
    ).toBe(true);
    // A file restored (work loss, judged on its own) leaves the branch as it was.
    expect(
      analyze('git checkout -- src/a.ts && git push', repo(P, PLAIN_CONFIG, 'feat/x')).uncertain,
    ).toEqual([]);
    // A file restored while on main: the push is still of main.
    expect(
      analyze('git checkout src/a.ts && git push', repo(P, PLAIN_CONFIG, 'main')).uncertain.length,
    ).toBeGreaterThan(0);
  });

  it('the remote default branch counts whatever its name', () => {
    const files = repo(P, PLAIN_CONFIG, 'live', {
      'refs/remotes/origin/HEAD': text('ref: refs/remotes/origin/live\n'),
    });
    expect(categories(analyze('git push -f', files))).toEqual(['history_rewrite_on_shared_ref']);
  });

  it('a push of the tags alone pushes no branch', () => {
    const branch = (command: string) =>
      analyze(command, repo(P, PLAIN_CONFIG, 'main')).uncertain.some((u) => /default branch/.test(u.reason));
    expect(branch('git push --tags')).toBe(false);
    expect(branch('git push --tags origin HEAD')).toBe(true);
    expect(branch('git push --follow-tags')).toBe(true);
  });

  it('an unreadable HEAD or configured push refspecs are uncertain', () => {
    const files = repo(P, PLAIN_CONFIG, 'x', { HEAD: { kind: 'unreadable', why: 'error' } });
    expect(analyze('git push', files).uncertain.length).toBeGreaterThan(0);
    const mirror = repo(P, '[remote "origin"]\n\tpush = +refs/heads/*:refs/heads/main\n', 'feat/x');
    expect(analyze('git push', mirror).uncertain.length).toBeGreaterThan(0);
  });
});

describe('parseGitConfig', () => {
  it('reads sections, subsections, booleans, quotes and comments', () => {
    expect(parseGitConfig('[a "B c"]\n\tk = "x ; y" # z\n\tflag\n[d.e]\n\tv = 1 ; c\n')).toEqual([
      { key: 'a.B c.k', value: 'x ; y' },
      { key: 'a.B c.flag', value: 'true' },
      { key: 'd.e.v', value: '1' },
    ]);
  });
  it('a key before any section is unreadable', () => {
    expect(parseGitConfig('k = v\n')).toBeUndefined();
  });
});

describe('pushes to the default branch by other spellings (adversary review)', () => {
  const trunk = () =>
    repo(P, PLAIN_CONFIG, 'feat/x', { 'refs/remotes/origin/HEAD': text('ref: refs/remotes/origin/trunk\n') });
  it.each([
    ['a lease onto the remote default branch', 'git push --force-with-lease origin feat:trunk'],
    ['a lease onto main', 'git push --force-with-lease origin x:main'],
    ['a force push by the DWIM heads/ spelling', 'git push -f origin HEAD:heads/trunk'],
  ])('%s rewrites a shared branch', (_n, command) => {
    expect(categories(analyze(command, trunk()))).toEqual(['history_rewrite_on_shared_ref']);
  });

  it('a delete of heads/main is a shared delete', () => {
    expect(categories(analyze('git push origin --delete heads/main', trunk()))).toEqual([
      'history_rewrite_on_shared_ref',
    ]);
  });

  it('a lease onto a feature branch is not a shared rewrite', () => {
    expect(categories(analyze('git push --force-with-lease origin feat/x', trunk()))).toEqual([]);
  });

  it('--repo=URL is the remote it names', () => {
    const a = analyzeShellSync('git push --repo=https://x.example/r.git', shellEnv());
    expect(a.segments[0]?.hosts.length).toBeGreaterThan(0);
  });
});

describe('a configuration an earlier command of the line changes is not the one on disk', () => {
  const files = repo(P, PLAIN_CONFIG);
  it.each([
    [
      'hooks moved to a workspace folder, then a commit',
      'git config core.hooksPath hooks && git commit -m x',
    ],
    ['an alias set, then run', "git config alias.st '!sh evil.sh' && git st"],
    ['a file included', 'git config include.path ../x.cfg && git status'],
    ['a command git runs', "git config core.fsmonitor 'sh x.sh' ; git status"],
    ['a key set at run time', 'git config "$K" x && git commit -m x'],
    ['the config file written', 'cp x.cfg .git/config && git status'],
    ['a hook written through git mv', 'git mv x.sh .git/hooks/pre-commit && git commit -m x'],
    ['hooks installed by a hook manager', 'pre-commit install && git commit -m x'],
    ['hooks installed by husky', 'npx husky && git commit -m x'],
  ])('uncertain: %s', (_n, command) => {
    expect(reasons(analyze(command, files))).toMatch(/earlier command|persistence|may change/);
  });

  it.each([
    ['an identity set, then a commit', 'git config user.email a@b.example && git commit -m x'],
    ['a setting read, then a commit', 'git config --get core.hooksPath && git commit -m x'],
    [
      'a stash carried across a pull',
      'git stash push -m wip && git switch main && git pull --ff-only && git switch - && git stash pop',
    ],
  ])('quiet: %s', (_n, command) => {
    expect(quiet(analyze(command, files))).toBe(true);
  });
});

describe('the repository git finds, as git finds it (review 18)', () => {
  const EVIL = '[core]\n\tfsmonitor = rm -rf ~\n';
  it("a `.git` folder's commondir names where the configuration is read", () => {
    const files = {
      ...repo(P, PLAIN_CONFIG, 'feat/x', { commondir: text('../bare\n') }),
      [`${P}/bare/config`]: text(EVIL),
      [`${P}/bare/objects`]: DIR,
      [`${P}/bare/refs`]: DIR,
    };
    expect(categories(analyze('git status', files))).toEqual(['destructive_root_delete']);
  });

  it('a folder that is itself a git directory is the repository (git -C bare, cd bare)', () => {
    const files = {
      ...repo(P, PLAIN_CONFIG),
      [`${P}/bare`]: DIR,
      [`${P}/bare/HEAD`]: text('ref: refs/heads/main\n'),
      [`${P}/bare/objects`]: DIR,
      [`${P}/bare/refs`]: DIR,
      [`${P}/bare/config`]: text(EVIL),
    };
    expect(categories(analyze('git -C bare status', files))).toEqual(['destructive_root_delete']);
    expect(categories(analyze('git status', files, `${P}/bare`))).toEqual(['destructive_root_delete']);
  });

  it('a `.git` folder git passes over does not hide the repository above; one gavel cannot tell is unknown (reviews 24, 24c)', () => {
    const planted = {
      ...repo(P, EVIL),
      [`${P}/pkg`]: DIR,
      [`${P}/pkg/.git`]: DIR,
      [`${P}/pkg/.git/config`]: text(PLAIN_CONFIG),
    };
    const unknown = (files: Record<string, ScriptFile>) => {
      const a = analyze('git status', files, `${P}/pkg`);
      return a.uncertain.some((u) => /git folder could not be read/.test(u.reason));
    };
    // No HEAD at all: git passes over it, and so does gavel (the configuration above runs).
    expect(categories(analyze('git status', planted, `${P}/pkg`))).toEqual(['destructive_root_delete']);
    const odd = { ...planted, [`${P}/pkg/.git/objects`]: DIR, [`${P}/pkg/.git/refs`]: DIR };
    // HEAD forms git takes that gavel does not model: an upper-case or trailing-junk object name, a ref with junk.
    for (const head of [
      'not a ref\n',
      `${'A'.repeat(40)}\n`,
      `${'a'.repeat(40)}junk\n`,
      'ref: refs/heads/main x\n',
    ])
      expect(unknown({ ...odd, [`${P}/pkg/.git/HEAD`]: text(head) })).toBe(true);
    // `objects` a file, not a folder.
    expect(
      unknown({
        ...odd,
        [`${P}/pkg/.git/HEAD`]: text('ref: refs/heads/main\n'),
        [`${P}/pkg/.git/objects`]: text(''),
      }),
    ).toBe(true);
    const valid = { ...odd, [`${P}/pkg/.git/HEAD`]: text('ref: refs/heads/main\n') };
    expect(quiet(analyze('git status', valid, `${P}/pkg`))).toBe(true);
  });

  it('a `.git` file or `commondir` is read as git reads it: spaces are part of the path (review 24c)', () => {
    const gitDirAt = (at: string, config: string): Record<string, ScriptFile> => ({
      [at]: DIR,
      [`${at}/HEAD`]: text('ref: refs/heads/main\n'),
      [`${at}/objects`]: DIR,
      [`${at}/refs`]: DIR,
      [`${at}/config`]: text(config),
    });
    const files = {
      [`${P}/.git`]: text('gitdir: gd \n'),
      ...gitDirAt(`${P}/gd`, PLAIN_CONFIG),
      ...gitDirAt(`${P}/gd `, EVIL),
    };
    expect(categories(analyze('git status', files))).toEqual(['destructive_root_delete']);
    for (const odd of ['gitdir:gd\n', 'gitdir: gd\nmore\n', 'x\ngitdir: gd\n'])
      expect(analyze('git status', { ...files, [`${P}/.git`]: text(odd) }).uncertain.length).toBeGreaterThan(
        0,
      );
    const common = {
      ...repo(P, PLAIN_CONFIG, 'feat/x', { commondir: text('c \n') }),
      ...gitDirAt(`${P}/.git/c`, PLAIN_CONFIG),
      ...gitDirAt(`${P}/.git/c `, EVIL),
    };
    expect(categories(analyze('git status', common))).toEqual(['destructive_root_delete']);
  });

  it("a `.git` file's `gitdir: link/../g` is followed as the file system follows it (review 24b)", () => {
    const base = mkdtempSync(join(tmpdir(), 'gavel-gitdir-link-'));
    try {
      const gitDir = (at: string, config: string) => {
        mkdirSync(join(at, 'objects'), { recursive: true });
        mkdirSync(join(at, 'refs'), { recursive: true });
        writeFileSync(join(at, 'HEAD'), 'ref: refs/heads/main\n');
        writeFileSync(join(at, 'config'), config);
      };
      const ws = join(base, 'ws');
      gitDir(join(ws, 'g'), PLAIN_CONFIG);
      gitDir(join(base, 'other', 'g'), EVIL);
      mkdirSync(join(base, 'other', 'deep'), { recursive: true });
      symlinkSync(join(base, 'other', 'deep'), join(ws, 'link'));
      writeFileSync(join(ws, '.git'), 'gitdir: link/../g\n');
      const env = shellEnv({
        cwd: ws,
        workspaceRoots: [ws],
        readScript: diskReader,
        realpath: diskRealpath,
      });
      expect(categories(analyzeShellSync('git status', env))).toEqual(['destructive_root_delete']);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('a folder with a HEAD file alone is no git directory', () => {
    const files = { ...repo(P, PLAIN_CONFIG), [`${P}/docs`]: DIR, [`${P}/docs/HEAD`]: text('x\n') };
    expect(quiet(analyze('git status', files, `${P}/docs`))).toBe(true);
  });
});
