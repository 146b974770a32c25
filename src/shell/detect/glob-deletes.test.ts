// A recursive delete through a glob whose every expansion is a generated folder of the workspace
// (`rm -rf packages/*/node_modules`) is routine cleanup; a link among the folders the glob walks through carries the
// delete to where it leads, and a glob that reaches source is local work loss (detect-filesystem.ts,
// folder-walk.ts globDeletesGenerated). Real folders and links in a temp dir, read and resolved from disk.
import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject;

const resolve = (abs: string) => {
  try {
    return realpathSync(abs);
  } catch {
    return undefined;
  }
};

beforeAll(async () => {
  await loadShellParser();
  p = diskProject('gavel-glob-deletes-');
  p.write({
    'packages/ui/package.json': '{}\n',
    'packages/ui/node_modules/x/index.js': '\n',
    'packages/ui/dist/index.js': '\n',
    'packages/core/package.json': '{}\n',
    'packages/core/dist/index.js': '\n',
    'apps/web/src/main.ts': '\n',
    'apps/web/dist/main.js': '\n',
    'libs/a/src/a.ts': '\n',
    '.cache/dist/x.js': '\n',
    [join(p.away, 'dist/keep.txt')]: 'work\n',
  });
  mkdirSync(join(p.root, 'linked'));
  mkdirSync(join(p.root, 'linked/real'));
  symlinkSync(p.away, join(p.root, 'linked/elsewhere'));
});
afterAll(() => p.remove());

const categories = (command: string) =>
  analyzeShellSync(command, { ...p.env(), realpath: resolve }).hits.map((h) => h.category);

describe('a glob that expands only to generated folders of the workspace deletes nothing written by hand', () => {
  it.each([
    ['installed dependencies of every package', 'rm -rf packages/*/node_modules'],
    ['build output of every app and package', 'rm -rf apps/*/dist packages/*/dist'],
    ['from the working folder', 'rm -rf ./packages/*/dist'],
    ['any top folder', 'rm -rf */ui/dist'],
    ['the files inside each build output', 'rm -rf packages/*/dist/*'],
    ['a glob that matches nothing', 'rm -rf nothing/*/dist'],
  ])('%s: %s', (_n, command) => {
    expect(categories(command)).toEqual([]);
  });
});

describe('a glob that reaches hand-written work or leaves the workspace through a link is not cleanup', () => {
  it.each([
    ['source folders of every app', 'rm -rf apps/*/src', 'local_work_loss'],
    ['every package', 'rm -rf packages/*', 'local_work_loss'],
    ['a link among the folders walked', 'rm -rf linked/*/dist', 'local_work_loss'],
    ['a link two levels down', 'rm -rf */*/dist', 'local_work_loss'],
    // Bash before 5.2 expands `.*` to `..` too: the parent's `dist`.
    ['a hidden-name pattern that may match the parent', 'rm -rf .*/dist', 'local_work_loss'],
  ])('%s: %s', (_n, command, category) => {
    expect(categories(command)).toContain(category);
  });

  it('without a link resolver the glob is not taken as cleanup', () => {
    const found = analyzeShellSync('rm -rf packages/*/node_modules', p.env()).hits.map((h) => h.category);
    expect(found).toContain('local_work_loss');
  });
});
