// Test helper: the command structure three parsers read — the pure-JS fast path, tree-sitter-bash and mvdan-sh
// (the GopherJS build of mvdan/sh, a devDependency: too slow to load for the hook) — as the argv of every simple
// command, each word decoded where it is literal and `$` where it expands at run time. Sorted, so the order each
// parser walks in does not matter.
import { createRequire } from 'node:module';
import type { SyntaxNode } from '../parse/syntax-node';

interface MvdanNode {
  Parts?: MvdanNode[];
  Args?: MvdanNode[];
  Value?: string;
  Dollar?: boolean;
}
interface Mvdan {
  syntax: {
    NewParser(): { Parse(src: string, name: string): unknown };
    Walk(node: unknown, fn: (node: MvdanNode | null) => boolean): void;
    NodeType(node: unknown): string;
  };
}

const mvdan = createRequire(import.meta.url)('mvdan-sh') as Mvdan;
const mvdanParser = mvdan.syntax.NewParser();

/** What a parser reads: sorted argv lines, or `error`. */
export type Structure = string[] | 'error';

const DYNAMIC = '$';

function unescapeBare(text: string): string {
  return text.replace(/\\(\n|.)/g, (_m, c: string) => (c === '\n' ? '' : c));
}
function unescapeDouble(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === '\n' ? '' : c));
}

function mvdanPart(part: MvdanNode, quoted: boolean): string | undefined {
  const type = mvdan.syntax.NodeType(part);
  if (type === 'Lit') return quoted ? unescapeDouble(part.Value ?? '') : unescapeBare(part.Value ?? '');
  if (type === 'SglQuoted') return part.Dollar ? undefined : (part.Value ?? '');
  if (type === 'DblQuoted') {
    let out = '';
    for (const p of part.Parts ?? []) {
      const s = mvdanPart(p, true);
      if (s === undefined) return undefined;
      out += s;
    }
    return out;
  }
  return undefined;
}

/** An unquoted brace expansion (`{a,b}`, `{1..3}`): bash makes several words of it. */
const BRACES = /\{[^{}]*(,|\.\.)[^{}]*\}/;

function mvdanWord(word: MvdanNode): string {
  let out = '';
  for (const p of word.Parts ?? []) {
    if (mvdan.syntax.NodeType(p) === 'Lit' && BRACES.test(p.Value ?? '')) return DYNAMIC;
    const s = mvdanPart(p, false);
    if (s === undefined) return DYNAMIC;
    out += s;
  }
  return out;
}

export function mvdanStructure(command: string): Structure {
  let file: unknown;
  try {
    file = mvdanParser.Parse(command, 'command.sh');
  } catch {
    return 'error';
  }
  const lines: string[] = [];
  mvdan.syntax.Walk(file, (node) => {
    if (node && mvdan.syntax.NodeType(node) === 'CallExpr' && (node.Args?.length ?? 0) > 0)
      lines.push(JSON.stringify((node.Args ?? []).map(mvdanWord)));
    // `[ … ]` is a test_command to tree-sitter, not a command: compared as neither.
    return true;
  });
  return lines.filter((l) => !l.startsWith('["["')).sort();
}

/** `time -p cmd`, `coproc cmd`: mvdan reads the keyword apart from the command; tree-sitter as its first word. */
function keywordless(argv: string[]): string[] {
  let k = 0;
  while (argv[k] === 'time' || argv[k] === 'coproc' || (k > 0 && argv[k - 1] === 'time' && argv[k] === '-p')) k++;
  return argv.slice(k);
}

function kids(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((c): c is SyntaxNode => c !== null);
}

function tsWord(node: SyntaxNode): string {
  switch (node.type) {
    case 'command_name':
      return kids(node)[0] ? tsWord(kids(node)[0] as SyntaxNode) : DYNAMIC;
    case 'word':
    case 'number':
      return BRACES.test(node.text) ? DYNAMIC : unescapeBare(node.text);
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'string': {
      let out = '';
      for (const k of kids(node)) {
        if (k.type !== 'string_content') return DYNAMIC;
        out += unescapeDouble(k.text);
      }
      // tree-sitter leaves blanks between children out of string_content: take the text between the quotes.
      const inner = node.text.slice(node.text.startsWith('$') ? 2 : 1, -1);
      return kids(node).length === 0 ? inner : unescapeDouble(inner).length === out.length ? out : unescapeDouble(inner);
    }
    case 'concatenation': {
      let out = '';
      for (const k of kids(node)) {
        const s = tsWord(k);
        if (s === DYNAMIC) return DYNAMIC;
        out += s;
      }
      return out;
    }
    default:
      return DYNAMIC;
  }
}

/** The argv of every `command` node of a tree-sitter (or fast-path) tree. */
export function treeStructure(root: SyntaxNode): Structure {
  if ((root as SyntaxNode & { hasError?: boolean }).hasError) return 'error';
  const lines: string[] = [];
  const walk = (node: SyntaxNode) => {
    if (node.type === 'command') {
      const words = kids(node).filter(
        (k) => !['variable_assignment', 'file_redirect', 'heredoc_redirect', 'herestring_redirect', 'subscript'].includes(k.type),
      );
      // Words after a redirect (`a > f b`): tree-sitter hangs them under the redirect; bash passes them on.
      for (const k of kids(node))
        if (k.type === 'file_redirect') words.push(...kids(k).filter((x) => x.type !== 'file_descriptor').slice(1));
      const argv = keywordless(words.map(tsWord));
      if (argv.length > 0) lines.push(JSON.stringify(argv));
    }
    for (const k of kids(node)) walk(k);
  };
  walk(root);
  return lines.sort();
}
