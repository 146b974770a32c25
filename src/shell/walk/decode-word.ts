/**
 * Decodes one shell word from the syntax tree the way bash would before running it: quotes removed, escapes
 * and `$'…'` decoded, known variables substituted, everything computed at run time replaced by `DYN`.
 * Quoted special characters become sentinels (see markers.ts). Nested substitutions are handed to the
 * caller, which analyses them as scripts of their own. Pure apart from that callback.
 */

import { isSecretVariable } from '../classify/secret-variable';
import type { SyntaxNode as Node } from '../parse/syntax-node';
import { type Flow, joinFlows, literalFlow, NO_FLOW } from './flow';
import { DYN, globsActive, protectQuoted, SPLIT } from './markers';

/** What a secret-named environment variable carries. */
function secretFlow(name: string): Flow {
  return { sensitive: true, network: false, decoded: false, opaque: true, envSecrets: [name] };
}

export interface WordContext {
  /** A variable's decoded value and what it carries; undefined when unknown. */
  variable(name: string): { text: string; flow: Flow } | undefined;
  /** Analyses a `$(…)`, backtick or `<(…)` body and returns what it outputs. */
  substitute(node: Node): Flow;
  /** Analyses a command substitution given as text (backticks tree-sitter leaves as text). */
  substituteText?(text: string): Flow;
}

/** A word of literal text, as if quoted: what a tool hands a command it runs (a compose file's argv, a hook's argument). */
export function literalWord(text: string): Word {
  return { text: protectQuoted(text), flow: literalFlow(text) };
}

