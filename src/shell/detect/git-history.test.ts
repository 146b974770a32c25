// What a git command printing patches prints: the changes of every file its revisions and pathspecs cover. Real
// repositories in a temp folder (a secret committed, a secret committed then deleted, a range that never touches
// it), read through the disk reader, with the real name listing of src/reader (the pinned git, run synchronously)
// and without it (judged by the files of the work tree).
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namesOnlyCall, pinnedGitPaths } from '../../reader';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { repositoryEnv } from '../testdata/repository-env';
import { runGit } from '../testdata/run-git';
import type { ShellEnv } from '../types';

let dir = '';
let n = 0;
const SECRET = 'API_KEY=sk-live-0123456789abcdef\nDB_PASSWORD=hunter2\n';

type Step = Record<string, string | null>;

/**
 * A repository built commit by commit (a null text deletes the file), and the categories of a command run in it,
 * with git's name listing (`listing`) or without.
 */
function repository(steps: Step[], listing = true) {
  const ws = join(dir, `ws${++n}`);
  const home = join(dir, `home${n}`);
  mkdirSync(ws, { recursive: true });
  mkdirSync(home, { recursive: true });
  runGit(ws, home, 'init', '-q', '-b', 'main');
  steps.forEach((files, k) => {
    for (const [rel, text] of Object.entries(files)) {
      const at = join(ws, rel);
      if (text === null) unlinkSync(at);
      else {
        mkdirSync(dirname(at), { recursive: true });
        writeFileSync(at, text);
      }
    }
    runGit(ws, home, 'add', '-A');
    runGit(ws, home, 'commit', '-q', '-m', `step ${k}`);
  });
  const env: ShellEnv = repositoryEnv(ws, home, listing ? 'pinned' : 'none');
  const run = (command: string) => analyzeShellSync(command, env).hits.map((h) => h.category);
  return { ws, home, run };
}

