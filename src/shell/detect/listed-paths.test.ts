// Paths that flow through a pipe: a lister of literal roots (`ls`, `find`, `fd`, `git ls-files`) feeding xargs
// makes its command act on paths at or below those roots; a root of unknown origin leaves them unknown.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const env = shellEnv();
const categories = (command: string) =>
  [...new Set(analyzeShellSync(command, env).hits.map((h) => h.category))].sort();

beforeAll(async () => {
  await loadShellParser();
});

describe('a lister of a secret root feeding xargs reads the secret', () => {
  it.each<[string, string]>([
    ['ls of a key, -I replacement', 'ls ~/.ssh/id_rsa | xargs -I% cat %'],
    ['find of a credentials folder', 'find ~/.aws -type f | xargs cat'],
    ['find -print0 and xargs -0', 'find ~/.aws -type f -print0 | xargs -0 cat'],
    ['fd with a search root', 'fd -e pem . ~/.ssh | xargs cat'],
    ['ls of a secret folder', 'ls ~/.ssh | xargs cat'],
    ['find feeding a copy', 'find ~/.aws | xargs -I{} cp {} /tmp/x'],
    ['xargs -n1', 'find ~/.gnupg -type f | xargs -n1 head'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });
});

describe('workspace roots stay ordinary reads', () => {
  it.each<[string, string]>([
    ['git ls-files into cat', 'git ls-files | xargs cat'],
    ['find of a source folder into wc', "find src -name '*.py' | xargs wc -l"],
    ['ls of the working folder', 'ls | xargs wc -l'],
    ['fd with no root', 'fd -e ts | xargs grep -n TODO'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });
});

describe('lines of unknown origin stay unknown', () => {
  it.each<[string, string]>([
    ['a root from a variable', 'find "$D" | xargs cat'],
    ['find printing a format', "find ~/.aws -printf '%s\\n' | xargs cat"],
    ['xargs reading a file instead of stdin', 'find ~/.aws | xargs -a list.txt cat'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).not.toContain('secret_material_read');
  });
  it('a delete of found files is still a run-time path', () => {
    const a = analyzeShellSync("find . -name '*.orig' | xargs rm -rf", env);
    expect(a.uncertain.map((u) => u.code)).toContain('dynamic-path');
  });
});

describe('every file a lister finds below a folder, deleted one by one, is the folder deleted', () => {
  it.each<[string, string, string]>([
    ['find -print0 into rm -f', 'find . -type f -print0 | xargs -0 rm -f', 'local_work_loss'],
    ['git ls-files into rm', 'git ls-files -z | xargs -0 rm -f', 'local_work_loss'],
    ['a source folder', 'find src -type f -print0 | xargs -0 rm', 'local_work_loss'],
    ['home', 'find ~ -type f -print0 | xargs -0 rm -f', 'destructive_root_delete'],
  ])('%s: %s', (_name, command, category) => {
    expect(categories(command)).toContain(category);
  });

  it.each<[string, string]>([
    ['files selected by name', "find . -name '*.pyc' -print0 | xargs -0 rm -f"],
    ['a build output folder', 'find dist -type f -print0 | xargs -0 rm -f'],
  ])('not: %s: %s', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });
});

describe("a lister's name patterns that match a secret list secrets", () => {
  it.each<[string, string]>([
    ['find of home by two -o name branches', "find ~ -name '*.pem' -o -name '*.key' | xargs cat"],
    ['find -iname in upper case', "find ~ -iname '*.PEM' | xargs cat"],
    ['find -path into a secret folder', "find ~ -path '*/.ssh/*' | xargs cat"],
    ['find -regex of a key suffix', "find ~ -regex '.*\\.pem' | xargs cat"],
    ['find of the workspace for keys', "find . -name '*.key' -print0 | xargs -0 cat"],
    ['find of home with no name test', 'find ~ -type f | xargs cat'],
    ['fd by extension below home', 'fd -e pem . ~ | xargs cat'],
    ['fd by regex below home', 'fd id_rsa ~ | xargs cat'],
    ['fd --glob of a key', "fd -g '*.key' src | xargs cat"],
    ['rg -l with a key glob', "rg -l BEGIN -g '*.pem' . | xargs cat"],
    ['git ls-files of a key pathspec', "git ls-files '*.pem' | xargs cat"],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });
});

describe('name patterns of ordinary files stay ordinary reads', () => {
  it.each<[string, string]>([
    ['find of sources by two branches', "find . -name '*.ts' -o -name '*.tsx' | xargs cat"],
    ['find -regex of sources', "find src -regex '.*\\.py' | xargs wc -l"],
    ['find excluding keys', "find src ! -name '*.pem' -type f | xargs wc -l"],
    ['fd by extension', 'fd -e md docs | xargs cat'],
    ['rg -l of a folder', 'rg -l TODO src | xargs wc -l'],
    ['grep -rl of a folder', 'grep -rl TODO src | xargs wc -l'],
    ['git diff --name-only', 'git diff --name-only | xargs wc -l'],
    ['git grep -l', 'git grep -l TODO | xargs wc -l'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });
});

describe('listers other than ls, find and fd carry their roots', () => {
  it.each<[string, string]>([
    ['rg -l of home', 'rg -l BEGIN ~/.aws | xargs cat'],
    ['grep -rl of a secret folder', 'grep -rl key ~/.ssh | xargs cat'],
    ['rg --files of a secret folder', 'rg --files ~/.gnupg | xargs cat'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });
  it('rg printing matches is text, not names', () => {
    const a = analyzeShellSync('rg TODO src | xargs echo', env);
    expect(a.hits).toEqual([]);
  });
});

describe("a lister's output substituted as operands is judged as its paths", () => {
  it.each<[string, string]>([
    ['find of home for keys', "cat $(find ~ -name '*.pem')"],
    ['fd of home for keys', 'head $(fd -e key . ~)'],
    ['backticks of a secret folder', 'cat `find ~/.aws -type f`'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });
  it.each<[string, string]>([
    ['git ls-files into wc', 'wc -l $(git ls-files)'],
    ['find of sources into wc', "wc -l $(find src -name '*.py')"],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });
});

describe('NUL-terminated names under a literal root reach xargs -0 as paths, never options', () => {
  const argv = (command: string) => analyzeShellSync(command, env).segments.at(-1)?.argv ?? [];
  it.each<[string, string, string[]]>([
    [
      'rg --null under src',
      'rg -l --null useEffect src | xargs -0 rg -c useState',
      ['rg', '-c', 'useState', 'src', 'src/{}', 'src/**'],
    ],
    [
      'grep -Z under src',
      "grep -rlZ foo src | xargs -0 sed -i 's/foo/bar/g'",
      ['sed', '-i', 's/foo/bar/g', 'src', 'src/{}', 'src/**'],
    ],
    [
      'find -print0 of a root',
      "find src -name '*.ts' -print0 | xargs -0 wc -l",
      ['wc', '-l', 'src', 'src/{}', 'src/**/*.ts'],
    ],
  ])('%s: %s', (_name, command, want) => {
    expect(argv(command)).toEqual(want);
  });

  it.each<[string, string]>([
    ['newline-separated names (a name with a blank splits)', 'rg -l useEffect src | xargs -r rg -c useState'],
    ['rg of the working folder prints bare names', 'rg -l --null useEffect | xargs -0 rg -c useState'],
    ['a root that reads as an option', 'rg -l --null x -- -src | xargs -0 rg -c y'],
    ['xargs splitting on newlines only', "rg -l --null x src | xargs -d '\\n' rg -c y"],
    ['a value option may move the pattern', 'rg -l --null -t ts x src | xargs -0 rg -c y'],
  ])('the run-time word stays: %s', (_name, command) => {
    expect(argv(command)).toContain('$\u2026');
  });
});

describe('a line filter between the lister and the reader keeps the listing', () => {
  it.each<[string, string]>([
    ['head', 'find ~/.ssh -type f | head -1 | xargs cat'],
    ['sort, substituted', 'cat $(ls ~/.ssh/* | sort)'],
    ['grep -v', 'cat $(ls ~/.ssh/* | grep -v pub)'],
    ['two filters', 'find ~/.gnupg -type f | sort | tail -n 2 | xargs cat'],
    ['a loop over the listing', 'for f in $(find ~/.ssh -type f); do cat "$f"; done'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });

  it.each<[string, string]>([
    ['sed adding the folder', 'ls ~/.ssh | sed "s|^|$HOME/.ssh/|" | xargs cat'],
    ['sed replacing every line', 'git ls-files | sed "s/.*/\\/etc\\/shadow/" | xargs cat'],
    ['awk', 'ls ~/.aws/* | awk "{print}" | xargs cat'],
    ['grep printing parts of lines', 'git ls-files | grep -o "/.*" | xargs cat'],
    ['head printing bytes', 'git ls-files | head -c 20 | xargs cat'],
  ])('a filter that rewrites lines leaves names of unknown origin: %s', (_name, command) => {
    expect(analyzeShellSync(command, env).uncertain.map((u) => u.code)).toContain('dynamic-path');
  });

  it.each<[string, string]>([
    ['git ls-files through grep', 'git ls-files | grep "\\.ts$" | xargs wc -l'],
    ['find of the workspace through sort and head', 'find src -name "*.ts" | sort | head -20 | xargs cat'],
  ])('workspace listings stay ordinary: %s', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });
});

describe("a reader's own file tests that match a secret read it", () => {
  it.each<[string, string]>([
    ['find -exec of a dotenv name', 'find . -name .env -exec cat {} \\;'],
    ['find -exec of a key glob', "find . -type f -name '*.key' -exec head {} \\;"],
    ['find -exec -iname', "find . -iname '*SECRET*' -exec cat {} +"],
    ['find -exec of a key below the root', 'find / -name id_rsa -exec cat {} \\;'],
    ['grep -r with an include of dotenv files', "grep -rh '' --include='.env*' ."],
    ['grep -r with an assigned include', 'grep -r KEY --include=*.env .'],
    ['grep recursing by -d', 'grep -d recurse KEY --include=.env .'],
    ['rg with a glob and no root', "rg --hidden -g '.env' ''"],
    ['rg with a case-blind glob', "rg --iglob '*.PEM' BEGIN ."],
    ['zip -r told to include dotenv files', "zip -r /tmp/x.zip . -i '.env'"],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });
});

describe("a reader's own file tests of ordinary files stay ordinary", () => {
  it.each<[string, string]>([
    ['find -exec of sources', "find src -name '*.ts' -exec cat {} +"],
    ['find -exec counting', "find . -name '*.py' -exec wc -l {} +"],
    ['find -exec with a prune', "find . -name node_modules -prune -o -name '*.js' -exec grep -l foo {} +"],
    ['grep -r with an include', 'grep -rn TODO --include=*.ts .'],
    ['rg with a glob', "rg -g '*.py' foo"],
    ['zip -r of sources', "zip -r /tmp/x.zip src -i '*.ts'"],
    ['zip -r leaving dotenv out', "zip -r dist.zip . -x '.env'"],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });
});

describe("a search filter's pattern selects names from a listing", () => {
  it.each<[string, string]>([
    ['ls -a through grep of a dotenv name', 'ls -a | grep env | xargs cat'],
    ['find through an anchored regex', "find . | grep '\\.env$' | xargs cat"],
    ['fixed strings', 'ls -a | grep -F .env | xargs cat'],
    ['through grep -i and head', 'find . -type f | grep -i pem | head -1 | xargs cat'],
    ['a pattern given with -e', 'find . -type f | grep -e id_rsa | xargs cat'],
    ['ignoring case', 'find . -type f | grep -i PEM | xargs cat'],
    ['fixed strings ignoring case', 'ls -a | grep -iF ENV | xargs cat'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });
  it.each<[string, string]>([
    ['inverted', "find src -name '*.ts' | grep -v test | xargs wc -l"],
    ['sources by extension', "git ls-files | grep '\\.py$' | xargs wc -l"],
    ['an alternation gavel cannot read as a name', "git ls-files | grep -E '\\.(ts|tsx)$' | xargs cat"],
    ['a folder prefix', "git diff --name-only | grep '^src' | xargs cat"],
    ['markdown names', 'ls | grep -e md | xargs cat'],
  ])('not: %s: %s', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });
});
