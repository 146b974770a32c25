/**
 * A guard against tree-sitter-bash mis-reads of words, found by the differential test against mvdan-sh
 * (three-parsers.test.ts): a bare word holding an unescaped blank (`> f } } x` read as one word `} }`), a word
 * that starts with an escaped blank (`\\ x`, whose blank tree-sitter drops), and a command name with `#` inside
 * (`a#b`), which tree-sitter may read as no command at all. In such a tree the words bash splits are not the
 * words the detectors see. Pure: reads only the tree and the text.
 */

import type { SyntaxNode } from './syntax-node';

/** A word that starts with an escaped blank (`\ x`): tree-sitter drops the blank. */
const ESCAPED_BLANKS = /(^|[\s;|&()])\\[ \t]/;

/** A command name with `#` inside it (`a#b`): tree-sitter may read no command at all. */
const HASH_PROGRAM = /(^|[\n;|&(]\s*)([A-Za-z_][A-Za-z0-9_]*=\S*\s+)*[^\s#;|&()<>'"=]+#/;

export function misreadsWords(root: SyntaxNode, text: string): boolean {
  if (ESCAPED_BLANKS.test(text) || HASH_PROGRAM.test(text)) return true;
  const stack: SyntaxNode[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'word' && /(^|[^\\])[ \t\n]/.test(node.text)) return true;
    for (const k of node.namedChildren) if (k) stack.push(k);
  }
  return false;
}
