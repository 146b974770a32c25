// What a git object named by a revision prints when it is no commit: a blob named by its hash (or a tag pointing
// at it) prints a file's content, a deleted secret's too. Real repositories in a temp folder, read through the
// disk reader, with the real pinned git listing of src/reader (object types and the paths a blob was held at) and
// without it; plumbing that prints patches (`diff-tree -p`, `reflog -p`, `diff-files -p`, `diff-index -p`).
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namesOnlyCall, pinnedGitPaths } from '../../reader';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { repositoryEnv } from '../testdata/repository-env';
import { gitOut, runGit } from '../testdata/run-git';

let dir = '';
let n = 0;
const SECRET = 'API_KEY=sk-live-0123456789abcdef\nDB_PASSWORD=hunter2\n';

/**
 * A repository where `deploy/.env.production` was committed and then deleted, and `src/app.ts` changed since;
 * `secret` and `code` are the hashes of the two files' first blobs.
 */
function repository(listing = true) {
  const ws = join(dir, `ws${++n}`);
  const home = join(dir, `home${n}`);
  mkdirSync(ws, { recursive: true });
  mkdirSync(home, { recursive: true });
  const write = (rel: string, text: string | null) => {
    const at = join(ws, rel);
    if (text === null) unlinkSync(at);
    else {
      mkdirSync(dirname(at), { recursive: true });
      writeFileSync(at, text);
    }
  };
  runGit(ws, home, 'init', '-q', '-b', 'main');
  write('src/app.ts', 'export const a = 1;\n');
  write('deploy/.env.production', SECRET);
  runGit(ws, home, 'add', '-A');
  runGit(ws, home, 'commit', '-q', '-m', 'one');
  const secret = gitOut(ws, home, 'rev-parse', 'HEAD:deploy/.env.production');
  const code = gitOut(ws, home, 'rev-parse', 'HEAD:src/app.ts');
  write('deploy/.env.production', null);
  write('src/app.ts', 'export const a = 2;\n');
  runGit(ws, home, 'add', '-A');
  runGit(ws, home, 'commit', '-q', '-m', 'two');
  const env = repositoryEnv(ws, home, listing ? 'pinned' : 'none');
  const judge = (command: string) => {
    const a = analyzeShellSync(command, env);
    return { hits: a.hits.map((h) => h.category), uncertain: a.uncertain.map((u) => u.code) };
  };
  return { ws, home, secret, code, judge, write };
}

