/**
 * The fast path of shell parsing: a pure-JS parser for plain commands — words, quotes without expansions,
 * `&&`, `||`, `|`, `;` and file redirects — that builds exactly the tree tree-sitter-bash builds for them,
 * quirks included (a trailing redirect wraps everything before it in its statement). Anything else answers
 * `undefined` and the caller parses with tree-sitter (load-parser.ts). It saves loading the WASM parser in a
 * hook process and most of the parse cost in-process (ADR 0019).
 * INVARIANT: accept only what the differential test (fast-parse.test.ts) shows to give tree-sitter's tree;
 * when unsure, answer `undefined` — a fallback costs time, a wrong tree costs a wrong decision.
 */

import type { SyntaxNode, SyntaxTree } from './syntax-node';

/** Commands longer than this go to tree-sitter (a hook input this long is unusual anyway). */
const MAX_FAST_CHARS = 4096;

/** First words that start a compound, declaration or keyword form: tree-sitter builds other nodes for them. */
const RESERVED = new Set([
  '!',
  'case',
  'coproc',
  'declare',
  'do',
  'done',
  'elif',
  'else',
  'esac',
  'export',
  'fi',
  'for',
  'function',
  'if',
  'in',
  'local',
  'readonly',
  'select',
  'then',
  'time',
  'typeset',
  'unset',
  'unsetenv',
  'until',
  'while',
]);

const NUMBER = /^-?(0x)?[0-9]+(#[0-9A-Za-z@_]+)?$/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

export class FastNode implements SyntaxNode {
  private named: (SyntaxNode | null)[] | undefined;

  constructor(
    private readonly source: string,
    readonly type: string,
    readonly isNamed: boolean,
    readonly startIndex: number,
    readonly endIndex: number,
    readonly id: number,
    readonly children: FastNode[] = [],
    /** The field of each child, when any child has one. */
    private readonly fields?: (string | undefined)[],
  ) {}

  get namedChildren(): (SyntaxNode | null)[] {
    this.named ??= this.children.filter((c) => c.isNamed);
    return this.named;
  }

  get text(): string {
    return this.source.slice(this.startIndex, this.endIndex);
  }

  childForFieldName(name: string): SyntaxNode | null {
    const at = this.fields ? this.fields.indexOf(name) : -1;
    return at < 0 ? null : (this.children[at] ?? null);
  }

  childrenForFieldName(name: string): (SyntaxNode | null)[] {
    const fields = this.fields;
    return fields ? this.children.filter((_c, i) => fields[i] === name) : [];
  }
}

/** Inside double quotes: literal text, or a `$NAME` expansion. */
type Piece = { kind: 'content' | 'var'; start: number; end: number };
type Part =
  | { kind: 'bare' | 'raw' | 'var'; start: number; end: number }
  | { kind: 'dq'; start: number; end: number; pieces: Piece[] };
type Token =
  | { kind: 'word'; start: number; end: number; parts: Part[] }
  | { kind: 'comment'; start: number; end: number }
  | { kind: 'op'; op: '&&' | '||' | '|' | ';' | '\n'; start: number; end: number }
  | { kind: 'redirect'; op: string; fd?: { start: number; end: number }; start: number; end: number };

/** Thrown inside the parser when the text is outside the fast path's language; never escapes `fastParse`. */
class Unsupported extends Error {}
/** One instance: declining is common and must not pay for a stack trace each time. */
const UNSUPPORTED = new Unsupported('outside the fast path');

function isBare(code: number, first: boolean): boolean {
  if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return true;
  switch (code) {
    case 95: // _
    case 45: // -
    case 46: // .
    case 47: // /
    case 126: // ~
    case 64: // @
    case 37: // %
    case 43: // +
    case 44: // ,
    case 58: // :
    case 94: // ^
    case 63: // ?
    case 42: // *
      return true;
    case 61: // = opening a word is a test operator to tree-sitter (`==`, `=~`)
      return !first;
    default:
      return false;
  }
}

function tokenize(s: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9) {
      i++;
      continue;
    }
    if (c === 10) {
      tokens.push({ kind: 'op', op: '\n', start: i, end: i + 1 });
      i++;
      continue;
    }
    if (c === 35) {
      // `#` opens a comment only where a word could start; glued to a word it is tree-sitter's.
      const before = s[i - 1];
      if (i > 0 && before !== ' ' && before !== '\t' && before !== '\n') throw UNSUPPORTED;
      const eol = s.indexOf('\n', i);
      const end = eol < 0 ? n : eol;
      tokens.push({ kind: 'comment', start: i, end });
      i = end;
      continue;
    }
    if (c < 32 || c > 126) throw UNSUPPORTED;
    const ch = s[i];
    const op = operatorAt(s, i);
    if (op) {
      tokens.push(op);
      i = op.end;
      continue;
    }
    if (ch === '<' || ch === '>') {
      const r = redirect(s, i, undefined);
      tokens.push(r);
      i = r.end;
      continue;
    }
    // A word: bare runs and quoted parts, up to a blank or an operator.
    const start = i;
    const parts: Part[] = [];
    while (i < n) {
      const d = s.charCodeAt(i);
      if (d === 39) {
        const close = s.indexOf("'", i + 1);
        if (close < 0) throw UNSUPPORTED;
        parts.push({ kind: 'raw', start: i, end: close + 1 });
        i = close + 1;
      } else if (d === 34) {
        const part = doubleQuoted(s, i);
        parts.push(part);
        i = part.end;
      } else if (d === 36) {
        const end = nameEnd(s, i + 1);
        parts.push({ kind: 'var', start: i, end });
        i = end;
      } else if (isBare(d, i === start)) {
        const from = i;
        while (i < n && isBare(s.charCodeAt(i), i === start)) i++;
        parts.push({ kind: 'bare', start: from, end: i });
      } else break;
    }
    if (i === start) throw UNSUPPORTED;
    const next = s[i];
    if (next === '<' || next === '>') {
      // `2>f` is a redirect of descriptor 2; any other word glued to a redirect is left to tree-sitter.
      if (parts.length === 1 && /^[0-9]+$/.test(s.slice(start, i))) {
        const r = redirect(s, i, { start, end: i });
        tokens.push(r);
        i = r.end;
        continue;
      }
      throw UNSUPPORTED;
    }
    tokens.push({ kind: 'word', start, end: i, parts });
  }
  return tokens;
}

