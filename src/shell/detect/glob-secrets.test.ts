// A reader given a glob, or every file a lister found below a folder, reads what that expands to on disk: a
// secret-named file there is a secret read (path-effects.ts secretBelow, folder-walk.ts globReaches). Real folders
// in a temp dir, read through the disk reader as the runtime reads them; each case has a quiet twin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';
import { shellEnv } from '../testdata/shell-env';

let p: DiskProject;

beforeAll(async () => {
  await loadShellParser();
  p = diskProject('gavel-glob-secrets-');
  p.write({
    '.env': 'API_KEY=sk-live-0123456789\n',
    'secrets.yaml': 'db_password: hunter2\n',
    'README.md': '# app\n',
    'config/master.key': '0123456789abcdef\n',
    'config/app.yml': 'name: app\n',
    'vault/api.key': '0123456789abcdef\n',
    'src/app.ts': 'export {};\n',
    'src/util.ts': 'export {};\n',
    // A credential by its content only, under an ordinary name (review 30a).
    'data/app-data.json':
      '{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIB\\n-----END PRIVATE KEY-----\\n"}\n',
    'data/notes.txt': 'nothing here\n',
    'plain/notes.txt': 'nothing here\n',
  });
});
afterAll(() => p.remove());

const categories = (command: string, cwd?: string) =>
  analyzeShellSync(command, p.env(cwd)).hits.map((h) => h.category);

describe('an archive written to standard output shows its members: a tree holding a secret is a secret read', () => {
  it.each([
    ['tar to -', 'tar -cf - .'],
    ['tar with no archive named', 'tar -c .'],
    ['old style', 'tar cf - .'],
    ['long options', 'tar --create --file=- . | head -c 4000'],
    ['zip to -', 'zip -r - .'],
    ['a bare folder name', 'tar -cf - config'],
    ['the dash glued to -f', 'tar -cvf- .'],
    ['GNU tar by its other name', 'gtar -cf - .'],
  ])('%s: %s', (_n, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });

  it.each([
    ['to a file', 'tar -czf /tmp/src.tgz .'],
    ['a folder with no secret', 'tar -cf - src'],
    ['zip to a file', 'zip -r /tmp/app.zip src'],
    ['listing an archive', 'tar -tf /tmp/src.tar'],
  ])('quiet: %s: %s', (_n, command) => {
    expect(categories(command)).not.toContain('secret_material_read');
  });
});

describe('a recursive diff prints the files of the folders it compares: a tree holding a secret is a secret read (review 30a)', () => {
  it.each([
    ['diff -rN against an empty folder', 'diff -rN . /tmp/empty'],
    ['the folder second', 'diff -ruN /tmp/empty .'],
    ['a bare folder name', 'diff -r config /tmp/other'],
    ['the long option', 'diff --recursive --new-file . /tmp/empty'],
    ['colordiff', 'colordiff -rN . /tmp/empty'],
    ['difftastic compares folders by default', 'difft . /tmp/empty'],
    ['delta compares folders by default', 'delta . /tmp/empty'],
    ['git diff outside a repository', 'git diff --no-index . /tmp/empty'],
    ['git diff outside a repository, a bare folder', 'git diff --no-index config /tmp/empty'],
  ])('%s: %s', (_n, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });

  it.each([
    ['a folder with no secret', 'diff -ru src /tmp/old-src'],
    ['two files', 'diff -u src/app.ts src/util.ts'],
    ['git diff of two plain files', 'git diff --no-index src/app.ts src/util.ts'],
  ])('quiet: %s: %s', (_n, command) => {
    expect(categories(command)).not.toContain('secret_material_read');
  });
});

describe('a glob that expands to a file holding a credential by its content reads it (review 30a)', () => {
  it.each([
    ['every file of the folder', 'cat data/*'],
    ['by extension', 'cat data/*.json'],
    ['head of each', 'head -n 100 data/*'],
    ['jq', 'jq . data/*.json'],
  ])('%s: %s', (_n, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });
  it.each([
    ['a folder of plain files', 'cat plain/*'],
    ['source code is not looked inside', 'cat src/*'],
  ])('quiet: %s: %s', (_n, command) => {
    expect(categories(command)).not.toContain('secret_material_read');
  });
});

describe('a glob that expands to a secret-named file reads it', () => {
  it.each([
    ['every file of the folder', 'cat *'],
    ['a folder of settings and keys', 'cat config/*'],
    ['one level down by name', 'head -n 3 */*.key'],
    ['a hidden file named by its dot', 'cat .env*'],
    ['a POSIX class in brackets', 'cat .[[:alpha:]]nv'],
    ['every file below several folders, the secret in the last', 'cat [sv]*/**'],
    ['a negated bracket', 'cat [!R]ecrets.yaml'],
    ['every file a lister found below the folder', 'find . -type f | xargs cat'],
    ['every file find runs the reader on', 'find . -exec cat {} +'],
    ['a name test that selects one', "find . -name '*.key' -exec head -1 {} \\;"],
    ['a name test through xargs', "find . -name '*.yaml' | xargs cat"],
    ["ls's entries read", 'ls | xargs cat'],
    ["ls -A's hidden entries read", 'ls -A | xargs cat'],
    ['every file rg would search', 'rg --files | xargs cat'],
    ['a search of a glob printing every line', 'grep . *'],
    ['a search of a folder glob', 'grep -h KEY config/* .env*'],
  ])('%s: %s', (_n, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });

  it.each([
    ['no secret among them', 'cat *.md'],
    ['a folder with none', 'cat src/*'],
    ['names only', 'ls config/*'],
    ['a name test that selects none', "find . -name '*.ts' | xargs cat"],
    ['a folder of code, every file', 'find src -type f -exec cat {} +'],
    ['a counter, not a reader', 'find . -type f | xargs wc -l'],
    ["ls's entries of a folder with none", 'ls src | xargs -I{} cat src/{}'],
    ['a search of a glob whose pattern matches no secret line', 'grep useEffect *'],
    ['a search of a glob of code', 'grep -n export src/*'],
    [
      'a search printing names (its pattern decides: secret-search.ts)',
      'find . -type f -print0 | xargs -0 grep -l TODO',
    ],
  ])('quiet: %s: %s', (_n, command) => {
    expect(categories(command)).not.toContain('secret_material_read');
  });

  it('without a reader the glob is judged by its pattern alone', () => {
    const env = shellEnv({ cwd: p.root, workspaceRoots: [p.root] });
    expect(analyzeShellSync('cat config/*', env).hits.map((h) => h.category)).not.toContain(
      'secret_material_read',
    );
  });
});