beforeAll(async () => {
  await loadShellParser();
  dir = mkdtempSync(join(tmpdir(), 'gavel-git-objects-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a blob named by its hash prints the file history held it at', () => {
  it.each([
    ['show by the full hash', (h: string) => `git show ${h}`],
    ['show by an abbreviated hash', (h: string) => `git show ${h.slice(0, 7)}`],
    ['cat-file pretty-printing it', (h: string) => `git cat-file -p ${h}`],
    ['cat-file asking for a blob', (h: string) => `git cat-file blob ${h.slice(0, 9)}`],
    ['piped on', (h: string) => `git cat-file -p ${h} | head -5`],
  ])('a deleted secret, %s', (_name, command) => {
    const { secret, judge } = repository();
    expect(judge(command(secret)).hits).toContain('secret_material_read');
  });

  it('through a tag pointing at the blob, lightweight or annotated', () => {
    const { ws, home, secret, judge } = repository();
    runGit(ws, home, 'tag', 'plain-tag', secret);
    runGit(ws, home, 'tag', '-a', '-m', 'note', 'noted-tag', secret);
    expect(judge('git show plain-tag').hits).toContain('secret_material_read');
    expect(judge('git cat-file blob noted-tag').hits).toContain('secret_material_read');
  });

  it('a blob of code prints code', () => {
    const { code, judge } = repository();
    for (const command of [`git show ${code}`, `git cat-file -p ${code}`])
      expect(judge(command)).toEqual({ hits: [], uncertain: [] });
  });
});

describe('what prints no file content stays as it was', () => {
  it.each([
    ['a commit header', () => 'git cat-file -p HEAD'],
    ['a tree, names only', () => 'git cat-file -p HEAD^{tree}'],
    ['a tree shown', () => 'git show HEAD~1^{tree}'],
    ['the type of the secret blob', (h: string) => `git cat-file -t ${h}`],
    ['its size', (h: string) => `git cat-file -s ${h}`],
    ['whether it exists', (h: string) => `git cat-file -e ${h}`],
    ['a file by a revision and its path', () => 'git show HEAD~1:src/app.ts'],
    ['a commit without its patch', () => 'git show -s HEAD'],
    ['a count given as the next word', () => 'git show -s -n 1 HEAD'],
  ])('%s', (_name, command) => {
    const { secret, judge } = repository();
    expect(judge(command(secret))).toEqual({ hits: [], uncertain: [] });
  });
});

describe('an object gavel cannot place is uncertain', () => {
  it('a blob written to the object store but held at no path of history', () => {
    const { ws, home, write, judge } = repository();
    write('loose.txt', 'TOKEN=abc\n');
    const loose = gitOut(ws, home, 'hash-object', '-w', 'loose.txt');
    write('loose.txt', null);
    expect(judge(`git show ${loose}`).uncertain).toContain('dynamic-path');
  });

  it.each([
    ['objects named on the input', 'echo HEAD | git cat-file --batch'],
    ['commands on the input', 'git cat-file --batch-command < names.txt'],
    ['an object known only at run time', 'git show $(git rev-parse HEAD~1:deploy/.env.production)'],
    ['an object git does not know', 'git cat-file -p 0123456789abcdef'],
  ])('%s: %s', (_name, command) => {
    expect(repository().judge(command).uncertain).toContain('dynamic-path');
  });

  it('without git listings, cat-file of an object name is uncertain', () => {
    const { secret, judge } = repository(false);
    expect(judge(`git cat-file -p ${secret}`).uncertain).toContain('dynamic-path');
    expect(judge(`git cat-file -t ${secret}`).uncertain).toEqual([]);
  });
});

describe('plumbing and the reflog print patches as git show and git diff do', () => {
  it.each([
    ['the commit that deleted the secret, by diff-tree', 'git diff-tree -p HEAD'],
    ['the reflog with patches', 'git reflog -p'],
    ['the reflog shown with patches', 'git reflog show -p'],
    ['two trees diffed', 'git diff-tree -p HEAD~1 HEAD'],
  ])('%s: %s', (_name, command) => {
    expect(repository().judge(command).hits).toContain('secret_material_read');
  });

  it('an uncommitted change to a tracked secret, by diff-files and diff-index', () => {
    const { ws, home, write, judge } = repository();
    write('config/.env.staging', SECRET);
    runGit(ws, home, 'add', '-A');
    runGit(ws, home, 'commit', '-q', '-m', 'three');
    expect(judge('git diff-files -p').hits).toEqual([]);
    write('config/.env.staging', `${SECRET}EXTRA=1\n`);
    expect(judge('git diff-files -p').hits).toContain('secret_material_read');
    expect(judge('git diff-index -p HEAD').hits).toContain('secret_material_read');
  });

  it.each([
    ['names only', 'git diff-tree -r HEAD'],
    ['the reflog without patches', 'git reflog'],
    ['a commit that changed code', 'git diff-tree -p HEAD -- src'],
  ])('prints no secret, %s: %s', (_name, command) => {
    expect(repository().judge(command).hits).toEqual([]);
  });

  it('commits named on the input are uncertain', () => {
    expect(repository().judge('git rev-list HEAD | git diff-tree --stdin -p').uncertain).toContain(
      'dynamic-path',
    );
  });
});

describe('the listing asks an object type and nothing else of cat-file', () => {
  it.each([
    [['cat-file', '-t', 'HEAD^{}'], true],
    [['cat-file', '-p', 'HEAD'], false],
    [['cat-file', '-t', '--batch'], false],
    [['cat-file', '-t', 'a', 'b'], false],
    [['log', '--format=', '--name-only', '-z', '--all', '--find-object=abc', '--'], true],
  ])('%j: %s', (args, ok) => {
    expect(namesOnlyCall(args)).toBe(ok);
  });

  it('git answers the type of a real object', () => {
    const { ws, home, secret } = repository();
    const ask = pinnedGitPaths({ PATH: process.env.PATH, HOME: home });
    expect(ask(ws, ['cat-file', '-t', `${secret}^{}`])?.[0]?.trim()).toBe('blob');
    expect(ask(ws, ['cat-file', '-t', 'no-such^{}'])).toBeUndefined();
  });
});

// A file named like any other whose content is a credential (a service-account key as `conf/deploy.json`), shown
// from a revision: judged by the work tree's file at that path, as `cat` of it is.
describe('an object at a path whose file is a credential by its content prints it', () => {
  const KEY =
    '{\n  "type": "service_account",\n  "private_key_id": "abc",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcw\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "a@x.iam.gserviceaccount.com"\n}\n';
  const keyed = () => {
    const repo = repository();
    repo.write('conf/deploy.json', KEY);
    runGit(repo.ws, repo.home, 'add', '-A');
    runGit(repo.ws, repo.home, 'commit', '-q', '-m', 'three');
    return repo;
  };
  it.each([
    'git show HEAD:conf/deploy.json',
    'git show main:conf/deploy.json | head',
    'cd conf && git show HEAD:./deploy.json',
    'git -C conf show HEAD:conf/deploy.json',
    'git cat-file -p HEAD:conf/deploy.json',
  ])('%s', (command) => {
    expect(keyed().judge(command).hits).toContain('secret_material_read');
  });
  it.each(['git show HEAD:src/app.ts', 'cd conf && git show HEAD:./missing.json', 'git show HEAD:conf'])(
    'not a credential: %s',
    (command) => {
      expect(keyed().judge(command).hits).not.toContain('secret_material_read');
    },
  );
});