/** The end of the `NAME` of a `$NAME` starting at `at`; anything else after `$` is tree-sitter's. */
function nameEnd(s: string, at: number): number {
  if (!/[A-Za-z_]/.test(s[at] ?? '')) throw UNSUPPORTED;
  let end = at + 1;
  while (end < s.length && /[A-Za-z0-9_]/.test(s[end] ?? '')) end++;
  if (end === at + 1 && s[at] === '_') throw UNSUPPORTED; // `$_` is a special parameter
  return end;
}

/** A double-quoted part from its opening quote: literal pieces and `$NAME` expansions, nothing else. */
function doubleQuoted(s: string, open: number): Part {
  const pieces: Piece[] = [];
  let from = open + 1;
  let j = open + 1;
  for (; j < s.length; j++) {
    const e = s[j];
    if (e === '"') break;
    if (e === '`' || e === '\\' || e === '\n') throw UNSUPPORTED;
    if (e === '$') {
      if (j > from) pieces.push({ kind: 'content', start: from, end: j });
      const end = nameEnd(s, j + 1);
      pieces.push({ kind: 'var', start: j, end });
      from = end;
      j = end - 1;
    }
  }
  if (j >= s.length) throw UNSUPPORTED;
  if (j > from) pieces.push({ kind: 'content', start: from, end: j });
  // tree-sitter folds blank-only text into the next token (`"  "`, `"$X $Y"`): leave that to it.
  if (pieces.some((p) => p.kind === 'content' && /^[ \t]*$/.test(s.slice(p.start, p.end)))) throw UNSUPPORTED;
  return { kind: 'dq', start: open, end: j + 1, pieces };
}

