// A recursive content search prints the matching lines of every file it reads: a secret-named file below a searched
// folder (nearest folders first) whose lines the pattern matches is read. Real folders in a temp dir (a real git repository
// where ignore rules matter), read through the disk reader as the runtime reads them.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { diskReader as reader } from '../testdata/disk-reader';
import { runGit } from '../testdata/run-git';
import { shellEnv } from '../testdata/shell-env';

let dir = '';
let n = 0;

/** A workspace with these files (a git repository when `git`), and the categories of a command run in it. */
function workspace(files: Record<string, string>, git = false, links: Record<string, string> = {}) {
  const ws = join(dir, `ws${++n}`);
  const home = join(dir, `home${n}`);
  mkdirSync(join(ws, 'src'), { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(join(ws, 'src', 'app.ts'), 'const key = process.env.API_KEY;\nuseEffect(() => {});\n');
  // A name starting `~/` is a file of the home folder, any other of the workspace.
  for (const [rel, text] of Object.entries(files)) {
    const at = rel.startsWith('~/') ? join(home, rel.slice(2)) : join(ws, rel);
    mkdirSync(dirname(at), { recursive: true });
    writeFileSync(at, text);
  }
  if (git) runGit(ws, home, 'init', '-q');
  // Links: a target starting `~/` is in the home folder, any other in the workspace.
  for (const [rel, target] of Object.entries(links))
    symlinkSync(target.startsWith('~/') ? join(home, target.slice(2)) : join(ws, target), join(ws, rel));
  const env = shellEnv({ cwd: ws, home, workspaceRoots: [ws], tempDirs: ['/tmp'], readScript: reader });
  return (command: string) => {
    const a = analyzeShellSync(command, env);
    return { categories: a.hits.map((h) => h.category), uncertain: a.uncertain.map((u) => u.code) };
  };
}

const ENV = {
  '.env':
    'PORT=3000\nNODE_ENV=development\nAPI_KEY=sk-live-0123456789\nDB_PASSWORD=hunter2\nDATABASE_URL=postgres://app:s3cret@localhost/app\n',
};

beforeAll(async () => {
  await loadShellParser();
  dir = mkdtempSync(join(tmpdir(), 'gavel-secret-search-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a recursive search whose pattern matches a line of a secret file beside it reads it', () => {
  it.each([
    ['grep for a key name', 'grep -rn API_KEY .'],
    ['credentials inside a URL setting', 'grep -rn DATABASE .'],
    ['grep with no folder (the working one)', 'grep -r PASSWORD'],
    ['case-blind either way', 'grep -r api_key .'],
    ['an extended alternation', "grep -rE 'TOKEN|SECRET|KEY' ."],
    ['a basic alternation', "grep -r 'TOKEN\\|PASSWORD' ."],
    ['a fixed string', 'grep -rF = .'],
    ['only the matching part', "grep -rho 'sk-[a-z0-9-]*' ."],
    ['a pattern given by -e', 'grep -r -e hunter2 .'],
    ['an inverted match', 'grep -rv xyz .'],
    ['a pattern file', 'grep -r -f patterns.txt .'],
    ['a pattern known only at run time', 'grep -r "$P" .'],
    ['grep -d recurse', 'grep -d recurse KEY .'],
    ['egrep', "egrep -r 'KEY=.+' ."],
    ['rg told to read hidden and ignored files', 'rg -uu KEY'],
    ['rg --hidden outside a repository', 'rg --hidden KEY'],
    ['an escape JavaScript reads as a letter (\\A)', "rg -uu '\\AAPI' ."],
    ['a quoted span (\\Q..\\E)', "grep -rnP '\\Qapi_key\\E' ."],
    ['ag unrestricted', 'ag -u KEY .'],
    ['a folder named', 'mkdir -p cfg && grep -r PASSWORD . cfg'],
    ['ack (recursive, dotfiles read)', 'ack API_KEY'],
    ['git grep outside the index', 'git grep --no-index API_KEY'],
    ['a names-only search whose names a reader reads', 'grep -rl API_KEY . | xargs cat'],
    ['rg names piped to a reader', 'rg -uu -l hunter2 | xargs cat'],
  ])('%s: %s', (_name, command) => {
    expect(workspace(ENV)(command).categories).toContain('secret_material_read');
  });

  it('a secret file a pattern matches, named like one but not hidden, is read by rg', () => {
    expect(workspace({ 'secrets.yaml': 'db_password: hunter2\n' })('rg password').categories).toContain(
      'secret_material_read',
    );
  });
});

describe('a file whose name says nothing is a secret by its content (round 13)', () => {
  const SA =
    '{\n  "type": "service_account",\n  "project_id": "p",\n  "private_key_id": "abc123",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----\\n"\n}\n';
  const KEY =
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\n-----END OPENSSH PRIVATE KEY-----\n';
  it.each([
    [
      'a service-account key named for its project',
      { 'deploy/gcp-sa.json': SA },
      'grep -rn private_key deploy',
    ],
    ['a private key with no extension', { 'local/deploy-key': KEY }, 'grep -rn PRIVATE local'],
    [
      'AWS keys in an ini',
      {
        'local/aws-dev.ini': '[default]\naws_secret_access_key = hOmE8FAKEk2Lq9Zr4Vb7Nn1Ty6Hs3Kp0Wm5Jd8Gc\n',
      },
      'grep -rn secret .',
    ],
    ['rg over the same', { 'deploy/gcp-sa.json': SA }, 'rg private_key'],
  ])('%s: %s', (_name, files, command) => {
    expect(workspace(files)(command).categories).toContain('secret_material_read');
  });
  it('a search looking inside many files leaves a later read its own budget', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`conf/c${i}.yaml`] = `k: ${i}\n`;
    files['notes.txt'] = 'plain notes\n';
    const run = workspace(files);
    expect(run('grep -rn k: conf && cat notes.txt').uncertain).not.toContain('too-large');
  });
  it('the same content in code, a pattern no line matches, or a file git ignores (rg) is no read', () => {
    expect(workspace({ 'deploy/gcp-sa.json': SA })('grep -rn project_name deploy').categories).not.toContain(
      'secret_material_read',
    );
    expect(
      workspace({ 'src/keys.ts': `export const k = ${JSON.stringify(KEY)};\n` })('grep -rn PRIVATE src')
        .categories,
    ).not.toContain('secret_material_read');
    const run = workspace({ 'deploy/gcp-sa.json': SA, '.gitignore': 'deploy/gcp-sa.json\n' }, true);
    expect(run('rg private_key').categories).not.toContain('secret_material_read');
    expect(run('grep -rn private_key deploy').categories).toContain('secret_material_read');
  });
});

describe('a names-only search whose pattern reaches into a secret value answers for it (review 21 M1)', () => {
  it.each([
    ['grep -l of a value prefix', "grep -rl 'API_KEY=sk-l' ."],
    ['grep -q of a value', 'grep -rq hunter2 .'],
    ['rg -c of a value, ignored files read', "rg -c -uu 'DB_PASSWORD=h'"],
    ['grep -L of a value (the files that lack it)', "grep -rL 'API_KEY=sk-l' ."],
  ])('%s: %s', (_name, command) => {
    expect(workspace(ENV)(command).categories).toContain('secret_material_read');
  });
  it('a names-only search of a setting name alone tells nothing of its value', () => {
    expect(workspace(ENV)('grep -rl API_KEY .').categories).not.toContain('secret_material_read');
    expect(workspace(ENV)('grep -rlv API_KEY .').categories).not.toContain('secret_material_read');
    const npmrc = workspace({
      '.npmrc': '//registry.npmjs.org/:_authToken=npm_0123456789abcdef0123456789abcdef0123\n',
    });
    expect(npmrc('grep -rc _authToken .').categories).not.toContain('secret_material_read');
    expect(npmrc("grep -rc '_authToken=npm_0' .").categories).toContain('secret_material_read');
  });
});

describe('a search that does not print a secret file stays quiet', () => {
  it.each([
    ['a pattern no line of it matches', 'grep -rn useEffect .'],
    ['names only', 'grep -rl API_KEY .'],
    ['counts only', 'grep -rc API_KEY .'],
    ['quiet', 'grep -rq API_KEY .'],
    ['another folder', 'grep -rn API_KEY src'],
    ['excluded by name', "grep -rn API_KEY --exclude='.env*' ."],
    ['included by other names', "grep -rn API_KEY --include='*.ts' ."],
    ['not recursive (standard input)', 'grep API_KEY'],
    ['rg skips hidden files', 'rg API_KEY'],
    ['rg told to skip it', "rg --hidden -g '!.env' API_KEY"],
    ['rg with names only', 'rg -uu -l API_KEY'],
    ['ag skips hidden files', 'ag API_KEY .'],
    ['ack listing file names', 'ack -f'],
    ['names of files that match no secret line, read', 'grep -rl useEffect . | xargs cat'],
    ['a setting that holds no secret', 'grep -rn PORT .'],
    ['another one, any case', 'grep -rni node_env .'],
  ])('%s: %s', (_name, command) => {
    expect(workspace(ENV)(command).categories).not.toContain('secret_material_read');
  });

  it('rg --hidden in a repository that ignores it', () => {
    const run = workspace({ ...ENV, '.gitignore': '.env\n' }, true);
    expect(run('rg --hidden API_KEY').categories).not.toContain('secret_material_read');
    expect(run('rg --hidden --no-ignore API_KEY').categories).toContain('secret_material_read');
  });

  it('git grep searches what git tracks: a secret the ignore rules leave is printed, an ignored one is not', () => {
    const ignored = workspace({ ...ENV, '.gitignore': '.env\n' }, true);
    expect(ignored('git grep API_KEY').categories).not.toContain('secret_material_read');
    expect(ignored('git grep --no-index API_KEY').categories).toContain('secret_material_read');
    const committed = workspace({ ...ENV, '.gitignore': 'node_modules\n' }, true);
    expect(committed('git grep API_KEY').categories).toContain('secret_material_read');
    // Words before `--` may be revisions (the folder is searched too); after it, only the paths there.
    expect(committed('git grep -n API_KEY HEAD~1').categories).toContain('secret_material_read');
    expect(committed('git grep -n API_KEY -- src').categories).not.toContain('secret_material_read');
    expect(committed('git grep -e API_KEY -- src').categories).not.toContain('secret_material_read');
    expect(committed('git grep -n useEffect').categories).not.toContain('secret_material_read');
  });
});

describe('every file a lister finds below a folder, searched, is the folder searched', () => {
  it.each([
    ['find into xargs grep', 'find . -type f | xargs grep API_KEY'],
    ['find -print0 into xargs -0 grep', 'find . -type f -print0 | xargs -0 grep -n API_KEY'],
    ['find -exec grep', 'find . -type f -exec grep -H API_KEY {} +'],
  ])('%s: %s', (_name, command) => {
    expect(workspace(ENV)(command).categories).toContain('secret_material_read');
  });

  it('a pattern no secret line matches stays quiet', () => {
    expect(workspace(ENV)('find . -type f -exec grep -H useEffect {} +').categories).not.toContain(
      'secret_material_read',
    );
  });
});

describe('a search that follows links walks the folder a link leads to', () => {
  const KEY = { '~/.ssh/id_ed25519': '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n' };
  const LINKS = { 'vendor-keys': '~/.ssh' };

  it.each([
    ['grep -R', 'grep -R PRIVATE .'],
    ['grep --dereference-recursive', 'grep --dereference-recursive -n PRIVATE .'],
    ['rg -L', 'rg -L PRIVATE'],
    ['rg --follow', 'rg --follow -n PRIVATE .'],
  ])('%s: %s', (_name, command) => {
    expect(workspace(KEY, false, LINKS)(command).categories).toContain('secret_material_read');
  });

  it.each([
    ['grep -r does not follow a link it meets', 'grep -r PRIVATE .'],
    ['rg does not by default', 'rg PRIVATE'],
  ])('quiet: %s: %s', (_name, command) => {
    expect(workspace(KEY, false, LINKS)(command).categories).not.toContain('secret_material_read');
  });

  it.each([
    ['every file one folder down', 'cat */*'],
    ['a bracket glob', 'cat ke?s/*'],
    ['a search of the files a glob names', 'grep -h PRIVATE */*'],
  ])('a glob goes through a linked folder before its last part: %s: %s', (_name, command) => {
    expect(workspace(KEY, false, { keys: '~/.ssh' })(command).categories).toContain('secret_material_read');
  });

  it('a link named like a generated folder is followed all the same', () => {
    expect(workspace(KEY, false, { dist: '~/.ssh' })('grep -R PRIVATE .').categories).toContain(
      'secret_material_read',
    );
  });

  it('a link that leads back above itself is walked once', () => {
    const got = workspace({ 'a/b/.env': ENV['.env'] }, false, { 'a/b/up': 'a' })('grep -Rn API_KEY .');
    expect(got.categories).toContain('secret_material_read');
  });
});

describe('a walk too large to list whole is uncertain, never quiet', () => {
  // 60 folders of modules before the secret, nearest first: the old bound of 32 listings never reached it.
  const WIDE: Record<string, string> = { 'zz/deep/.env': ENV['.env'] };
  for (let k = 0; k < 60; k++) WIDE[`mod${String(k).padStart(2, '0')}/src/index.ts`] = 'export {};\n';
  const HUGE: Record<string, string> = {};
  for (let k = 0; k < 300; k++) HUGE[`mod${k}/a/b.ts`] = 'export {};\n';
  const CROWDED: Record<string, string> = {};
  for (let k = 0; k < 2100; k++) CROWDED[`icons/i${k}.svg`] = '<svg/>\n';

  it('a secret behind more folders than the old bound is seen', () => {
    expect(workspace(WIDE)('grep -rn API_KEY .').categories).toContain('secret_material_read');
  });

  it.each([
    ['more folders than one review lists', 'grep -rn API_KEY .', HUGE],
    ['a folder of more entries than the reader lists', 'grep -rn API_KEY .', CROWDED],
    ['a lister read whole', 'find . -type f | xargs cat', HUGE],
  ])('%s: %s', (_name, command, files) => {
    const got = workspace(files)(command);
    expect(got.categories).not.toContain('secret_material_read');
    expect(got.uncertain).toContain('too-large');
  });

  it('a tree the budget covers is not uncertain', () => {
    expect(workspace(WIDE)('grep -rn useEffect .').uncertain).not.toContain('too-large');
  });
});

describe('the folders below a searched folder are walked too', () => {
  const NESTED = {
    'apps/api/.env': ENV['.env'],
    'apps/web/src/index.ts': 'export {};\n',
    '.config/secrets.yaml': 'db_password: hunter2\n',
    'node_modules/pkg/.env': 'API_TOKEN=sk-live-abcdefabcdefabcdefabcdef\n',
  };

  it.each([
    ['grep two folders down', 'grep -rn API_KEY .'],
    ['grep from a folder above it', 'grep -r DB_PASSWORD apps'],
    ['rg reading hidden files', 'rg -uu API_KEY'],
    ['grep into a hidden folder', 'grep -r hunter2 .'],
    ['names a reader reads', 'grep -rl API_KEY . | xargs cat'],
  ])('%s: %s', (_name, command) => {
    expect(workspace(NESTED)(command).categories).toContain('secret_material_read');
  });

  it.each([
    ['a pattern no line matches', 'grep -rn useEffect .'],
    ['rg skips hidden files below too', 'rg API_KEY'],
    ['rg skips hidden folders', 'rg hunter2'],
    ['another branch of the tree', 'grep -rn API_KEY apps/web'],
    ['a generated folder is not walked', 'grep -r API_TOKEN .'],
  ])('quiet: %s: %s', (_name, command) => {
    expect(workspace(NESTED)(command).categories).not.toContain('secret_material_read');
  });

  it('a nested file git ignores is skipped by rg --hidden, not by grep', () => {
    const run = workspace({ ...NESTED, '.gitignore': '.env\n' }, true);
    expect(run('rg --hidden API_KEY').categories).not.toContain('secret_material_read');
    expect(run('grep -rn API_KEY .').categories).toContain('secret_material_read');
  });

  it('a wide tree is walked without making the command uncertain', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`pkg${i}/src/a.ts`] = 'x\n';
    expect(workspace(files)('grep -rn TODO .')).toEqual({ categories: [], uncertain: [] });
  });
});

describe("rg's file globs choose the files searched, read on disk (round 19)", () => {
  it.each([
    ['a glob of many names that selects no secret', "rg -n -g '*.ts*' API_KEY"],
    ['a glob with a star inside', "rg -g '*.y*ml' -g 'Makefile*' PASSWORD ."],
    ['a test-file glob', "rg -l -g '*.test.*' useEffect"],
  ])('quiet: %s', (_n, command) => {
    const run = workspace({ ...ENV, 'config/app.yaml': 'port: 3000\n' }, true);
    expect(run(command).categories).not.toContain('secret_material_read');
  });

  it.each([
    ['a hidden secret a glob names is searched', "rg -g '.env' API_KEY"],
    ['a glob of every dotted name, the secret matching', "rg -g '*.*' API_KEY"],
    ['a glob aimed at secrets by name, whatever the disk holds', "rg -l -g '*.p12' KEY"],
    ['an ignored secret a glob names is searched', "rg -g '*.pem' PRIVATE"],
  ])('read: %s', (_n, command) => {
    const run = workspace(
      {
        ...ENV,
        '.gitignore': '*.pem\n',
        'certs/site.pem': '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n',
      },
      true,
    );
    expect(run(command).categories).toContain('secret_material_read');
  });
});