/** The texts of unescaped backtick substitutions in `text` (`\\` escapes the next character). */
export function backticks(text: string): string[] {
  if (!text.includes('`')) return [];
  const out: string[] = [];
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '`') {
      if (open < 0) open = i;
      else {
        out.push(text.slice(open + 1, i).replace(/\\([`$\\])/g, '$1'));
        open = -1;
      }
    }
  }
  return out;
}

/**
 * Command and process substitutions written in the text of a node tree-sitter did not parse further (`$(…)`,
 * `<(…)`, `>(…)`, backticks): their bodies, found by counting parentheses.
 */
export function embeddedSubstitutions(text: string): string[] {
  const out = backticks(text);
  for (let i = 0; i < text.length - 1; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (!'$<>'.includes(text[i] ?? '') || text[i + 1] !== '(' || text[i + 2] === '(') continue;
    let depth = 1;
    let j = i + 2;
    for (; j < text.length && depth > 0; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '(') depth++;
      else if (text[j] === ')') depth--;
    }
    out.push(text.slice(i + 2, depth === 0 ? j - 1 : j));
    i = j - 1;
  }
  return out;
}

/** Node types whose text may hold substitutions tree-sitter did not parse. */
const UNPARSED_TEXT = new Set(['word', 'regex', 'string_content']);

/** Substitutions in the text of a leaf `node` tree-sitter did not parse (`${x:-a <(cmd)}`). */
export function unparsedSubstitutions(node: Node): string[] {
  return UNPARSED_TEXT.has(node.type) && node.namedChildren.length === 0
    ? embeddedSubstitutions(node.text)
    : [];
}

export interface Word {
  text: string;
  flow: Flow;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** Decodes the body of `$'…'`. */
export function decodeAnsiC(body: string): string {
  return body.replace(
    /\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs,
    (_m, esc: string) => {
      const head = esc[0] ?? '';
      if (head === 'x' || head === 'u' || head === 'U')
        return String.fromCodePoint(Number.parseInt(esc.slice(1), 16));
      if (/[0-7]/.test(head)) return String.fromCharCode(Number.parseInt(esc, 8) & 0xff);
      if (head === 'c') return String.fromCharCode((esc.charCodeAt(1) ?? 64) & 0x1f);
      return SIMPLE_ESCAPES[esc] ?? `\\${esc}`;
    },
  );
}

/** Unquoted text: a backslash quotes the next character; a backslash-newline disappears. */
function decodeBare(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (c === '\\' && i + 1 < text.length) {
      const next = text[++i] ?? '';
      if (next !== '\n') out += protectQuoted(next);
    } else out += c;
  }
  return out;
}

/** Inside double quotes a backslash only escapes `$`, backtick, `"`, `\` and newline. */
function decodeDoubleQuoted(text: string): string {
  return protectQuoted(text.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === '\n' ? '' : c)));
}

/** Operators that yield the variable's own value when it is set: a default, an assigned default, an error. */
const VALUE_OR_DEFAULT = new Set([':-', '-', ':=', '=', ':?', '?']);

/**
 * `${NAME:-word}` / `${NAME-word}` / `${NAME:=word}` / `${NAME:?message}`: the variable's name and the word after
 * the operator (set, the variable is what each yields; `:?` unset stops the command).
 */
function expansionDefault(node: Node): { name: string; fallback: Node | undefined } | undefined {
  const kids = node.children.filter((c): c is Node => c !== null);
  const name = kids.find((c) => c.type === 'variable_name');
  const op = kids.find((c) => VALUE_OR_DEFAULT.has(c.type));
  if (!name || !op || op.startIndex !== name.endIndex) return undefined;
  const fallback = kids.find((c) => c.isNamed && c.startIndex >= op.endIndex);
  return { name: name.text, fallback };
}

function expansionName(node: Node): string | undefined {
  const named = node.namedChildren.filter((c): c is Node => c !== null);
  if (named.length !== 1) return undefined;
  const only = named[0];
  if (!only || (only.type !== 'variable_name' && only.type !== 'special_variable_name')) return undefined;
  const anon = node.children.filter((c): c is Node => c !== null && !c.isNamed).map((c) => c.type);
  return anon.every((t) => t === '$' || t === '${' || t === '}') ? only.text : undefined;
}

/** The variable an operator expansion works on (`${T:0:4}`: T), when what it yields is part of T's value. */
function operatedName(node: Node): string | undefined {
  if (node.type !== 'expansion' || /^\$\{(#|!)/.test(node.text) || /^\$\{[A-Za-z_]\w*:?\+/.test(node.text))
    return undefined;
  const v = node.namedChildren.find((c) => c?.type === 'variable_name');
  return v?.text;
}

/** `${!ref}`: the variable whose name `ref` holds, when that name is known (`n=GITHUB_TOKEN; ${!n}`). */
function indirectName(node: Node, ctx: WordContext): string | undefined {
  const m = /^\$\{!([A-Za-z_][A-Za-z0-9_]*)(?:[^*@A-Za-z0-9_].*)?\}$/s.exec(node.text);
  const held = m?.[1] ? ctx.variable(m[1])?.text : undefined;
  return held && /^[A-Za-z_][A-Za-z0-9_]*$/.test(held) ? held : undefined;
}

/** Finds substitutions anywhere below a node we do not decode (arithmetic, `${x:-…}`) so they are still analysed. */
function substituteBelow(node: Node, ctx: WordContext): Flow {
  let flow = NO_FLOW;
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'command_substitution' || child.type === 'process_substitution') {
      flow = joinFlows(flow, ctx.substitute(child));
    } else if (child.namedChildren.length === 0 && ctx.substituteText) {
      // `${x:-`cmd`}`, `${x:-a <(cmd)}`: tree-sitter leaves the substitution in the word; bash runs it.
      for (const text of unparsedSubstitutions(child)) flow = joinFlows(flow, ctx.substituteText(text));
    } else flow = joinFlows(flow, substituteBelow(child, ctx));
  }
  return flow;
}

export function decodeWord(node: Node, ctx: WordContext, quoted = false): Word {
  switch (node.type) {
    case 'word':
    case 'number':
    case 'variable_name':
    case 'special_variable_name':
      return { text: quoted ? decodeDoubleQuoted(node.text) : decodeBare(node.text), flow: NO_FLOW };
    case 'string_content':
    case 'heredoc_content':
      return { text: decodeDoubleQuoted(node.text), flow: NO_FLOW };
    case 'raw_string':
      return { text: protectQuoted(node.text.slice(1, -1)), flow: NO_FLOW };
    case 'ansi_c_string':
      return { text: protectQuoted(decodeAnsiC(node.text.slice(2, -1))), flow: NO_FLOW };
    case 'simple_expansion':
    case 'expansion': {
      const name = expansionName(node);
      const withDefault =
        node.type === 'expansion' && name === undefined ? expansionDefault(node) : undefined;
      const value =
        name !== undefined ? ctx.variable(name) : withDefault ? ctx.variable(withDefault.name) : undefined;
      // INVARIANT: an unquoted expansion is split into words as bash does (`x="rm -rf /"; $x` runs rm); once
      // IFS is changed the split is unknown and the word is dynamic.
      const ifsChanged = !quoted && value !== undefined && ctx.variable('IFS') !== undefined;
      if (value && !quoted && !ifsChanged && /\s/.test(value.text)) {
        return { text: globsActive(value.text.trim().split(/\s+/).join(SPLIT)), flow: value.flow };
      }
      if (value && value.text !== '' && !ifsChanged) {
        const pattern = value.flow.pattern === true;
        return {
          text:
            quoted && !pattern ? protectQuoted(value.text) : quoted ? value.text : globsActive(value.text),
          flow: value.flow,
        };
      }
      if (value && value.text === '' && name !== undefined) return { text: '', flow: value.flow };
      // A variable from the environment named as a secret (`$GITHUB_TOKEN`) carries secret material, and so
      // does any operator on it that yields part or all of its value (`${T:0:40}`, `${T//x/y}`, `${T^^}`,
      // `${T@Q}`); its length (`${#T}`) and an alternate (`${T:+set}`) do not.
      const from = name ?? withDefault?.name ?? operatedName(node) ?? indirectName(node, ctx);
      const unset = value === undefined && from !== undefined && isSecretVariable(from);
      return {
        text: DYN,
        flow: joinFlows(value?.flow ?? (unset ? secretFlow(from) : NO_FLOW), substituteBelow(node, ctx)),
      };
    }
    case 'command_substitution': {
      const flow = ctx.substitute(node);
      // `$(cat <<EOF … EOF)` and `$(echo x)` have a known output: keep it, minus trailing newlines. Unquoted, bash
      // splits it into words and expands their globs (`cat $(echo '.en?')` reads `.env`).
      if (flow.literal !== undefined) {
        const out = protectQuoted(flow.literal.replace(/\n+$/, ''));
        if (quoted) return { text: out, flow: NO_FLOW };
        return {
          text: globsActive(/\s/.test(out) ? out.trim().split(/\s+/).join(SPLIT) : out),
          flow: NO_FLOW,
        };
      }
      return { text: DYN, flow };
    }
    case 'process_substitution':
      return { text: DYN, flow: { ...ctx.substitute(node), pipe: true } };
    case 'arithmetic_expansion':
      return { text: DYN, flow: substituteBelow(node, ctx) };
    case 'string':
    case 'translated_string':
    case 'heredoc_body':
    case 'concatenation': {
      const inner = quoted || node.type !== 'concatenation';
      let text = '';
      let flow = NO_FLOW;
      let lastFlow: Flow | undefined;
      const full = node.text;
      const base = node.startIndex;
      let at =
        node.type === 'heredoc_body' ? 0 : node.type === 'concatenation' ? 0 : node.type === 'string' ? 1 : 2;
      const end =
        node.type === 'concatenation' || node.type === 'heredoc_body' ? full.length : full.length - 1;
      for (const child of node.namedChildren) {
        if (!child) continue;
        const from = child.startIndex - base;
        if (from > at)
          text += inner ? decodeDoubleQuoted(full.slice(at, from)) : decodeBare(full.slice(at, from));
        const part = decodeWord(child, ctx, inner);
        text += part.text;
        flow = joinFlows(flow, part.flow);
        lastFlow = part.flow;
        at = child.endIndex - base;
      }
      if (end > at) text += inner ? decodeDoubleQuoted(full.slice(at, end)) : decodeBare(full.slice(at, end));
      // `"$(ssh-agent -s)"`, `"$f"`: a quoted word that is one expansion alone keeps its marks (a set-up idiom's
      // output, a listing's roots).
      const lone = node.namedChildren.length === 1 ? node.namedChildren[0] : null;
      if (
        node.type === 'string' &&
        lone &&
        (lastFlow?.evalIdiom || lastFlow?.listed) &&
        text === DYN &&
        full === `"${lone.text}"`
      )
        return { text, flow: lastFlow };
      return { text, flow };
    }
    default:
      // Anything else (brace_expression, test operators, …): its raw text, substitutions inside still analysed.
      return {
        text: quoted ? protectQuoted(node.text) : decodeBare(node.text),
        flow: substituteBelow(node, ctx),
      };
  }
}
