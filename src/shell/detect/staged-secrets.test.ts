// `git add -A` / `git add .` stage every file git does not ignore: an untracked secret-named file no ignore rule
// covers is staged with them. Real repositories in temp folders (git init and commit with the real git, files
// written with fs), read through the disk reader as the runtime reads them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { diskReader as reader } from '../testdata/disk-reader';
import { runGit } from '../testdata/run-git';
import { shellEnv } from '../testdata/shell-env';

let dir = '';

/** A repository with these files written and the listed ones committed; its analysis of `command`. */
function repo(name: string, files: Record<string, string>, committed: string[] = []) {
  const ws = join(dir, name);
  const home = join(dir, `${name}-home`);
  mkdirSync(join(ws, 'src'), { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(join(ws, 'src', 'app.ts'), 'export {};\n');
  for (const [rel, text] of Object.entries(files)) writeFileSync(join(ws, rel), text);
  const git = (...args: string[]) => runGit(ws, home, ...args);
  git('init', '-q');
  git('add', 'src/app.ts', ...committed);
  git('commit', '-qm', 'init');
  const env = shellEnv({ cwd: ws, home, workspaceRoots: [ws], tempDirs: ['/tmp'], readScript: reader });
  return (command: string) => analyzeShellSync(command, env).uncertain.map((u) => u.reason);
}

const STAGES = /stages every file of the folder/;

beforeAll(async () => {
  await loadShellParser();
  dir = mkdtempSync(join(tmpdir(), 'gavel-staged-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('an untracked secret no ignore rule covers is staged by an add of everything', () => {
  it.each([
    ['git add -A'],
    ['git add .'],
    ['git add --all'],
    ['git add -A && git commit -m wip && git push'],
  ])('%s', (command) => {
    const reasons = repo(`open-${command.length}`, { '.env': 'K=v\n', '.gitignore': 'node_modules\n' })(
      command,
    );
    expect(reasons.some((r) => STAGES.test(r))).toBe(true);
  });
  it('a key file at the top of the tree', () => {
    const reasons = repo('key', { 'deploy.pem': 'x\n' })('git add .');
    expect(reasons.some((r) => STAGES.test(r))).toBe(true);
  });
});

describe('what git will not stage, or already has, stays quiet', () => {
  it.each<[string, Record<string, string>, string[]]>([
    ['ignored by name', { '.env': 'K=v\n', '.gitignore': '.env\n' }, []],
    ['ignored by a glob', { '.env': 'K=v\n', '.gitignore': '.env*\n' }, []],
    ['ignored by an anchored rule', { '.env': 'K=v\n', '.gitignore': '/.env\n' }, []],
    ['already tracked (in the index)', { '.env': 'PUBLIC=1\n' }, ['.env']],
    ['no secret-named file', { 'notes.md': 'x\n' }, []],
  ])('%s', (name, files, committed) => {
    const reasons = repo(name.replace(/\W+/g, '-'), files, committed)('git add -A');
    expect(reasons.some((r) => STAGES.test(r))).toBe(false);
  });
  it('an add of another folder', () => {
    const reasons = repo('other', { '.env': 'K=v\n' })('git add src');
    expect(reasons.some((r) => STAGES.test(r))).toBe(false);
  });
  it('a negation after the ignore rule un-ignores it', () => {
    const reasons = repo('negated', { '.env': 'K=v\n', '.gitignore': '.env*\n!.env\n' })('git add -A');
    expect(reasons.some((r) => STAGES.test(r))).toBe(true);
  });
});
