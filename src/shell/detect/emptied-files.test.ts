// Workspace damage that a checkout does not undo: emptying a file git tracks, moving work out of the workspace,
// taking the owner's read bit recursively. A real repository in a temp folder (git init, files written with fs,
// one commit), read through a plain file reader as the surface's would.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { diskReader as reader } from '../testdata/disk-reader';
import { runGit } from '../testdata/run-git';
import { shellEnv } from '../testdata/shell-env';
import type { ShellEnv } from '../types';

let dir = '';
let env: ShellEnv;

beforeAll(async () => {
  await loadShellParser();
  dir = mkdtempSync(join(tmpdir(), 'gavel-emptied-'));
  const ws = join(dir, 'proj');
  const home = join(dir, 'home');
  mkdirSync(join(ws, 'src'), { recursive: true });
  mkdirSync(join(ws, 'dist'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(ws, 'README.md'), 'hello\n');
  writeFileSync(join(ws, 'src', 'app.py'), 'print(1)\n');
  writeFileSync(join(ws, 'dist', 'out.js'), 'x\n');
  writeFileSync(join(ws, 'app.log'), 'log\n');
  const git = (...args: string[]) => runGit(ws, home, ...args);
  git('init', '-q');
  git('add', 'README.md', 'src/app.py');
  git('commit', '-qm', 'init');
  env = shellEnv({ cwd: ws, home, workspaceRoots: [ws], tempDirs: ['/tmp'], readScript: reader });
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const categories = (command: string) =>
  [...new Set(analyzeShellSync(command, env).hits.map((h) => h.category))].sort();

describe('emptying a tracked file is local work loss', () => {
  it.each<[string, string]>([
    ['a colon redirected over it', ': > README.md'],
    ['a bare redirect', '> README.md'],
    ['true redirected over it', 'true > src/app.py'],
    ['echo -n redirected over it', 'echo -n > src/app.py'],
    ['cat of /dev/null over it', 'cat /dev/null > src/app.py'],
    ['cp from /dev/null', 'cp /dev/null src/app.py'],
    ['truncate to zero', 'truncate -s 0 src/app.py'],
    ['truncate --size=0', 'truncate --size=0 README.md'],
    ['truncate shrinking', 'truncate -s -1K README.md'],
    ['a ./ path', ': > ./README.md'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toContain('local_work_loss');
  });
});

describe('emptying an untracked, generated or new file stays ordinary', () => {
  it.each<[string, string]>([
    ['an untracked log', ': > app.log'],
    ['a build output', ': > dist/out.js'],
    ['a new file', '> new.txt'],
    ['truncate growing a tracked file', 'truncate -s +1M src/app.py'],
    ['writing content over a tracked file (an edit)', 'echo hi > README.md'],
    ['appending nothing', ': >> README.md'],
    ['a temp file', 'cp /dev/null /tmp/x'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).not.toContain('local_work_loss');
  });
});

describe('moving work out of the workspace and locking it are local work loss', () => {
  it.each<[string, string]>([
    ['a source folder to temp space', 'mv src /tmp/gone'],
    ['a tracked file to temp space', 'mv README.md /tmp/'],
    ['chmod -R 000', 'chmod -R 000 .'],
    ['chmod -R a-rwx', 'chmod -R a-rwx src'],
    ['chmod -R u=', 'chmod -R u= src'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toContain('local_work_loss');
  });
  it.each<[string, string]>([
    ['a rename inside the workspace', 'mv src lib'],
    ['a build output to temp space', 'mv dist /tmp/x'],
    ['chmod -R u+rwX', 'chmod -R u+rwX .'],
    ['chmod -R 755', 'chmod -R 755 .'],
    ['chmod -R go-w (the owner keeps read)', 'chmod -R go-w .'],
  ])('ordinary: %s: %s', (_name, command) => {
    expect(categories(command)).not.toContain('local_work_loss');
  });
});
