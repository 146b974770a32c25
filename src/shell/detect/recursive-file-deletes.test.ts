// `rm -r` of a regular file deletes that file as `rm` alone does: no folder of work goes with it (the sweep of ordinary
// commands: `rm -rf node_modules package-lock.json` was local work loss). A folder, a link, or a folder an earlier
// command of the line may make there stays one. A real repository in a temp folder, files read from disk.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { repositoryEnv } from '../testdata/repository-env';
import { runGit } from '../testdata/run-git';

let dir = '';
let ws = '';
let home = '';

beforeAll(async () => {
  await loadShellParser();
  dir = mkdtempSync(join(tmpdir(), 'gavel-recursive-file-deletes-'));
  ws = join(dir, 'ws');
  home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  const files: Record<string, string> = {
    'package.json': '{"name":"x"}\n',
    'package-lock.json': '{}\n',
    'tsconfig.tsbuildinfo': '{}\n',
    '.coverage': 'SQLite format 3\n',
    'src/index.ts': 'export {};\n',
    'notes/todo.md': 'kept by hand\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(ws, rel)), { recursive: true });
    writeFileSync(join(ws, rel), text);
  }
  runGit(ws, home, 'init', '-q', '-b', 'main');
  runGit(ws, home, 'add', '.');
  runGit(ws, home, 'commit', '-q', '-m', 'one');
  symlinkSync(join(ws, 'notes'), join(ws, 'notes-link'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const categories = (command: string) =>
  analyzeShellSync(command, repositoryEnv(ws, home)).hits.map((h) => h.category);

describe('a recursive delete of a file or of nothing loses no folder', () => {
  it.each([
    ['the lock file beside node_modules', 'rm -rf node_modules package-lock.json'],
    ['a build info file beside dist', 'rm -rf dist tsconfig.tsbuildinfo'],
    ['a coverage data file', 'rm -r .coverage'],
  ])('%s: %s', (_n, command) => {
    expect(categories(command)).toEqual([]);
  });
});

describe('a folder stays local work', () => {
  it.each([
    ['a source folder', 'rm -rf src'],
    ['a folder of notes beside a file', 'rm -rf package-lock.json notes'],
    ['a folder through a link', 'rm -rf notes-link/'],
    ['a name nothing holds yet', 'rm -rf out-old'],
    [
      'a folder moved to the file name first',
      'rm package-lock.json && mv notes package-lock.json && rm -rf package-lock.json',
    ],
    [
      'a stash popped first (it may hold a folder at the name: final read)',
      'git stash pop && rm -rf package-lock.json',
    ],
    // Review of the session: a command after it, or beside it in the background, runs while it waits.
    ['a stash popped while a delayed delete waits', 'sleep 1 && rm -rf package-lock.json & git stash pop'],
    ['a stash popped beside it', 'rm -rf package-lock.json & git stash pop'],
    ['a command after it in a pipeline', 'rm -rf package-lock.json | git stash pop'],
    ['a folder made at the name first', 'mkdir -p out-old && cp -r notes/. out-old && rm -rf out-old'],
  ])('%s: %s', (_n, command) => {
    expect(categories(command)).toContain('local_work_loss');
  });
});
