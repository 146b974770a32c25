// A folder build tools write to but some projects keep by hand (`bin`, `lib`, `vendor`) is build output in a
// repository that tracks nothing in it and ignores all of it: deleting it recursively is routine; a tracked or
// not-ignored file there, no repository or no git listing keeps it local work. A real repository in a temp
// folder with the real pinned git listing (src/reader), and the same without the listing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namesOnlyCall } from '../../reader';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { repositoryEnv } from '../testdata/repository-env';
import { runGit } from '../testdata/run-git';

let dir = '';
let ws = '';
let home = '';

beforeAll(async () => {
  await loadShellParser();
  dir = mkdtempSync(join(tmpdir(), 'gavel-ignored-outputs-'));
  ws = join(dir, 'ws');
  home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  const files: Record<string, string> = {
    '.gitignore':
      '/bin/\n/obj/\n/vendor/\n/lib/partly/*.js\n/build-meson/\n/playwright-report/\n/test-results/\n',
    'playwright-report/index.html': '<html></html>\n',
    'test-results/a/trace.zip': 'PK\n',
    'e2e/test-results/notes.md': 'kept by hand\n',
    'cmd/app/main.go': 'package main\n',
    'bin/app': 'ELF\n',
    'obj/Debug/app.dll': 'MZ\n',
    'vendor/autoload.php': '<?php\n',
    'lib/kept.sh': 'echo hi\n',
    'lib/partly/out.js': '\n',
    'lib/partly/notes.md': 'my notes\n',
    'pkg/api/api.go': 'package api\n',
    'build-meson/build.ninja': 'rule cc\n',
    'build-notes/todo.md': 'kept by hand, not ignored\n',
    'wasm-build/app.wasm': 'asm\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(ws, rel)), { recursive: true });
    writeFileSync(join(ws, rel), text);
  }
  runGit(ws, home, 'init', '-q', '-b', 'main');
  runGit(ws, home, 'add', '.gitignore', 'cmd', 'lib/kept.sh', 'pkg');
  runGit(ws, home, 'commit', '-q', '-m', 'one');
  mkdirSync(join(dir, 'plain/bin'), { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const categories = (command: string, listing: 'pinned' | 'none' = 'pinned', at = ws) =>
  analyzeShellSync(command, { ...repositoryEnv(at, home, listing) }).hits.map((h) => h.category);

describe('an output folder the repository ignores whole is generated', () => {
  it.each([
    ['a Go build folder', 'rm -rf bin'],
    ['with its dot and slash', 'rm -rf ./bin/'],
    ['a .NET object folder', 'rm -rf obj/Debug'],
    ['installed Composer packages', 'rm -rf vendor'],
    ['two at once', 'rm -rf ./bin ./obj'],
    ['a folder not made yet', 'rm -rf lib/partly/none/gen'],
    ['a build tree named for its tool (round 19)', 'rm -rf build-meson'],
    ['a build tree not made yet', 'rm -rf build-debug'],
    ["playwright's report and results (round 29 blind)", 'rm -rf playwright-report test-results'],
  ])('%s: %s', (_n, command) => {
    expect(categories(command)).toEqual([]);
  });
});

describe('the same names holding work stay local work', () => {
  it.each([
    ['a tracked file inside', 'rm -rf lib'],
    ['an untracked file not ignored', 'rm -rf lib/partly'],
    ['a tracked package folder', 'rm -rf pkg'],
    ['a name not of the set', 'rm -rf cmd'],
    ['a build-named folder git does not ignore', 'rm -rf build-notes'],
    ['a -build folder git does not ignore', 'rm -rf wasm-build'],
    ['a test-results folder git does not ignore', 'rm -rf e2e/test-results'],
  ])('%s: %s', (_n, command) => {
    expect(categories(command)).toContain('local_work_loss');
  });

  it('without the git listing an ignored output folder is not known to be one', () => {
    expect(categories('rm -rf bin', 'none')).toContain('local_work_loss');
  });

  it('outside a repository git cannot say: the folder is kept', () => {
    expect(categories('rm -rf bin', 'pinned', join(dir, 'plain'))).toContain('local_work_loss');
  });
});

describe('the listing runs only the two ls-files shapes', () => {
  it.each<[string[], boolean]>([
    [['ls-files', '-z', '--', 'bin'], true],
    [['ls-files', '-z', '--others', '--exclude-standard', '--', 'bin'], true],
    [['ls-files', '-z', 'bin'], false],
    [['ls-files', '-z', '--'], false],
    [['ls-files', '-z', '--with-tree=HEAD', '--', 'bin'], false],
    [['ls-files', '--', 'bin'], false],
  ])('%j: %s', (args, ok) => {
    expect(namesOnlyCall(args)).toBe(ok);
  });
});
