import { beforeAll, describe, expect, it } from 'vitest';
import { joinsLines } from './joined-lines';
import { loadShellParser, type ShellParser } from './load-parser';

let parser: ShellParser;
beforeAll(async () => {
  parser = await loadShellParser();
});

function treeSitterJoins(text: string): boolean {
  const tree = parser.parse(text);
  try {
    return joinsLines(tree.rootNode, text);
  } finally {
    tree.delete();
  }
}

describe('spotting tree-sitter-bash joining lines into one command', () => {
  it.each([
    ['a redirected line after a three-command pipeline', 'cat a | grep b | head\nrm -rf ~ > /dev/null'],
    ['the same with a blank line between', 'a | b | c\n\nrm -rf ~ 2>&1'],
    ['the same with a comment ending the pipeline line', 'a | b | c # tidy\nrm -rf ~ > f'],
  ])('finds it: %s', (_name, text) => {
    expect(treeSitterJoins(text)).toBe(true);
  });

  it.each([
    ['one line', 'a | b | c > f'],
    ['two plain lines', 'git status\nnpm test'],
    ['a line continued with a backslash', 'npm run build \\\n  --verbose > log'],
    ['a comment line between commands', 'ls # list\npwd > f'],
    ['a here-document', 'cat <<EOF > f\nline one\nline two\nEOF'],
    ['a multi-line quoted argument', 'git commit -m "one\ntwo" > /dev/null'],
    ['a two-command pipeline then a redirect', 'a | b\nc > f'],
  ])('leaves a right tree alone: %s', (_name, text) => {
    expect(treeSitterJoins(text)).toBe(false);
  });
});
