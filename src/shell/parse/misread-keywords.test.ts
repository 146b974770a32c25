import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { shellEnv } from '../testdata/shell-env';
import { loadShellParser, type ShellParser } from './load-parser';
import { misreadsKeywords } from './misread-keywords';

let parser: ShellParser;
beforeAll(async () => {
  parser = await loadShellParser();
});

function treeSitterMisreads(text: string): boolean {
  const tree = parser.parse(text);
  try {
    return misreadsKeywords(tree.rootNode);
  } finally {
    tree.delete();
  }
}

/** Each of these runs `rm -rf ~` in bash; tree-sitter-bash builds commands named `if`, `then`, `{`, … instead. */
const MISREAD: [string, string][] = [
  ['an if statement after `!`', '! if true; then rm -rf ~; fi'],
  ['a redirected if statement after `!`', '! if true; then rm -rf ~ > f 2>&1; fi > f 2>&1; b'],
  ['a while loop after `!`', '! while true; do rm -rf ~; break; done'],
  ['a for loop after `!`', '! for i in 1; do rm -rf ~; done'],
  ['an until loop after `!`', '! until false; do rm -rf ~; break; done'],
  ['a group after `!`', '! { rm -rf ~; }'],
  ['a nested `! if` inside an if', 'if true; then ! if true; then rm -rf ~; fi; fi'],
  ['a group after `!` inside a group', '{ ! { rm -rf ~; }; }'],
  ['`! !`', '! ! rm -rf ~'],
  ['an if statement after `time`', 'time if true; then rm -rf ~; fi'],
  ['a loop after `time`', 'time while true; do rm -rf ~; break; done'],
  ['`!` after `time`', 'time ! rm -rf ~'],
  ['a group after `time`', 'time { rm -rf ~; }'],
  ['a subshell after `time`', 'time ( rm -rf ~ )'],
  ['a subshell after `time -p`', 'time -p ( rm -rf ~ )'],
  ['a named group after `coproc`', 'coproc X { rm -rf ~; }'],
  ['a group after `coproc`', 'coproc { rm -rf ~; }'],
  ['a subshell after `coproc`', 'coproc ( rm -rf ~ )'],
];

describe('spotting tree-sitter-bash reading shell keywords as command names', () => {
  it.each(MISREAD)('finds it: %s', (_name, text) => {
    expect(treeSitterMisreads(text)).toBe(true);
  });

  it.each([
    ['an if statement', 'if true; then rm -rf x; fi'],
    ['a negated command', '! grep -q x f && echo missing'],
    ['a negated test', '! [[ -f x ]] && touch x'],
    ['a timed command', 'time npm test'],
    ['a timed command with -p', 'time -p make -j4'],
    ['`time` after `!`', '! time make'],
    ['a coprocess of a simple command', 'coproc cat f'],
    ['keywords as arguments', 'echo if then fi { } done'],
    ['a quoted keyword as a program', '"then" x'],
    ['loops and groups', 'for f in *.ts; do { echo "$f"; }; done; while read l; do :; done < f'],
    ['a function', 'f() { rm -rf x; }; f'],
  ])('leaves a right tree alone: %s', (_name, text) => {
    expect(treeSitterMisreads(text)).toBe(false);
  });

  it.each(MISREAD)('the analysis is uncertain, never silent: %s', (_name, text) => {
    const a = analyzeShellSync(text, shellEnv());
    expect(a.uncertain.map((u) => u.code)).toContain('parse-error');
  });
});