/** `&&`, `||`, `|`, `;` or an `&>` redirect at `i`; undefined for anything else; throws on `&`, `|&`, `;;`. */
function operatorAt(s: string, i: number): Token | undefined {
  const ch = s[i];
  const next = s[i + 1];
  if (ch === '&') {
    if (next === '&') return { kind: 'op', op: '&&', start: i, end: i + 2 };
    if (next !== '>') throw UNSUPPORTED; // background jobs are tree-sitter's
    const op = s[i + 2] === '>' ? '&>>' : '&>';
    return { kind: 'redirect', op, start: i, end: i + op.length };
  }
  if (ch === '|') {
    if (next === '&') throw UNSUPPORTED;
    return next === '|'
      ? { kind: 'op', op: '||', start: i, end: i + 2 }
      : { kind: 'op', op: '|', start: i, end: i + 1 };
  }
  if (ch === ';') {
    if (next === ';' || next === '&') throw UNSUPPORTED;
    return { kind: 'op', op: ';', start: i, end: i + 1 };
  }
  return undefined;
}

function redirect(s: string, at: number, fd: { start: number; end: number } | undefined): Token {
  const two = s.slice(at, at + 2);
  let op: string;
  if (two === '>>') op = '>>';
  else if (two === '>&') op = '>&';
  else if (s[at] === '>') op = '>';
  else if (s[at] === '<') op = '<';
  else throw UNSUPPORTED;
  const after = s[at + op.length];
  // Here-docs, here-strings, `<&`, `<>`, `>|`, `>(…)`, `<(…)`, `>>&`: tree-sitter's.
  if (after === '<' || after === '>' || after === '&' || after === '(' || after === '|') throw UNSUPPORTED;
  return { kind: 'redirect', op, ...(fd ? { fd } : {}), start: fd?.start ?? at, end: at + op.length };
}

class Builder {
  private nextId = 1;
  private at = 0;

  constructor(
    private readonly s: string,
    private readonly tokens: Token[],
  ) {}

  private node(
    type: string,
    start: number,
    end: number,
    kids: { node: FastNode; field?: string }[] = [],
    named = true,
  ): FastNode {
    const nodes = kids.map((k) => k.node);
    const fields = kids.some((k) => k.field) ? kids.map((k) => k.field) : undefined;
    return new FastNode(this.s, type, named, start, end, this.nextId++, nodes, fields);
  }

