/**
 * Inline code of command languages (`Rscript -e`, `julia -e`, `php -r`, `perl -e`) known inert only when it is a
 * print of computed literals: every name is on the language's allow-list of functions and constants that compute
 * and print, every other token a number, a plain string or an operator from a fixed set. Anything else (a
 * variable, a member or macro, a string that interpolates, a command literal, a regex, a comment, a name not
 * listed) is not known. Pure; never runs the code.
 */

export type PrintLanguage = 'r' | 'julia' | 'php' | 'perl';

const R_NAMES = new Set(
  `print cat sum mean median paste paste0 length seq c max min round sqrt abs nchar toupper tolower rev sort
  exp log log2 log10 floor ceiling prod range var sd format sprintf TRUE FALSE NULL NA Inf pi letters LETTERS`.split(
    /\s+/,
  ),
);
const JULIA_NAMES = new Set(
  `println print sum length string sqrt abs max min round floor ceil exp log prod collect reverse sort uppercase
  lowercase repr true false nothing pi VERSION Int Float64`.split(/\s+/),
);
const PHP_NAMES = new Set(
  `echo print strlen strtoupper strtolower json_encode count implode max min abs round sqrt array_sum range
  str_repeat phpversion PHP_VERSION PHP_EOL PHP_OS PHP_INT_MAX true false null`.split(/\s+/),
);
const PERL_NAMES = new Set(
  `print uc lc ucfirst lcfirst length join sprintf reverse abs int sqrt`.split(/\s+/),
);

const NAMES: Record<PrintLanguage, ReadonlySet<string>> = {
  r: R_NAMES,
  julia: JULIA_NAMES,
  php: PHP_NAMES,
  perl: PERL_NAMES,
};

/** Operators and punctuation that only compute (no member access, no assignment, no command or regex literal). */
const OPERATORS = /^(?:\*\*|==|!=|<=|>=|&&|\|\||[-+*/%^(),;:<>[\]{}]|\.)$/;
/** String literals each language reads without interpolation or escapes that run code. */
const STRING: Record<PrintLanguage, RegExp> = {
  r: /^(?:"(?:[^"\\`]|\\[nt])*"|'(?:[^'\\`]|\\[nt])*')/,
  julia: /^"[^"\\$`]*"/,
  php: /^(?:'[^'\\]*'|"[^"\\${}]*")/,
  perl: /^(?:'[^'\\]*'|"(?:[^"\\$@]|\\n|\\t)*")/,
};

/** The code as tokens, or undefined when a character or shape is not read. */
function tokens(code: string, lang: PrintLanguage): string[] | undefined {
  const out: string[] = [];
  let rest = code;
  while (rest.length > 0) {
    const space = /^[ \t\n]+/.exec(rest);
    if (space) {
      rest = rest.slice(space[0].length);
      continue;
    }
    const str = STRING[lang].exec(rest);
    if (str) {
      out.push('"');
      rest = rest.slice(str[0].length);
      continue;
    }
    const num = /^[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/.exec(rest);
    if (num) {
      out.push('0');
      rest = rest.slice(num[0].length);
      continue;
    }
    // R names may hold dots (`paste0`, not `R.home`): a dot inside a word is read as part of the name.
    const name = (lang === 'r' ? /^[A-Za-z][A-Za-z0-9_.]*/ : /^[A-Za-z_][A-Za-z0-9_]*/).exec(rest);
    if (name) {
      out.push(name[0]);
      rest = rest.slice(name[0].length);
      continue;
    }
    const op = /^(?:\*\*|==|!=|<=|>=|&&|\|\||.)/s.exec(rest)?.[0] ?? '';
    if (!OPERATORS.test(op)) return undefined;
    out.push(op);
    rest = rest.slice(op.length);
  }
  return out;
}

/** Is `code` a print of computed literals in `lang`? */
export function printCodeInert(code: string, lang: PrintLanguage): boolean {
  if (code.length > 2000 || !/^[\x20-\x7e\n\t]*$/.test(code)) return false;
  const list = tokens(code, lang);
  if (!list || list.length === 0) return false;
  return list.every((t, k) => {
    if (t === '"' || t === '0') return true;
    if (/^[A-Za-z_]/.test(t)) return NAMES[lang].has(t);
    // `.` only between numbers and strings (Perl and PHP concatenation), never a member access after a name.
    if (t === '.') return lang === 'perl' || lang === 'php' ? /^["0)]$/.test(list[k - 1] ?? '') : false;
    // `:` is a range in R and Julia (`1:10`); elsewhere not read.
    if (t === ':') return lang === 'r' || lang === 'julia';
    // A call only of a listed name: R and PHP call a string as the function it names (`"system"("id")`).
    if (t === '(' && k > 0 && /^["0)\]]$/.test(list[k - 1] ?? '')) return false;
    // `->` is a method call (Perl, PHP); braces a block or a dereference; Perl's `[` an array reference.
    if (t === '>' && list[k - 1] === '-') return false;
    if (t === '{' || t === '}') return false;
    if ((t === '[' || t === ']') && lang === 'perl') return false;
    return true;
  });
}
