/**
 * A guard against tree-sitter-bash mis-reads of words, found by the differential test against mvdan-sh
 * (three-parsers.test.ts): a bare word holding an unescaped blank (`> f } } x` read as one word `} }`), a word
 * that starts with an escaped blank (`\\ x`, whose blank tree-sitter drops), and a command name with `#` inside
 * (`a#b`), which tree-sitter may read as no command at all, and text a redirected statement skips between its
 * command and a redirect (`python3 - <<'EOF'`: tree-sitter drops the `-`). In such a tree the words bash splits are
 * not the words the detectors see. Pure: reads only the tree and the text.
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
    if (node.type === 'redirected_statement' && gapsOf(node, text).length > 0) return true;
    for (const k of node.namedChildren) if (k) stack.push(k);
  }
  return false;
}

/** The spans of `text` between two children of a redirected statement holding more than blanks, as [start, end]. */
function gapsOf(node: SyntaxNode, text: string): [number, number][] {
  const gaps: [number, number][] = [];
  const kids = node.children.filter((k): k is SyntaxNode => k !== null);
  for (let i = 1; i < kids.length; i++) {
    const start = (kids[i - 1] as SyntaxNode).endIndex;
    const end = (kids[i] as SyntaxNode).startIndex;
    if (/[^\s\\]/.test(text.slice(start, end))) gaps.push([start, end]);
  }
  return gaps;
}

/** A lone `-` word before a redirect: the shape tree-sitter drops (cheap test before a walk of the tree). */
const DASH_BEFORE_REDIRECT = /\s-\s+\d*[<>]/;

/**
 * `python3 - <<'EOF'`: tree-sitter-bash drops a lone `-` word right before a redirect. The same text with that word
 * quoted (`'-'`, which bash reads as the same word) is parsed instead; undefined when nothing was skipped or any
 * skipped text is anything else.
 */
export function quoteSkippedDash(root: SyntaxNode, text: string): string | undefined {
  if (!DASH_BEFORE_REDIRECT.test(text)) return undefined;
  const gaps: [number, number][] = [];
  const stack: SyntaxNode[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'redirected_statement') gaps.push(...gapsOf(node, text));
    for (const k of node.namedChildren) if (k) stack.push(k);
  }
  if (gaps.length === 0 || gaps.some(([a, b]) => !/^\s+-\s+$/.test(text.slice(a, b)))) return undefined;
  let out = text;
  for (const [a, b] of gaps.sort((x, y) => y[0] - x[0]))
    out = `${out.slice(0, a)}${text.slice(a, b).replace('-', "'-'")}${out.slice(b)}`;
  return out;
}
