/**
 * The script languages of catalogue programs, checked conservatively: a `sed` script is known safe only when
 * every command in it is one that prints or edits the stream (no `w`/`W` file writes, no `e` or `s///e`
 * execution, no `r`/`R` file reads); an `awk` program only when it has no `system`, no pipe, no output
 * redirect after `print`, no `getline` and no `@include`/`@load`. Anything the check cannot read is not safe.
 * Pure.
 */

/** Addresses: a line number, `$`, a /regex/ (or \cREGEXc), optionally a range or step, optionally negated. */
const ADDRESS = String.raw`(?:\d+(?:~\d+)?|\$|/(?:[^/\\\n]|\\.)*/[IM]*|\\(.)(?:(?!\2)[^\\\n]|\\.)*\2[IM]*)`;
const RANGE = String.raw`(?:${ADDRESS}(?:\s*,\s*(?:${ADDRESS}|[+~]\d+))?\s*!?\s*)?`;
/** Commands without an argument that only print or edit the pattern/hold space, or end the script. */
const PLAIN = '[pdqQ=nNPDgGhHxlz{}]';
/** Built once: an address range and the command after it; a run of argument-less commands. */
const ADDRESSED = new RegExp(`^${RANGE}(.*)$`, 's');
const PLAIN_ONLY = new RegExp(`^${PLAIN}*$`);

function sedCommandSafe(cmd: string): boolean {
  const c = cmd.trim();
  if (c === '' || c.startsWith('#')) return true;
  const m = ADDRESSED.exec(c);
  const rest = (m?.[m.length - 1] ?? c).trim();
  if (rest === '' || PLAIN_ONLY.test(rest)) return true;
  // s<d>re<d>replacement<d>flags, y<d>a<d>b<d>: the flags may not hold w, W, e, m-with-file.
  const s = /^([sy])(.)/.exec(rest);
  if (s) {
    const d = s[2] as string;
    if (d === '\\' || d === '\n') return false;
    let i = 2;
    for (let part = 0; part < 2; part++) {
      while (i < rest.length && rest[i] !== d) i += rest[i] === '\\' ? 2 : 1;
      if (i >= rest.length) return false;
      i++;
    }
    const flags = rest.slice(i);
    return s[1] === 's' ? /^[gpiIM0-9]*\s*$/.test(flags) : flags.trim() === '';
  }
  return false;
}

/** Where an address may start: after the separators and any addresses, range commas, steps and negations so far. */
const AT_ADDRESS = /^[\s;]*(?:[\d$!,~+\sIM]|\/(?:[^/\\\n]|\\.)*\/|\\(.)(?:(?!\1)[^\\\n]|\\.)*\1)*$/;

/** Splits a sed script on `;` and newlines outside s/y commands' delimited parts and addresses (conservatively). */
export function sedScriptSafe(script: string): boolean {
  // Braces, labels and branches (`b`, `t`, `:a`) are read as unknown: not safe.
  const parts: string[] = [];
  let cur = '';
  let i = 0;
  while (i < script.length) {
    const ch = script[i] as string;
    // A regular expression address (`/});/`, `\%a;b%`) is read whole: a `;` or `}` in it separates nothing.
    if ((ch === '/' || ch === '\\') && AT_ADDRESS.test(cur)) {
      const d = ch === '/' ? '/' : script[i + 1];
      if (d === undefined || d === '\n' || d === '\\') return false;
      let j = ch === '/' ? i + 1 : i + 2;
      while (j < script.length && script[j] !== d && script[j] !== '\n') j += script[j] === '\\' ? 2 : 1;
      if (script[j] !== d) return false;
      cur += script.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if ((ch === 's' || ch === 'y') && /^[\s;]*(?:[\d$/!,~+\\\sIM]|\/[^/]*\/)*$/.test(cur)) {
      const d = script[i + 1];
      if (d === undefined || d === '\\' || d === '\n') return false;
      let j = i + 2;
      for (let part = 0; part < 2; part++) {
        while (j < script.length && script[j] !== d) j += script[j] === '\\' ? 2 : 1;
        j++;
      }
      while (j < script.length && script[j] !== ';' && script[j] !== '\n') j++;
      cur += script.slice(i, j);
      i = j;
      continue;
    }
    if (ch === ';' || ch === '\n') {
      parts.push(cur);
      cur = '';
    } else cur += ch;
    i++;
  }
  parts.push(cur);
  return parts.every(sedCommandSafe);
}

/** Characters after which a `/` starts a regular expression in awk, not a division (as JavaScript's readers guess). */
const BEFORE_REGEX = /[(,{};!~&|?:=<>+\-*%^\n]/;
/** Keywords after which awk's lexer reads a `/` as a regular expression's start (`print /"/`: final read). */
const REGEX_AFTER_WORD = /(?:^|[^\w])(?:print|printf|return|in|case|do|else|getline|exit|delete)$/;

/**
 * String and regular expression literals emptied, so a `|` or `>` inside `"…"` or `/…/` is not taken for an
 * operator, nor a `"` inside a regular expression for a string's start (white-box review: `/"/{…} END{system(…)}`
 * read the call as string text). Undefined when a literal is not closed.
 */
function withoutLiterals(program: string): string | undefined {
  let out = '';
  let last = '\n';
  for (let i = 0; i < program.length; i++) {
    const ch = program[i] as string;
    if (ch === '"' || (ch === '/' && (BEFORE_REGEX.test(last) || REGEX_AFTER_WORD.test(out.trimEnd())))) {
      let j = i + 1;
      let bracket = false;
      while (j < program.length) {
        const c = program[j] as string;
        if (c === '\\') j += 2;
        else if (ch === '/' && c === '[') {
          bracket = true;
          j++;
        } else if (bracket && c === ']') {
          bracket = false;
          j++;
        } else if (c === ch && !bracket) break;
        else if (c === '\n') return undefined;
        else j++;
      }
      if (j >= program.length) return undefined;
      out += `${ch}${ch}`;
      i = j;
      last = 'x';
      continue;
    }
    out += ch;
    if (!/\s/.test(ch) || ch === '\n') last = ch;
  }
  return out;
}

export function awkProgramSafe(program: string): boolean {
  // Names that run, read or choose files are refused wherever they stand, in a literal too: a literal read
  // wrongly must not hide them. `ARGV`/`ARGC` changed pick the files awk reads (review: a path built at run time).
  if (/\b(?:system|getline|ARGV|ARGC)\b|@/.test(program)) return false;
  const code = withoutLiterals(program);
  if (code === undefined) return false;
  if (code.includes('|')) return false;
  // An output redirect: `print … > file`, `printf … >> file`; a comparison `$1 > 5` outside print is fine.
  for (const stmt of code.split(/[;{}\n]/)) if (/\bprintf?\b/.test(stmt) && stmt.includes('>')) return false;
  return true;
}