beforeAll(async () => {
  await loadShellParser();
  dir = mkdtempSync(join(tmpdir(), 'gavel-git-history-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const COMMITTED: Step[] = [
  { 'src/app.ts': 'export const a = 1;\n', 'config/.env.production': SECRET },
  { 'src/app.ts': 'export const a = 2;\n' },
];

describe('patches that cover a committed secret print it, although no word names it', () => {
  it.each([
    ['the whole history with patches', 'git log -p'],
    ['patches with a word diff', 'git log --word-diff'],
    ['the commit that added it', 'git show HEAD~1'],
    ['a diff from before it was added', 'git diff 4b825dc642cb6eb9a060e54bf8d69288fbee4904 HEAD'],
    ['every branch', 'git log --all -p'],
    ['a numbered range', 'git log -p -2'],
    ['patches to standard output', 'git format-patch --root --stdout'],
    ['patches into a folder', 'git format-patch --root -o out'],
    ['patches into a folder known at run time', 'git format-patch -1 -o "$OUT"'],
    ['the folder that holds it', 'git log -p -- config'],
    ['a pathspec pattern git matches it with', "git log -p -- '*.production'"],
    ['a pathspec excluding another folder', "git log -p -- ':(exclude)src'"],
  ])('%s: %s', (_name, command) => {
    expect(repository(COMMITTED).run(command)).toContain('secret_material_read');
  });

  it('a secret committed and later deleted is still printed by the patches that cover it', () => {
    const { run } = repository([
      {
        'src/app.ts': 'export const a = 1;\n',
        'deploy/id_rsa': '-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n',
      },
      { 'deploy/id_rsa': null },
      { 'src/app.ts': 'export const a = 2;\n' },
    ]);
    expect(run('git log -p')).toContain('secret_material_read');
    expect(run('git show HEAD~1')).toContain('secret_material_read');
    expect(run('git show')).not.toContain('secret_material_read');
  });

  it('an uncommitted change to a tracked secret is printed by a plain diff', () => {
    const { ws, run } = repository(COMMITTED);
    expect(run('git diff')).not.toContain('secret_material_read');
    writeFileSync(join(ws, 'config/.env.production'), `${SECRET}STRIPE_KEY=sk_live_abcdefabcdefabcdef\n`);
    expect(run('git diff')).toContain('secret_material_read');
    expect(run('git diff --stat')).not.toContain('secret_material_read');
  });
});

describe('patches that do not cover a secret print none', () => {
  it.each([
    ['the last commit, which changed code only', 'git show'],
    ['a range that never touches it', 'git diff HEAD~1 HEAD'],
    ['history of another folder', 'git log -p -- src'],
    ['a folder named without --', 'git log -p src'],
    ['commits by nobody', 'git log -p --author=nobody'],
    ['one commit back', 'git log -p -1'],
    ['names and counts only', 'git log --stat'],
    ['a commit without its patch', 'git show -s HEAD~1'],
    ['the patch of the last commit', 'git format-patch -1 --stdout'],
    ['the patch of the last commit into a folder', 'git format-patch -1 -o /tmp/patches'],
    ['the patch of the last commit into a folder, glued', 'git format-patch -1 --output-directory=/tmp/p'],
    ['no patch option', 'git log --oneline'],
    ['a file at a revision, not a patch', 'git show main:src/app.ts'],
    ['a file at a revision beside a commit that changed code only', 'git show HEAD main:src/app.ts'],
  ])('%s: %s', (_name, command) => {
    expect(repository(COMMITTED).run(command)).not.toContain('secret_material_read');
  });
});

describe('git asked and not answering is uncertain, never quiet', () => {
  it('a revision git refuses, and a listing that fails', () => {
    const { ws, home } = repository(COMMITTED);
    const env = repositoryEnv(ws, home, () => undefined);
    const a = analyzeShellSync('git show HEAD', env);
    expect(a.uncertain.map((u) => u.code)).toContain('dynamic-path');
    const real = repository(COMMITTED);
    const b = analyzeShellSync('git log -p no-such-branch', repositoryEnv(real.ws, real.home));
    expect(b.uncertain.map((u) => u.code)).toContain('dynamic-path');
  });

  // Round 30: `git stash show -p` where nothing was ever stashed prints nothing (git refuses); once a stash is
  // there, as a file or packed, a listing that fails is uncertain again.
  it('a stash shown where there is none prints nothing', () => {
    const { ws, home } = repository(COMMITTED);
    const failing = repositoryEnv(ws, home, () => undefined);
    const codes = (command: string, env = failing) =>
      analyzeShellSync(command, env).uncertain.map((u) => u.code);
    expect(codes('git stash show -p')).toEqual([]);
    // Another revision named: git shows it as a stash would be (review).
    expect(codes('git stash show -p HEAD')).toContain('dynamic-path');
    expect(codes('git stash show -p stash@{0} 2>/dev/null || echo none', repositoryEnv(ws, home))).toEqual(
      [],
    );
    writeFileSync(join(ws, 'src/app.ts'), 'export const a = 3;\n');
    runGit(ws, home, 'stash', '-q');
    expect(codes('git stash show -p')).toContain('dynamic-path');
    runGit(ws, home, 'pack-refs', '--all');
    expect(codes('git stash show -p')).toContain('dynamic-path');
  });
});

describe('without a name listing (or with an option gavel does not hand to git), the work tree answers', () => {
  it('a tracked secret anywhere in the repository counts for every patch, an ignored one does not', () => {
    const { run } = repository(COMMITTED, false);
    expect(run('git show')).toContain('secret_material_read');
    expect(run('git diff HEAD~1 HEAD')).toContain('secret_material_read');
    expect(run('git log -p -- src')).not.toContain('secret_material_read');
    expect(run('diff <(git show main:src/app.ts) src/app.ts')).not.toContain('secret_material_read');
    const ignored = repository([{ 'src/app.ts': 'x\n', '.gitignore': '.env\n' }], false);
    writeFileSync(join(ignored.ws, '.env'), SECRET);
    expect(ignored.run('git log -p')).not.toContain('secret_material_read');
  });

  it('an option gavel does not know falls back to the work tree', () => {
    const { run } = repository(COMMITTED);
    expect(run('git show --textconv HEAD')).toContain('secret_material_read');
    expect(run('git show HEAD')).not.toContain('secret_material_read');
  });
});

describe('the name listing runs only read-only name listings', () => {
  it.each([
    [['diff', '--name-only', '-z', '--', 'x'], true],
    [['log', '--format=', '--name-only', '-z', '--all'], true],
    [['stash', 'show', '--name-only', '-z'], true],
    [['log', '--name-only'], false],
    [['push', '--name-only', '-z'], false],
    [['diff', '--name-only', '-z', '--output=/tmp/x'], false],
    [['diff', '--name-only', '-z', '--ext-diff'], false],
    [['stash', 'drop', '--name-only', '-z'], false],
  ])('%j: %s', (args, ok) => {
    expect(namesOnlyCall(args)).toBe(ok);
  });

  it('a refused call, and a folder that is no repository, answer nothing', () => {
    const list = pinnedGitPaths({ PATH: process.env.PATH });
    expect(list(dir, ['diff', '--name-only', '-z', '--output=/tmp/x'])).toBeUndefined();
    expect(list(tmpdir(), ['diff', '--name-only', '-z'])).toBeUndefined();
  });
});
