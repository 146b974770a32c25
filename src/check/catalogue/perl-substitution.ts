/**
 * Perl programs that are only substitutions and transliterations (`s/\bfoo\b/bar/g`, `tr/a-z/A-Z/`, `y/a/b/`),
 * the `perl -pi -e` in-place edit that `sed -i` is the model of, and line filters (`print if /TODO/`, what
 * `perl -ne` greps with): each statement one `s`, `tr` or `y` operator or one `print`/`next` [`if`|`unless`
 * match], nothing else. Read conservatively: the `e` modifier (the replacement runs as code), code in a pattern
 * (`(?{ })`, `(??{ })`, `(*{ })`), interpolation that can run code or read a variable (`@{[ ]}`, `${\ }`, `$x`,
 * `@x`; only capture groups `$1`, `$&` and an end anchor `$` are read) make the program not known. Never says
 * which files are edited (the analysis judges those by scope). Pure.
 */

/** Bracketing delimiters: the closing character of each opening one (their text nests). */
const CLOSE: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/** Longest program read: longer ones are not "one-liners". */
const MAX_PROGRAM = 2_000;

interface Part {
  text: string;
  end: number;
}

/** The delimited text starting after the opening delimiter at `open`; undefined when unterminated. */
function delimited(code: string, open: number): Part | undefined {
  const d = code[open] as string;
  const close = CLOSE[d] ?? d;
  let depth = 0;
  for (let i = open + 1; i < code.length; i++) {
    const c = code[i] as string;
    if (c === '\\') {
      i++;
      continue;
    }
    if (close !== d && c === d) depth++;
    else if (c === close) {
      if (depth === 0) return { text: code.slice(open + 1, i), end: i + 1 };
      depth--;
    }
  }
  return undefined;
}

/** Code in a pattern (`(?{ })`, `(??{ })`, `(*{ })`): runs when the pattern matches. */
const PATTERN_CODE = /\(\s*(?:\?\??|\*)\s*\{/;

/**
 * Does interpolated text read only what is known (`$1`, `$&`, an end anchor in a pattern)? `$` and `@` start
 * variables, and `@{[ ... ]}`, `${\ ... }` run code; an escaped one is a literal character.
 */
function interpolationKnown(text: string, pattern: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '\\') {
      // `\N{name}` loads a character-name table only; any other escape is one character.
      i++;
      continue;
    }
    const next = text[i + 1];
    if (c === '@') {
      // `@` followed by a character that cannot start a name is not interpolated (`a@ b`).
      if (next === undefined || /[\s)|]/.test(next)) continue;
      return false;
    }
    if (c !== '$') continue;
    if (pattern) {
      // An end anchor: at the end, before `)` or `|`.
      if (next === undefined || next === ')' || next === '|') continue;
      return false;
    }
    // A capture group's text (`$1`) or the whole match (`$&`).
    if (next !== undefined && /[1-9&]/.test(next)) {
      i++;
      while (/\d/.test(text[i + 1] ?? '')) i++;
      // `$1[EXPR]`, `$1{EXPR}`, `$&->[EXPR]`: an element of another variable, whose subscript is code that runs
      // (white-box review: `$1[system(...)]`).
      if (/^(?:\[|\{|->)/.test(text.slice(i + 1))) return false;
      continue;
    }
    return false;
  }
  return true;
}

/** One operator at `i`: `s` (pattern, replacement, modifiers) or `tr`/`y` (lists, modifiers). */
function operator(code: string, i: number): number | undefined {
  const op = /^(?:s|tr|y)(?=[^\w\s])/.exec(code.slice(i, i + 3))?.[0];
  if (!op) return undefined;
  const at = i + op.length;
  const d = code[at] as string;
  // `=`, `,`, `;` and `\` read as other syntax after `s`; `#` right after it is a delimiter, a quote too.
  if (/[=,;\\]/.test(d)) return undefined;
  const first = delimited(code, at);
  if (!first) return undefined;
  let k = first.end;
  // With a bracketing delimiter the second part has its own (`s{a}{b}`), whitespace allowed between them.
  if (CLOSE[d] !== undefined) {
    while (code[k] === ' ') k++;
    if (code[k] === undefined || !/[^\w\s#]/.test(code[k] as string)) return undefined;
  } else k = first.end - 1;
  const second = delimited(code, k);
  if (!second) return undefined;
  const flags = /^[a-z]*/.exec(code.slice(second.end))?.[0] ?? '';
  if (op === 's') {
    if (!/^[msixpodualngcr]*$/.test(flags) || flags.includes('e')) return undefined;
    if (PATTERN_CODE.test(first.text)) return undefined;
    // A single-quote delimiter turns interpolation off; the pattern's code blocks are refused above.
    if (d !== "'") {
      if (!interpolationKnown(first.text, true) || !interpolationKnown(second.text, false)) return undefined;
    }
  } else if (!/^[cdsr]*$/.test(flags)) return undefined;
  return second.end + flags.length;
}

/**
 * A line filter statement (`print if /TODO/`, `print unless m{^#}`, `next if /x/`): `print` or `next`, alone or
 * with `if`/`unless` and one match of the current line. Its pattern is read as a substitution's is.
 */
function filterStatement(code: string, i: number): number | undefined {
  const head = /^(print|next)\b[ \t]*/.exec(code.slice(i, i + 16));
  if (!head) return undefined;
  let k = i + head[0].length;
  const cond = /^(if|unless)[ \t]+/.exec(code.slice(k, k + 12));
  if (!cond) return head[1] === 'print' ? k : undefined;
  k += cond[0].length;
  // `/re/` or `m<d>re<d>`, with match modifiers.
  const m = code[k] === '/' ? k : /^m(?=[^\w\s=,;#\\])/.test(code.slice(k, k + 2)) ? k + 1 : -1;
  if (m < 0) return undefined;
  const re = delimited(code, m);
  if (!re) return undefined;
  const flags = /^[msixpodualn]*/.exec(code.slice(re.end))?.[0] ?? '';
  if (PATTERN_CODE.test(re.text)) return undefined;
  if (code[m] !== "'" && !interpolationKnown(re.text, true)) return undefined;
  return re.end + flags.length;
}

/** Is the perl program only substitutions and transliterations, `;`-separated? */
export function perlSubstitutionsOnly(code: string): boolean {
  if (code.length === 0 || code.length > MAX_PROGRAM) return false;
  // Non-ASCII and control characters: Perl may read them differently (a `use utf8` source, a form feed).
  if (/[^\x20-\x7e\t\n]/.test(code)) return false;
  let i = 0;
  let seen = 0;
  for (;;) {
    while (i < code.length && /[\s;]/.test(code[i] as string)) i++;
    if (i >= code.length) return seen > 0;
    const end = operator(code, i) ?? filterStatement(code, i);
    if (end === undefined) return false;
    seen++;
    i = end;
    // Each operator ends its statement: whitespace, then `;` or the end.
    while (i < code.length && /[ \t\n]/.test(code[i] as string)) i++;
    if (i < code.length && code[i] !== ';') return false;
  }
}
