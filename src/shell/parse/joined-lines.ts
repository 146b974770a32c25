/**
 * A guard against one known tree-sitter-bash mis-parse: after a pipeline of three or more commands, a next line
 * that has a redirect is folded into the pipeline's last command as arguments (`a | b | c` newline `rm -rf ~ > f`
 * gives `c rm -rf ~`), with no error node. bash never continues a simple command over an unescaped newline, so
 * a command, redirect or redirected statement whose parts are separated by one is a wrong tree.
 * Pure: reads only the tree and the text it was parsed from.
 */

import type { SyntaxNode } from './syntax-node';

const CHECKED = new Set(['command', 'redirected_statement', 'file_redirect']);

/** Whether `gap` (text between two parts of one simple command) holds a newline not escaped by a backslash. */
function breaksLine(gap: string): boolean {
  for (let i = gap.indexOf('\n'); i >= 0; i = gap.indexOf('\n', i + 1)) if (gap[i - 1] !== '\\') return true;
  return false;
}

/** True when the tree joins lines of `text` into one simple command (the parser's mistake, not bash's). */
export function joinsLines(root: SyntaxNode, text: string): boolean {
  if (!text.includes('\n')) return false;
  const stack: SyntaxNode[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'heredoc_body' || node.type === 'heredoc_redirect') continue;
    const kids = node.children.filter((c): c is SyntaxNode => c !== null);
    if (CHECKED.has(node.type)) {
      for (let i = 1; i < kids.length; i++) {
        const [prev, next] = [kids[i - 1] as SyntaxNode, kids[i] as SyntaxNode];
        if (prev.type === 'comment') return true; // a comment runs to the end of its line
        if (breaksLine(text.slice(prev.endIndex, next.startIndex))) return true;
      }
    }
    stack.push(...kids.filter((k) => k.isNamed));
  }
  return false;
}
