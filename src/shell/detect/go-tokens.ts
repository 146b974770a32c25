/**
 * Go source as tokens, for readers that follow what a Go file runs (mage-targets.ts): comments dropped, string
 * literals decoded (interpreted strings with the plain escapes only, raw strings as they are), identifiers, numbers,
 * operators, and line ends kept where Go would insert a semicolon (after an identifier, a literal, `)`, `]`, `}` or a
 * `return`/`break`/`continue`/`fallthrough` keyword). Undefined when the text holds what this lexer does not read (an
 * unterminated literal, an escape other than `\\ \" \n \t \r`, a rune literal that is not one plain character):
 * the caller treats such a file as not known. Pure; never quotes the text.
 */

export type GoToken =
  | { kind: 'ident'; text: string }
  | { kind: 'string'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'op'; text: string }
  /** A line end where Go inserts a semicolon. */
  | { kind: 'end'; text: ';' };

const OPERATORS = [
  '<<=',
  '>>=',
  '&^=',
  '...',
  ':=',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<-',
  '++',
  '--',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '<<',
  '>>',
  '&^',
];
const ENDS_STATEMENT = new Set(['return', 'break', 'continue', 'fallthrough']);
const ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', n: '\n', t: '\t', r: '\r' };

/** The tokens of Go source `text`, or undefined when it holds what this lexer does not read. */
export function goTokens(text: string): GoToken[] | undefined {
  const out: GoToken[] = [];
  const endsLine = () => {
    const last = out[out.length - 1];
    if (last === undefined || last.kind === 'end') return;
    if (
      last.kind === 'string' ||
      last.kind === 'number' ||
      (last.kind === 'ident' && (!KEYWORDS.has(last.text) || ENDS_STATEMENT.has(last.text))) ||
      (last.kind === 'op' && /^(?:\)|\]|\}|\+\+|--)$/.test(last.text))
    )
      out.push({ kind: 'end', text: ';' });
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\n') {
      endsLine();
      i++;
    } else if (/\s/.test(c)) i++;
    else if (text.startsWith('//', i)) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
    } else if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return undefined;
      // A comment spanning lines acts as a line end.
      if (text.slice(i, close).includes('\n')) endsLine();
      i = close + 2;
    } else if (c === '`') {
      const close = text.indexOf('`', i + 1);
      if (close < 0) return undefined;
      out.push({ kind: 'string', text: text.slice(i + 1, close).replaceAll('\r', '') });
      i = close + 1;
    } else if (c === '"') {
      let s = '';
      let k = i + 1;
      for (;;) {
        const d = text[k];
        if (d === undefined || d === '\n') return undefined;
        if (d === '"') break;
        if (d === '\\') {
          const e = ESCAPES[text[k + 1] ?? ''];
          if (e === undefined) return undefined;
          s += e;
          k += 2;
          continue;
        }
        s += d;
        k++;
      }
      out.push({ kind: 'string', text: s });
      i = k + 1;
    } else if (c === "'") {
      const m = /^'[^'\\\n]'/.exec(text.slice(i, i + 3));
      if (!m) return undefined;
      out.push({ kind: 'number', text: m[0] });
      i += 3;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_]\w*/.exec(text.slice(i)) as RegExpExecArray;
      out.push({ kind: 'ident', text: m[0] });
      i += m[0].length;
    } else if (/\d/.test(c) || (c === '.' && /\d/.test(text[i + 1] ?? ''))) {
      const m = /^[\d.]\w*(?:\.\w*)?/.exec(text.slice(i)) as RegExpExecArray;
      out.push({ kind: 'number', text: m[0] });
      i += m[0].length;
    } else if (/[^\x20-\x7e]/.test(c)) return undefined;
    else {
      const op = OPERATORS.find((o) => text.startsWith(o, i)) ?? c;
      out.push({ kind: 'op', text: op });
      i += op.length;
    }
  }
  endsLine();
  return out;
}

/** Go's keywords. */
export const KEYWORDS = new Set([
  'break',
  'case',
  'chan',
  'const',
  'continue',
  'default',
  'defer',
  'else',
  'fallthrough',
  'for',
  'func',
  'go',
  'goto',
  'if',
  'import',
  'interface',
  'map',
  'package',
  'range',
  'return',
  'select',
  'struct',
  'switch',
  'type',
  'var',
]);

/** The index of the token closing the bracket opened at `open` (`(`, `[` or `{`), or -1. */
export function closing(tokens: readonly GoToken[], open: number): number {
  let depth = 0;
  for (let k = open; k < tokens.length; k++) {
    const t = tokens[k] as GoToken;
    if (t.kind !== 'op') continue;
    if (t.text === '(' || t.text === '[' || t.text === '{') depth++;
    else if (t.text === ')' || t.text === ']' || t.text === '}') {
      depth--;
      if (depth === 0) return k;
      if (depth < 0) return -1;
    }
  }
  return -1;
}
