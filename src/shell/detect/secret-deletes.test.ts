// Deleting a file of keys or credentials (a signing keystore, `.env`, a private key) loses what no history keeps:
// such files are ignored by git, so `rm` of one is local work loss (round 27 blind: `rm -f upload-keystore.jks
// key.properties` was allowed). Real files in a temp dir, read and resolved from disk.
import { execSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject;

beforeAll(async () => {
  await loadShellParser();
  p = diskProject('gavel-secret-deletes-');
  p.write({
    'app/android/upload-keystore.jks': 'KEY\n',
    'app/android/key.properties': 'storePassword=x\n',
    '.env': 'TOKEN=x\n',
    '.env.example': 'TOKEN=\n',
    'notes.txt': 'n\n',
    'build/a.o': '\n',
    'template/.env': 'TOKEN=changeme\n',
    'template/README.md': 'r\n',
    'docs-src/guide.md': 'g\n',
  });
});
afterAll(() => p.remove());

const categories = (command: string) => analyzeShellSync(command, p.env()).hits.map((h) => h.category);

describe('deleting a file of keys or credentials', () => {
  it.each([
    [
      'a signing keystore and its properties',
      'rm -f app/android/upload-keystore.jks app/android/key.properties',
    ],
    ['a dotenv file', 'rm .env'],
    ['a keystore by a glob of its folder', 'rm -f app/android/*'],
  ])('is local work loss: %s', (_n, command) => {
    expect(categories(command)).toContain('local_work_loss');
  });
  it.each([
    ['a note', 'rm notes.txt'],
    ['a template of the dotenv file', 'rm .env.example'],
    ['build outputs by a glob', 'rm -f build/*.o'],
    ['a glob that could name a key but matches none', 'rm -f build/*.*'],
    ['keys by a glob that matches none', 'rm -f *.pem'],
  ])('stays quiet: %s', (_n, command) => {
    expect(categories(command)).not.toContain('local_work_loss');
  });
});

// Review: replacing a key or credential file whole loses it as deleting it does; appending or creating is ordinary.
describe('replacing a file of keys or credentials', () => {
  it.each([
    ['a redirect of nothing', ': > .env'],
    ['a redirect of text', 'echo hi > .env'],
    ['a copy of /dev/null', 'cp /dev/null app/android/key.properties'],
    ['a copy of another file', 'cp notes.txt .env'],
    ['tee', 'tee .env < /dev/null'],
    ['dd', 'dd if=/dev/null of=app/android/upload-keystore.jks'],
    ['a forced link', 'ln -sf /dev/null .env'],
    ['truncate', 'truncate -s 0 .env'],
    // Second review: a folder copied over the workspace replaces the key file of the same name.
    ['a folder copied over the workspace', 'cp -r template/. .'],
    ['a folder synced over the workspace', 'rsync -a template/ .'],
    // Third review: cp's target folder by option.
    ['a target folder attached to the options', 'cp -rt. template/.'],
    ['a target folder by long option', 'cp -r --target-directory=. template/.'],
  ])('is local work loss: %s', (_n, command) => {
    expect(categories(command)).toContain('local_work_loss');
  });
  it.each([
    ['an appended line', 'echo FOO=1 >> .env'],
    ['a new dotenv file', 'cp .env.example .env.local'],
    ['tee appending', 'echo X=1 | tee -a .env'],
    ['a folder of documents copied', 'cp -r docs-src/. docs/'],
    ['a template copied where it has no key file yet', 'cp -r template/. build/'],
  ])('stays quiet: %s', (_n, command) => {
    expect(categories(command)).not.toContain('local_work_loss');
  });
});

describe('a key or credential file the repository tracks', () => {
  let g: DiskProject;
  beforeAll(() => {
    g = diskProject('gavel-secret-tracked-');
    g.write({ '.npmrc': 'save-exact=true\n', '.env': 'TOKEN=x\n', '.gitignore': '.env\n' });
    const git = (args: string) =>
      execSync(`git -c user.name=t -c user.email=t@e ${args}`, { cwd: g.root, stdio: 'ignore' });
    git('init -q');
    git('add .npmrc .gitignore');
    git('commit -qm init --no-verify');
  });
  afterAll(() => g.remove());
  const cats = (command: string) => analyzeShellSync(command, g.env()).hits.map((h) => h.category);
  it('is kept by its history: replacing it is no loss', () => {
    expect(cats("echo 'registry=https://registry.npmjs.org/' > .npmrc")).not.toContain('local_work_loss');
  });
  it('an ignored one is still lost', () => {
    expect(cats('echo X=1 > .env')).toContain('local_work_loss');
  });
});