  private anon(type: string, start: number, end: number): FastNode {
    return this.node(type, start, end, [], false);
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  program(): FastNode {
    const kids: { node: FastNode; field?: string }[] = [];
    this.blankLines(kids);
    if (!this.peek()) throw UNSUPPORTED; // comments alone
    for (;;) {
      kids.push({ node: this.statement() });
      let t = this.peek();
      if (t?.kind === 'op' && t.op === ';') {
        this.at++;
        kids.push({ node: this.anon(';', t.start, t.end) });
        t = this.peek();
        if (t?.kind === 'word') continue; // `a; b`
      }
      if (t?.kind === 'comment') {
        this.at++;
        kids.push({ node: this.node('comment', t.start, t.end) });
        t = this.peek();
      }
      if (!t) break;
      if (t.kind !== 'op' || t.op !== '\n') throw UNSUPPORTED;
      this.blankLines(kids);
      if (!this.peek()) break;
    }
    const first = this.tokens.find((t) => t.kind !== 'op') as Token;
    return this.node('program', first.start, this.s.length, kids);
  }

  /** Skips newlines; comment lines become `comment` nodes of the program. */
  private blankLines(kids: { node: FastNode }[]): void {
    for (
      let t = this.peek();
      t && (t.kind === 'comment' || (t.kind === 'op' && t.op === '\n'));
      t = this.peek()
    ) {
      this.at++;
      if (t.kind === 'comment') kids.push({ node: this.node('comment', t.start, t.end) });
    }
  }

  /** After `&&`, `||` or `|` a command may continue on the next line. */
  private newlines(): void {
    for (let t = this.peek(); t?.kind === 'op' && t.op === '\n'; t = this.peek()) this.at++;
  }

  /** One statement up to `;`: tree-sitter folds left, and a redirect wraps everything folded so far. */
  private statement(): FastNode {
    let left = this.unit();
    let pipes = 0;
    for (;;) {
      const t = this.peek();
      if (!t) return left;
      if (t.kind === 'redirect') {
        const kids: { node: FastNode; field?: string }[] = [{ node: left, field: 'body' }];
        while (this.peek()?.kind === 'redirect') kids.push({ node: this.fileRedirect(), field: 'redirect' });
        if (this.peek()?.kind === 'word') throw UNSUPPORTED; // words after a redirect: tree-sitter's
        // `rm - 2> x`: tree-sitter drops the `-`; leave that to it.
        if (/[ \t]-$/.test(left.text)) throw UNSUPPORTED;
        const end = (kids[kids.length - 1] as { node: FastNode }).node.endIndex;
        left = this.node('redirected_statement', left.startIndex, end, kids);
        continue;
      }
      if (t.kind !== 'op' || t.op === ';' || t.op === '\n') return left;
      this.at++;
      this.newlines();
      if (t.op === '|') {
        pipes++;
        left = this.pipe(left, t, this.unit());
        continue;
      }
      // `a | b | c && d` opening a statement: tree-sitter builds `a | (b | c && d)`; leave that to it.
      if (pipes > 1) throw UNSUPPORTED;
      let right = this.unit();
      for (let p = this.peek(); p?.kind === 'op' && p.op === '|'; p = this.peek()) {
        this.at++;
        this.newlines();
        right = this.pipe(right, p, this.unit());
      }
      left = this.node('list', left.startIndex, right.endIndex, [
        { node: left },
        { node: this.anon(t.op, t.start, t.end) },
        { node: right },
      ]);
    }
  }

  /**
   * `left | right`. A pipeline built by `|` and not wrapped since grows flat (`a | b | c` is one node); any
   * other left side (a redirected pipeline, a list) becomes its first element.
   */
  private pipe(left: FastNode, bar: Token, right: FastNode): FastNode {
    const head = left.type === 'pipeline' ? left.children.map((node) => ({ node })) : [{ node: left }];
    return this.node('pipeline', left.startIndex, right.endIndex, [
      ...head,
      { node: this.anon('|', bar.start, bar.end) },
      { node: right },
    ]);
  }

  /** A simple command, or assignments alone. */
  private unit(): FastNode {
    const assignments: FastNode[] = [];
    const words: FastNode[] = [];
    for (let t = this.peek(); t?.kind === 'word'; t = this.peek()) {
      this.at++;
      const raw = this.s.slice(t.start, t.end);
      // `_=x` is a command word to tree-sitter, not an assignment.
      if (
        words.length === 0 &&
        ASSIGNMENT.test(raw) &&
        !raw.startsWith('_=') &&
        t.parts[0]?.kind === 'bare'
      ) {
        // `Y=|x`: an empty value glued to an operator is an error to tree-sitter.
        if (this.s[t.end - 1] === '=' && t.end < this.s.length && !/[ \t]/.test(this.s[t.end] ?? '')) {
          throw UNSUPPORTED;
        }
        assignments.push(this.assignment(t));
        continue;
      }
      if (words.length === 0) {
        // In command position tree-sitter may lex a variable name first and err: after an assignment on `:`,
        // anywhere on `@`, `%`, `?` (`a@b`, `a%b`, `a?b`).
        const odd = assignments.length > 0 ? /[=:@%?]/ : /[=@%?]/;
        if (
          odd.test(raw) ||
          raw.startsWith('-') ||
          raw.includes('+:') || // `a+:` is lexed like `a+=`
          RESERVED.has(raw) ||
          RESERVED.has(raw.replace(/["']/g, ''))
        ) {
          throw UNSUPPORTED;
        }
        const name = this.word(t);
        words.push(this.node('command_name', t.start, t.end, [{ node: name }]));
      } else words.push(this.word(t));
    }
    if (words.length === 0) {
      const [only] = assignments;
      // Assignments alone followed by a redirect: tree-sitter errs.
      if (!only || this.peek()?.kind === 'redirect') throw UNSUPPORTED;
      if (assignments.length === 1) return only;
      // `A=1 B=2` then a newline: tree-sitter makes them the next line's prefix assignments.
      const after = this.peek();
      if (after?.kind === 'comment' || (after?.kind === 'op' && after.op === '\n')) throw UNSUPPORTED;
      const last = assignments[assignments.length - 1] as FastNode;
      return this.node(
        'variable_assignments',
        only.startIndex,
        last.endIndex,
        assignments.map((node) => ({ node })),
      );
    }
    const first = assignments[0] ?? (words[0] as FastNode);
    const end = (words[words.length - 1] as FastNode).endIndex;
    return this.node('command', first.startIndex, end, [
      ...assignments.map((node) => ({ node })),
      ...words.map((node, i) => ({ node, field: i === 0 ? 'name' : 'argument' })),
    ]);
  }

  private assignment(t: Token & { kind: 'word' }): FastNode {
    const eq = this.s.indexOf('=', t.start);
    const kids: { node: FastNode; field?: string }[] = [
      { node: this.node('variable_name', t.start, eq), field: 'name' },
      { node: this.anon('=', eq, eq + 1) },
    ];
    const [head, ...rest] = t.parts;
    const parts: Part[] = [];
    if (head && head.end > eq + 1) parts.push({ kind: 'bare', start: eq + 1, end: head.end });
    parts.push(...rest);
    if (parts.length > 0) kids.push({ node: this.partsNode(parts, eq + 1, t.end), field: 'value' });
    return this.node('variable_assignment', t.start, t.end, kids);
  }

  private word(t: Token & { kind: 'word' }): FastNode {
    return this.partsNode(t.parts, t.start, t.end);
  }

  private partsNode(parts: Part[], start: number, end: number): FastNode {
    const [only] = parts;
    if (only && parts.length === 1) return this.part(only, true);
    // Inside a concatenation tree-sitter splits bare text differently around digits: leave that to it.
    if (parts.some((p) => p.kind === 'bare' && /^-?[0-9]/.test(this.s.slice(p.start, p.start + 2)))) {
      throw UNSUPPORTED;
    }
    // Beside an expansion tree-sitter reads `^`, `,`, `~`, `?`, … as parameter operators: keep to plain text.
    if (
      parts.some((p) => p.kind === 'var') &&
      parts.some((p) => p.kind === 'bare' && !/^[A-Za-z0-9_./:=-]*$/.test(this.s.slice(p.start, p.end)))
    ) {
      throw UNSUPPORTED;
    }
    return this.node(
      'concatenation',
      start,
      end,
      parts.map((p) => ({ node: this.part(p, false) })),
    );
  }

  private part(p: Part, alone: boolean): FastNode {
    if (p.kind === 'raw') return this.node('raw_string', p.start, p.end);
    if (p.kind === 'dq') {
      const kids: { node: FastNode }[] = [{ node: this.anon('"', p.start, p.start + 1) }];
      for (const piece of p.pieces) {
        kids.push({
          node:
            piece.kind === 'var'
              ? this.expansion(piece.start, piece.end)
              : this.node('string_content', piece.start, piece.end),
        });
      }
      kids.push({ node: this.anon('"', p.end - 1, p.end) });
      return this.node('string', p.start, p.end, kids);
    }
    if (p.kind === 'var') return this.expansion(p.start, p.end);
    const text = this.s.slice(p.start, p.end);
    return this.node(alone && NUMBER.test(text) ? 'number' : 'word', p.start, p.end);
  }

  /** `$NAME`. */
  private expansion(start: number, end: number): FastNode {
    return this.node('simple_expansion', start, end, [
      { node: this.anon('$', start, start + 1) },
      { node: this.node('variable_name', start + 1, end) },
    ]);
  }

  private fileRedirect(): FastNode {
    const t = this.tokens[this.at++] as Token & { kind: 'redirect' };
    const dest = this.peek();
    if (dest?.kind !== 'word') throw UNSUPPORTED;
    this.at++;
    const kids: { node: FastNode; field?: string }[] = [];
    if (t.fd) kids.push({ node: this.node('file_descriptor', t.fd.start, t.fd.end), field: 'descriptor' });
    const opStart = t.end - t.op.length;
    kids.push({ node: this.anon(t.op, opStart, t.end) });
    if (t.op === '>&' && !/^[0-9]+$/.test(this.s.slice(dest.start, dest.end))) throw UNSUPPORTED;
    kids.push({ node: this.word(dest), field: 'destination' });
    return this.node('file_redirect', t.start, dest.end, kids);
  }
}

/** The tree tree-sitter-bash would build for `text`, or `undefined` when `text` needs the real parser. */
export function fastParse(text: string): SyntaxTree | undefined {
  if (text.length === 0 || text.length > MAX_FAST_CHARS) return undefined;
  try {
    const tokens = tokenize(text);
    if (tokens.length === 0) return undefined;
    const root = new Builder(text, tokens).program();
    return { rootNode: Object.assign(root, { hasError: false }), delete() {} };
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}
