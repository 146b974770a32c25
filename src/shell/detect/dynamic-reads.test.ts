// A program that prints its files' content, given a file named only at run time (`cat $KUBECONFIG`, `cat "$1"`,
// `cat $(cat list.txt)`), may print any file, a secret too: uncertain. Lines of a listing, a loop's pattern, a
// process substitution's pipe and substitutions whose output is known (`$(pwd)`, known-output.ts) are not.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile } from '../types';

const gitAt =
  (...dirs: string[]) =>
  (abs: string): ScriptFile =>
    dirs.some((d) => abs === `${d}/.git` || abs === `${d}/.git/objects` || abs === `${d}/.git/refs`)
      ? { kind: 'unreadable', why: 'not-regular', entries: ['HEAD'] }
      : dirs.some((d) => abs === `${d}/.git/HEAD`)
        ? { kind: 'text', text: 'ref: refs/heads/main\n' }
        : { kind: 'missing' };
const analysis = (command: string, read = gitAt('/home/u/proj')) =>
  analyzeShellSync(command, shellEnv({ readScript: read }));
const codes = (command: string) => analysis(command).uncertain.map((u) => u.code);

beforeAll(async () => {
  await loadShellParser();
});

describe('a file named only at run time is read: uncertain', () => {
  it.each<[string, string]>([
    ['a path from the environment', 'cat $KUBECONFIG'],
    ['a service account key path', 'base64 $GOOGLE_APPLICATION_CREDENTIALS'],
    ['a positional parameter', 'cat "$1"'],
    ["a file's content as names", 'cat $(cat list.txt)'],
    ["a loop over a file's content", 'for f in $(cat list.txt); do cat "$f"; done'],
    ['head of a variable', 'head -5 $FILE'],
    ['names on standard input', 'cat list.txt | xargs cat'],
    ['grep after its pattern', 'grep token $F'],
    ['sed after its script', 'sed -n p "$F"'],
    ['standard input from it', 'cat < "$KUBECONFIG"'],
    ['a line loop over it', 'while read -r l; do echo "$l"; done < "$1"'],
    ["xargs' argument file", 'xargs -a "$F" echo'],
  ])('%s: %s', (_n, command) => {
    expect(codes(command)).toContain('dynamic-path');
  });
});

describe('bounded or known names are not', () => {
  it.each<[string, string]>([
    ['lines of a listing', 'git ls-files | xargs cat'],
    ['process substitutions', 'diff <(ls) <(ls -la)'],
    ["a loop's pattern", 'for f in src/*.ts; do cat "$f"; done'],
    ['lines read from a listing', 'git ls-files | while IFS= read -r f; do cat "$f"; done'],
    ['a loop over a listing', 'for f in $(git diff --name-only); do cat "$f"; done'],
    ['the folder pwd prints', 'cat "$(pwd)/README.md"'],
    ['the repository top', 'cat "$(git rev-parse --show-toplevel)/README.md"'],
    ['a program that does not print its operands', 'cargo build --bin $T'],
    ['a search pattern known at run time', 'grep -rn "$PATTERN" src'],
    [
      'a line loop over each file of a glob',
      'for f in docs/*.md; do while read -r l; do echo "$l"; done < "$f"; done',
    ],
    ['a here-string of a variable', 'cat <<< "$X"'],
  ])('%s: %s', (_n, command) => {
    expect(codes(command)).toEqual([]);
  });
});

