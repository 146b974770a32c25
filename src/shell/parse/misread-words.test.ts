// The word mis-reads the three-parser differential test found (tree-sitter against mvdan-sh and bash): each is a
// kept parse-error, so the command is uncertain; the benign twins are not.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { shellEnv } from '../testdata/shell-env';
import { loadShellParser } from './load-parser';

const codes = (command: string) => analyzeShellSync(command, shellEnv()).uncertain.map((u) => u.code);
const categories = (command: string) => analyzeShellSync(command, shellEnv()).hits.map((h) => h.category);

beforeAll(async () => {
  await loadShellParser();
});

describe('word mis-reads are uncertain', () => {
  it.each<[string, string]>([
    ['blanks inside one bare word', '> f } } rm -rf ~'],
    ['a word starting with an escaped blank', '\\ rm -rf ~'],
    ['an escaped blank after a redirect', '\\ 2>&1 x'],
    ['a command name with # inside', 'a#b \n ='],
  ])('%s', (_n, command) => {
    expect(codes(command)).toContain('parse-error');
  });

  it('assignments after the time keyword are assignments, not the program', () => {
    expect(categories('time 2>&1 A=1 rm -rf ~')).toContain('destructive_root_delete');
    expect(categories('time A=1 rm -rf ~')).toContain('destructive_root_delete');
  });
});

describe('benign twins are not', () => {
  it.each<[string, string]>([
    ['an escaped blank inside a word', 'ls My\\ Documents'],
    ['# inside an argument', 'echo a#b'],
    ['a comment', 'ls # list'],
    ['time before a command', 'time npm test'],
  ])('%s', (_n, command) => {
    expect(codes(command)).toEqual([]);
  });
});

describe('a lone dash tree-sitter drops before a redirect is read, quoted, as the word bash reads', () => {
  const argv = (command: string) => analyzeShellSync(command, shellEnv()).segments.map((s) => s.argv);
  it.each<[string, string, string[]]>([
    ['before a here-document', "python3 - <<'EOF'\nprint(1)\nEOF", ['python3', '-']],
    ['a login shell', 'su - <<EOF\nid\nEOF', ['su', '-']],
    ['before a descriptor redirect', 'echo a - 2>/dev/null', ['echo', 'a', '-']],
    ['after another dash', 'cat - - <<EOF\nx\nEOF', ['cat', '-', '-']],
  ])('%s', (_n, command, want) => {
    expect(argv(command)[0]).toEqual(want);
    expect(codes(command)).toEqual([]);
  });

  it('the code read on standard input is still judged', () => {
    expect(categories("python3 - <<'EOF'\nimport os\nos.system('rm -rf ~')\nEOF")).toContain(
      'destructive_root_delete',
    );
  });
});
