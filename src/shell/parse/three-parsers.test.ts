// Differential test of three shell parsers: the pure-JS fast path, tree-sitter-bash (both used at run time) and
// mvdan-sh (the GopherJS build of mvdan/sh, a devDependency for tests only). Where mvdan-sh reads a command's
// structure (the argv of every simple command) differently from tree-sitter, the analysis must either see every
// command bash runs (a segment for each argv mvdan-sh reads) or be uncertain: a shape gavel reads differently from
// bash never ends in allow. Named cases, the corpora and a seeded generator.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { shellEnv } from '../testdata/shell-env';
import { mvdanStructure, type Structure, treeStructure } from '../testdata/three-parsers';
import { fastParse } from './fast-parse';
import { loadShellParser, type ShellParser } from './load-parser';

let parser: ShellParser;
beforeAll(async () => {
  parser = await loadShellParser();
});

function treeSitter(command: string): Structure {
  const tree = parser.parse(command);
  try {
    return treeStructure(tree.rootNode);
  } finally {
    tree.delete();
  }
}

/** Whether gavel's analysis accounts for what mvdan-sh reads: uncertain, or a segment for each literal argv. */
function accountedFor(command: string, theirs: string[]): boolean {
  const a = analyzeShellSync(command, shellEnv());
  if (a.uncertain.length > 0) return true;
  return theirs.every((line) => {
    const argv = JSON.parse(line) as string[];
    if (argv.includes('$')) return true;
    return a.segments.some(
      (s) =>
        s.argv.length > 0 &&
        s.argv.length <= argv.length &&
        s.argv.every((w, i) => w === argv[argv.length - s.argv.length + i]),
    );
  });
}

/**
 * Shapes mvdan-sh reads differently from bash (checked against bash 5.2), where tree-sitter reads as bash does:
 * `#` right after a closing quote (`'a'#b` is one word, no comment), a digit right after a closing quote before a
 * redirect (`"a"2>f` is the word `a2` and `>f`), a comment ending in a backslash (bash never continues a comment).
 */
const MVDAN_MISREADS = /['"]#|['"]\d+[<>]|#[^\n]*\\\n/;

/** Commands where the parsers disagree and the analysis does not account for it (each with both readings). */
function misses(commands: Iterable<string>): { compared: number; disagree: number; missed: string[] } {
  let compared = 0;
  let disagree = 0;
  const missed: string[] = [];
  for (const command of commands) {
    const theirs = mvdanStructure(command);
    // mvdan-sh is stricter than bash in places (a here-doc closed by `EOF)`): its errors are no reading.
    if (theirs === 'error' || MVDAN_MISREADS.test(command)) continue;
    const ours = treeSitter(command);
    const fast = fastParse(command);
    const fastOurs = fast ? treeStructure(fast.rootNode) : undefined;
    compared++;
    const same = (x: Structure | undefined) =>
      x === undefined || JSON.stringify(x) === JSON.stringify(theirs);
    if (same(ours) && same(fastOurs)) continue;
    disagree++;
    if (!accountedFor(command, theirs))
      missed.push(
        `${JSON.stringify(command)}\n  tree-sitter ${JSON.stringify(ours)}\n  mvdan-sh    ${JSON.stringify(theirs)}`,
      );
  }
  return { compared, disagree, missed };
}

const NAMED: Record<string, string> = {
  'backslash-newline inside a command name': 'r\\\nm -rf ~',
  'backslash-newline inside an argument': 'rm -rf \\\n~/x',
  'empty backticks before the program': '`` rm -rf ~',
  'locale string as the program': '$"rm" -rf ~',
  'escaped substitution in a let subscript': 'let "a[\\$(rm -rf ~)]=1"',
  'a word after a redirect': 'rm -rf > /dev/null ~',
  'redirect in a substitution': 'echo $(rm -rf 2>/dev/null /)',
  'backtick in a quoted redirect target': "rm -rf >'file`name' /",
  'time before a command': 'time rm -rf ~',
  coproc: 'coproc rm -rf ~',
  'negated compound': '! if true; then rm -rf ~; fi',
  'joined lines after a pipeline': 'a | b | c\nrm -rf ~ > /dev/null',
  'backticks in a here-document': 'cat <<EOF\n`rm -rf ~`\nEOF',
  'here-document then a command': 'cat <<EOF\nx\nEOF\nrm -rf ~',
  'arithmetic with backticks': 'echo $((1`rm -rf ~`))',
  'case with a pattern list': 'case x in a|b) rm -rf ~;; esac',
  'function then a call': 'f() { rm -rf ~; }; f',
  'a comment glued to a word': 'echo a#b; rm -rf ~',
  'ansi-c quoting': "$'\\x72\\x6d' -rf ~",
  extglob: 'shopt -s extglob; rm -rf !(x)',
  'a dash before a here-document': 'bash - <<EOF\nrm -rf ~\nEOF',
  'a dash before a descriptor redirect': 'su - 2>/dev/null <<EOF\nrm -rf ~\nEOF',
};

describe('where tree-sitter and mvdan-sh disagree, the analysis is uncertain or sees what bash runs', () => {
  it('named cases', () => {
    const { missed } = misses(Object.values(NAMED));
    expect(missed).toEqual([]);
  });

  it('the corpora', () => {
    const repo = resolve(import.meta.dirname, '../../..');
    const files = [
      join(repo, 'eval/corpora/check/team.json'),
      ...['dcg.json', 'safety-net.json'].map((f) => resolve(repo, '../shared/corpora/shell', f)),
    ].filter((f) => existsSync(f));
    const commands = files.flatMap((file) =>
      (JSON.parse(readFileSync(file, 'utf8')) as { command?: unknown }[])
        .map((c) => c.command)
        .filter((c): c is string => typeof c === 'string'),
    );
    const { compared, missed } = misses(commands);
    expect(missed.slice(0, 8)).toEqual([]);
    // Without the shared corpora beside the repository (a clone elsewhere), the team corpus alone is compared.
    expect(compared).toBeGreaterThan(files.length === 3 ? 1000 : 300);
  });

  it('seeded generated commands', () => {
    let a = 20261201;
    const next = () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const PIECES = [
      'rm',
      '-rf',
      '~',
      'x',
      '"a b"',
      "'c d'",
      '$X',
      '"$X"',
      '`id`',
      '$(id)',
      '\\\n',
      'a\\\nb',
      '$"y"',
      "$'z'",
      '> f',
      '2>&1',
      '< g',
      '>|h',
      '&>i',
      '#c',
      'a#b',
      '=',
      'A=1',
      '{a,b}',
      '*',
      '\\ ',
      '\\$(x)',
      '``',
      '"`x`"',
      'time',
      '!',
      ';',
      '&&',
      '||',
      '|',
      '&',
      '\n',
      '(',
      ')',
      '{',
      '}',
      'then',
      'do',
      '<<E\nq\nE\n',
      '<<<w',
    ];
    const commands = Array.from({ length: 1500 }, () => {
      const words: string[] = [];
      for (let k = 1 + Math.floor(next() * 7); k > 0; k--)
        words.push(PIECES[Math.floor(next() * PIECES.length)] ?? '');
      return words.join(next() < 0.8 ? ' ' : '');
    });
    const { missed } = misses(commands);
    expect(missed.slice(0, 8)).toEqual([]);
  });
});