describe('a file named only at run time is written: uncertain', () => {
  it.each<[string, string]>([
    ['a start-up file by a variable', 'echo "alias ls=x" >> "$RCFILE"'],
    ['a log by a variable', 'npm test > "$OUT" 2>&1'],
    ['a workspace folder and a name known at run time', 'echo x > "src/$F"'],
    ['a line of a listing plus a suffix', 'git ls-files | while read f; do wc -l "$f" > "$f.n"; done'],
  ])('%s: %s', (_n, command) => {
    expect(codes(command)).toContain('dynamic-path');
  });

  it.each<[string, string]>([
    ['a descriptor', 'ls >&2 2>&1'],
    ["mktemp's file", 'tmp=$(mktemp); ls > "$tmp" 2>&1; tail -20 "$tmp"'],
    ["mktemp's folder", 'd=$(mktemp -d) && echo x > "$d/out.txt"'],
    ['a list: the redirect names what the first command set', 'f=$(mktemp) && ls > "$f"'],
    ["a loop's glob", 'for f in src/*.ts; do wc -l "$f" > "$f.lines"; done'],
  ])('not: %s', (_n, command) => {
    expect(codes(command)).toEqual([]);
  });
});

describe('substitutions whose output is known (known-output.ts)', () => {
  const paths = (command: string, read?: (abs: string) => ScriptFile) =>
    analysis(command, read)
      .segments.flatMap((s) => s.paths)
      .map((p) => p.resolved ?? p.raw);

  it('pwd prints the folder it runs in, after a cd too', () => {
    expect(paths('cd src && cat "$(pwd)/a.ts"')).toContain('/home/u/proj/src/a.ts');
  });

  it('the repository top is the nearest folder above with .git, in the workspace', () => {
    expect(paths('cd src/app && cat "$(git rev-parse --show-toplevel)/a.ts"')).toContain('/home/u/proj/a.ts');
    expect(
      paths('cd src/app && cat "$(git rev-parse --show-toplevel)/a.ts"', gitAt('/home/u/proj/src')),
    ).toContain('/home/u/proj/src/a.ts');
  });

  it('no .git up to the workspace root: unknown', () => {
    expect(codes('cat "$(git rev-parse --show-toplevel)/a.ts"')).toEqual([]);
    expect(
      analysis('cat "$(git rev-parse --show-toplevel)/a.ts"', gitAt()).uncertain.map((u) => u.code),
    ).toContain('dynamic-path');
  });

  it('basename and dirname of literal words', () => {
    expect(paths('cat src/$(basename x/README.md)')).toContain('/home/u/proj/src/README.md');
    expect(codes('cat "$(basename a.md .md).txt"')).toEqual([]);
    expect(paths('cat "$(dirname src/a/b.ts)/index.ts"')).toContain('/home/u/proj/src/a/index.ts');
    expect(codes('cat "$(basename "$F")"')).toContain('dynamic-path');
  });

  it('a .git that cannot be read leaves the top unknown', () => {
    const broken = (abs: string): ScriptFile =>
      abs === '/home/u/proj/.git' ? { kind: 'unreadable', why: 'error' } : { kind: 'missing' };
    expect(
      analysis('cat "$(git rev-parse --show-toplevel)/a.ts"', broken).uncertain.map((u) => u.code),
    ).toContain('dynamic-path');
  });

  it('pwd with an option it does not know: unknown', () => {
    expect(codes('cat "$(pwd --x)/a.ts"')).toContain('dynamic-path');
  });
});

describe('an unquoted expansion is globbed, however its value was quoted (markers.ts globsActive)', () => {
  const secretRead = (command: string) =>
    analysis(command).hits.some((h) => h.category === 'secret_material_read');

  it.each<[string, string]>([
    ["a variable's quoted value", "x='.en?'; cat $x"],
    ["a substitution's known output", "cat $(echo '.en?')"],
    ['split into words', "x='README.md .en?'; cat $x"],
  ])('%s: %s', (_n, command) => {
    expect(secretRead(command)).toBe(true);
  });

  it.each<[string, string]>([
    ['a quoted variable', 'x=\'.en?\'; cat "$x"'],
    ['a quoted substitution', 'cat "$(echo \'.en?\')"'],
  ])('quoted, the text is literal: %s', (_n, command) => {
    expect(secretRead(command)).toBe(false);
  });
});
