/**
 * What a lister prints: `ls`, `find`, `fd` and `git ls-files` of literal roots print paths at or below those roots
 * (`ls` of a folder prints names in the working folder's terms). The output flow carries the roots as path words
 * (Flow.listed) so a command xargs builds from the lines is judged on them: `find ~/.aws -type f | xargs cat` reads
 * secrets. A root known only at run time, a printing format (`-printf`, `--format`) or a command run per file
 * (`-exec`, `-x`) leaves the lines of unknown origin. A lister's name patterns (every `-o` branch of find's
 * `-name`/`-iname`/`-path`/`-regex`, fd's pattern, `-e` and `--glob`, rg's and grep's file globs) say which files
 * the lines name: each is carried as a glob below its root (`find ~ -name '*.pem'` lists `~/**\/*.pem`), so the
 * reader after it is judged on what the patterns can match, a secret's name included. A pattern gavel cannot turn
 * into a glob stands for every file below the root. A names-only search (`grep -rl KEY .`) also names the secret
 * files its pattern matches (secret-search.ts). Pure apart from the injected reader.
 */

import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { type Flow, OPAQUE_FLOW } from '../walk/flow';
import { secretNamesListed } from './secret-search';

/** Stands for each file `find -exec` passes to its command (`{}` of a filtered search): quoted braces. */
export const EACH_FOUND = '\u0001\u0002';

const trimmed = (root: Word) => root.text.replace(/\/+$/, '') || '/';
const below = (root: Word) => `${trimmed(root)}/${EACH_FOUND}`;
/** A glob for the files below `root` a name pattern selects (`**` when the pattern selects any). */
export const globBelow = (root: Word, name: string) => `${trimmed(root)}/**${name === '*' ? '' : `/${name}`}`;

/** A glob no wider than what a file-name regex matches, or `*` when gavel cannot read it as one. */
export function regexAsGlob(regex: string, anchored: boolean): string {
  let body = regex;
  let start = anchored;
  let end = anchored;
  if (body.startsWith('^')) {
    start = true;
    body = body.slice(1);
  }
  if (body.endsWith('$') && !body.endsWith('\\$')) {
    end = true;
    body = body.slice(0, -1);
  }
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    const next = body[i + 1];
    if (c === '\\' && next !== undefined && /[.\-_/]/.test(next)) {
      out += next;
      i++;
    } else if (c === '.' && (next === '*' || next === '+')) {
      out += '*';
      i++;
    } else if (c === '.') out += '?';
    else if (/[\w\-/]/.test(c)) out += c;
    else return '*';
  }
  const glob = `${start ? '' : '*'}${out}${end ? '' : '*'}`;
  return glob.replace(/\*+/g, '*') || '*';
}

/** The last path component pattern of a find `-path`/`-regex` (its folders walk anywhere below the root). */
const pathTail = (glob: string) => glob.replace(/^(\.?\/|\*\/)+/, '') || '*';

/** find's leading roots; undefined when its output is not one path a line. */
function findRoots(args: readonly Word[]): string[] | undefined {
  const roots: Word[] = [];
  let i = 0;
  while (i < args.length && !/^[-(!]/.test(plain(args[i]))) roots.push(args[i++] as Word);
  const rest = args.slice(i).map((w) => optionText(w));
  if (rest.some((t) => /^-(exec|execdir|ok|okdir|printf|fprint.*|ls|fls)$/.test(t))) return undefined;
  if (roots.length === 0)
    roots.push({ text: '.', flow: { sensitive: false, network: false, decoded: false } });
  if (!roots.every(isLiteral)) return undefined;
  const names = findNames(args.slice(i));
  // Every root is printed itself, and what lies below it: the files its name patterns select.
  return roots.flatMap((w) => [w.text, below(w), ...names.map((n) => globBelow(w, n))]);
}

/** The globs find's name tests select (every branch but a negated one); `*` when none or one is unreadable. */
export function findNames(expr: readonly Word[]): string[] {
  const names: string[] = [];
  for (let k = 0; k < expr.length; k++) {
    const t = optionText(expr[k]);
    const m = /^-(i?name|i?path|i?wholename|i?regex)$/.exec(t);
    if (!m?.[1] || expr[k + 1] === undefined) continue;
    const before = optionText(expr[k - 1]);
    const value = plain(expr[++k]);
    if (before === '!' || before === '-not') continue;
    const kind = m[1].replace(/^i/, '');
    const glob = !isLiteral(expr[k])
      ? '*'
      : kind === 'name'
        ? value
        : kind === 'regex'
          ? pathTail(regexAsGlob(value, true))
          : pathTail(value);
    // A path pattern's `*` crosses folders: what it names may be a folder whose files are listed too.
    const globs = kind === 'name' ? [glob] : [glob, `${glob}/**`];
    for (const g of globs) names.push(g, ...(m[1].startsWith('i') ? [g.toLowerCase()] : []));
  }
  return names.length > 0 ? [...new Set(names)] : ['*'];
}

/** fd's options that take a value (the first positional is the pattern, the rest are roots). */
const FD_VALUES =
  /^(-e|--extension|-t|--type|-E|--exclude|-d|--max-depth|--min-depth|--exact-depth|-S|--size|-c|--color|-j|--threads|--changed-within|--changed-before|-o|--owner|--max-results|--base-directory|--search-path|--ignore-file|--max-buffer-time|--batch-size|--path-separator)$/;

function fdRoots(args: readonly Word[]): string[] | undefined {
  const positionals: Word[] = [];
  const extra: Word[] = [];
  const extensions: string[] = [];
  let glob = false;
  for (let i = 0; i < args.length; i++) {
    const t = optionText(args[i]);
    if (/^(-x|--exec|-X|--exec-batch|-l|--list-details|--format)/.test(t)) return undefined;
    if (t === '--search-path' || t === '--base-directory') extra.push(args[++i] as Word);
    else if (t === '-e' || t === '--extension') {
      const v = args[++i];
      extensions.push(isLiteral(v) ? `*.${plain(v).replace(/^\./, '')}` : '*');
    } else if (t.startsWith('--extension=')) extensions.push(`*.${t.slice(12).replace(/^\./, '')}`);
    else if (t === '-g' || t === '--glob') glob = true;
    else if (FD_VALUES.test(t)) i++;
    else if (!t.startsWith('-') || t === '-') positionals.push(args[i] as Word);
  }
  const roots = [...positionals.slice(1), ...extra];
  if (roots.length === 0)
    roots.push({ text: '.', flow: { sensitive: false, network: false, decoded: false } });
  if (!roots.every(isLiteral)) return undefined;
  // The pattern (a regex, or a glob with `--glob`) and every `-e` extension must all hold: each narrows alone.
  const pattern = positionals[0];
  let names = extensions.length > 0 ? extensions : ['*'];
  if (pattern !== undefined && isLiteral(pattern) && names.length === 1 && names[0] === '*') {
    const text = plain(pattern);
    names = [glob ? text.replace(/^.*\//, '') || '*' : regexAsGlob(text, false)];
  }
  return roots.flatMap((w) => [below(w), ...names.map((n) => globBelow(w, n))]);
}

/** rg's and grep's value options (the value is not a pattern or a path). */
const SEARCH_VALUES =
  /^(-A|-B|-C|-m|-t|-T|-M|-j|--type|--type-not|--max-count|--context|--after-context|--before-context|--max-columns|--threads|--max-depth|--maxdepth|--color|--colors|--encoding|-E|--sort|--sortr|--max-filesize|--path-separator|--label|--binary-files|-D|-d|--devices|--directories|--exclude-dir|--exclude|--exclude-from|--include)$/;

/** A search's roots (its words after the pattern; rg's default `.`) and the file globs it is told to search. */
function searchOperands(inv: Invocation): { roots: Word[]; names: string[] } | undefined {
  const opts = inv.args.map((w) => optionText(w));
  const positionals: Word[] = [];
  const names: string[] = [];
  let patternGiven = opts.includes('--files');
  for (let i = 0; i < inv.args.length; i++) {
    const t = opts[i] as string;
    if (t === '--') {
      positionals.push(...inv.args.slice(i + 1));
      break;
    }
    if (/^(-g|--glob|--iglob|--include)$/.test(t) || /^--(glob|iglob|include)=/.test(t)) {
      const v = t.includes('=') ? t.slice(t.indexOf('=') + 1) : plain(inv.args[++i]);
      const name = v.replace(/^.*\//, '') || '*';
      // `--iglob '*.PEM'` selects `key.pem` too.
      if (!v.startsWith('!')) names.push(name, ...(t.startsWith('--iglob') ? [name.toLowerCase()] : []));
      continue;
    }
    if (/^(-e|--regexp|-f|--file)$/.test(t)) {
      patternGiven = true;
      i++;
      continue;
    }
    if (/^--(regexp|file)=/.test(t) || /^-e./.test(t)) patternGiven = true;
    else if (SEARCH_VALUES.test(t)) i++;
    else if (!t.startsWith('-') || t === '-') positionals.push(inv.args[i] as Word);
  }
  const roots = patternGiven ? positionals : positionals.slice(1);
  if (roots.length === 0) {
    // grep with no file reads its input; rg searches the working folder.
    if (inv.program !== 'rg') return undefined;
    roots.push({ text: '.', flow: { sensitive: false, network: false, decoded: false } });
  }
  return { roots, names };
}

/**
 * `rg -l`/`--files`, `grep -l`/`-L` of literal roots print the names of files at or below those roots; `-g`,
 * `--glob`, `--iglob`, `--include` say which. Any other output is text of the files, not names.
 */
function searchRoots(inv: Invocation, read: boolean): string[] | undefined {
  const opts = inv.args.map((w) => optionText(w));
  const lists = opts.some(
    (t) =>
      /^--(files|files-with-matches|files-without-match?)$/.test(t) || /^-[a-zA-Z]*[lL][a-zA-Z]*$/.test(t),
  );
  if (!lists || opts.some((t) => /^--(pre|null-data|search-zip|replace)/.test(t) || t === '-z'))
    return undefined;
  const found = searchOperands(inv);
  if (found === undefined || !found.roots.every(isLiteral)) return undefined;
  // With no file glob, every file below a root may be named; where the files are read, the secret ones whose lines
  // the pattern matches are named instead (secretNamesListed), not every file below (`root/**` would be, on disk).
  // `rg --files` prints every file it would search, not the ones a pattern matches.
  const every = opts.includes('--files');
  const globs = found.names.length > 0 ? found.names : read && !every ? [] : ['*'];
  return found.roots.flatMap((w) => [w.text, below(w), ...globs.map((n) => globBelow(w, n))]);
}

/**
 * The files a recursive search is told to read by name (`grep -r KEY --include='*.env' .`, `rg -g .env ''`): its
 * file globs below each literal root. A search with no file glob reads whatever its roots hold (judged on them).
 */
export function searchedFiles(inv: Invocation): Word[] {
  const p = inv.program;
  if (p === 'zip') return zipIncluded(inv);
  const opts = inv.args.map((w) => optionText(w));
  const recursive =
    p === 'rg' ||
    opts.some(
      (t, k) =>
        /^(-[a-zA-Z]*[rR][a-zA-Z]*|--recursive|--dereference-recursive|--directories=recurse)$/.test(t) ||
        ((t === '-d' || t === '--directories') && opts[k + 1] === 'recurse'),
    );
  if (!recursive || !['rg', 'grep', 'egrep', 'fgrep'].includes(p)) return [];
  const found = searchOperands(inv);
  if (found === undefined || found.names.length === 0) return [];
  return found.roots
    .filter(isLiteral)
    .flatMap((w) => found.names.map((n) => ({ text: globBelow(w, n), flow: OPAQUE_FLOW })));
}

/** `zip -r a.zip . -i '*.env'`: the names a recursive zip is told to take, below each folder it is given. */
function zipIncluded(inv: Invocation): Word[] {
  const opts = inv.args.map((w) => optionText(w));
  if (!opts.some((t) => /^(-[a-zA-Z]*[rR][a-zA-Z]*|--recurse-paths|--recurse-patterns)$/.test(t))) return [];
  const names: string[] = [];
  const operands: Word[] = [];
  for (let i = 0; i < inv.args.length; i++) {
    const t = opts[i] as string;
    if (t === '-i' || t === '--include' || t === '-x' || t === '--exclude') {
      for (i++; i < inv.args.length && !(opts[i] as string).startsWith('-'); i++)
        if (t === '-i' || t === '--include') names.push(plain(inv.args[i]).replace(/^.*\//, '') || '*');
      i--;
    } else if (!t.startsWith('-')) operands.push(inv.args[i] as Word);
  }
  if (names.length === 0) return [];
  return operands
    .slice(1)
    .filter(isLiteral)
    .flatMap((w) => names.map((n) => ({ text: globBelow(w, n), flow: OPAQUE_FLOW })));
}

/** `git ls-files`, `git diff --name-only`, `git grep -l`: names of the repository's files (pathspecs narrow). */
function gitRoots(args: readonly Word[]): string[] | undefined {
  const opts = args.map((w) => optionText(w));
  const sub = opts[0];
  if (opts.some((t) => /^--(format|ext-diff|textconv|output)/.test(t))) return undefined;
  if (sub === 'diff' && !opts.includes('--name-only')) return undefined;
  if (
    sub === 'grep' &&
    !opts.some((t) => /^(-l|--name-only|--files-with-matches|-L|--files-without-match)$/.test(t))
  )
    return undefined;
  if (sub !== 'ls-files' && sub !== 'diff' && sub !== 'grep') return undefined;
  const dash = opts.indexOf('--');
  const specs =
    sub === 'ls-files'
      ? args.slice(1).filter((w) => !plain(w).startsWith('-'))
      : dash >= 0
        ? args.slice(dash + 1)
        : [];
  const dot: Word = { text: '.', flow: { sensitive: false, network: false, decoded: false } };
  const names = specs.map((w) => (isLiteral(w) ? plain(w).replace(/^(\.\/|:\(glob\))/, '') : '*'));
  return [`./${EACH_FOUND}`, ...(names.length > 0 ? names : ['*']).map((n) => globBelow(dot, n))];
}

function lsRoots(args: readonly Word[]): string[] | undefined {
  const roots = args.filter((w) => !plain(w).startsWith('-') || plain(w) === '-');
  if (!roots.every(isLiteral)) return undefined;
  // Hidden entries too with `-a`/`-A`.
  const all = args.some((w) => /^-[a-zA-Z]*[aA][a-zA-Z]*$|^--(all|almost-all)$/.test(plain(w)));
  // A folder's entries, as globs a reader's disk check expands (path-effects.ts): `ls | xargs cat` reads `./*`.
  // Hidden ones as `root/**` (every file below, hidden too: more than ls prints, never less; a `root/.*` would read as
  // naming `.env` to a check that has no reader).
  const entries = (root: string) => [all ? `${root}/**` : `${root}/*`];
  const folders = roots.length === 0 ? ['.'] : roots.map((w) => w.text.replace(/\/+$/, '') || '/');
  // A file is printed as given; a folder's entries by name, found below the working folder.
  return [...roots.map((w) => w.text), `./${EACH_FOUND}`, ...folders.flatMap(entries)];
}

/** The options that end each name with a NUL instead of a newline, by lister. */
const NUL_OPTIONS: Record<string, RegExp> = {
  find: /^-print0$/,
  rg: /^(--null|-0|-[a-zA-Z]*0[a-zA-Z]*)$/,
  grep: /^(--null|-Z|-[a-zA-Z]*Z[a-zA-Z]*)$/,
  fd: /^(--print0|-0)$/,
};

/**
 * Does every line name a file below a root the command gives, as that root is written (`src/a.ts`; find prints
 * its roots as given, rg and grep prefix their roots, fd its search paths), NUL-terminated, with no root that
 * could read as an option? Then xargs -0 hands on words that are never options (`--pre=sh` needs a bare folder).
 */
function namedUnderRoots(inv: Invocation): boolean {
  const p = inv.program === 'egrep' || inv.program === 'fgrep' ? 'grep' : inv.program;
  const nul = NUL_OPTIONS[p === 'fdfind' ? 'fd' : p];
  const texts = inv.args.map((w) => optionText(w));
  if (!nul || !texts.some((t) => nul.test(t))) return false;
  // The roots as written: find's leading words; rg's, grep's and fd's words after the pattern.
  const words = texts.filter((t) => !t.startsWith('-'));
  if (p === 'find') {
    const lead = inv.args.findIndex((w) => /^[-(!]/.test(plain(w)));
    const roots = inv.args.slice(0, lead < 0 ? inv.args.length : lead);
    return roots.length > 0 && roots.every((w) => isLiteral(w) && /^[^-]/.test(plain(w)));
  }
  // Value options would shift which word is the pattern: only flags may be given.
  if (texts.some((t) => t.startsWith('-') && (SEARCH_VALUES.test(t) || FD_VALUES.test(t) || t.includes('='))))
    return false;
  if (texts.some((t) => /^(-e|-f|--regexp|--file|-g|--glob|--iglob|--include|--)$/.test(t))) return false;
  const roots = inv.args.filter((w) => !optionText(w).startsWith('-')).slice(1);
  return (
    roots.length > 0 &&
    roots.length === words.length - 1 &&
    roots.every((w) => isLiteral(w) && /^[^-]/.test(plain(w)))
  );
}

/**
 * Programs whose output lines are some of their input lines, whole, selected or reordered (`head -1`, `sort`,
 * `grep key`): a listing through them still names files at or below the lister's roots (`find ~/.ssh -type f |
 * head -1 | xargs cat` reads a key). An input file read instead of standard input only makes the bound wider than
 * needed. A program that rewrites lines (`sed`, `awk`, `cut`, `grep -o`, `realpath`) may print any path: its lines
 * are of unknown origin, and a reader given them reads a file named only at run time.
 */
const SEARCH_REWRITES =
  /^(-[a-zA-Z]*[ocrlL]|--(only-matching|replace|count|files-with(out)?-matches|recursive)(=.*)?)$/;
/** Each filter, and its options that print parts of lines or other text (`grep -o`, `head -c`, `uniq -c`). */
const LINE_FILTERS: ReadonlyMap<string, RegExp | undefined> = new Map([
  ['head', /^(-c|--bytes)/],
  ['tail', /^(-c|--bytes)/],
  ['uniq', /^(-[a-zA-Z]*c|--count)/],
  ['sort', undefined],
  ['shuf', undefined],
  ['tac', undefined],
  ['grep', SEARCH_REWRITES],
  ['egrep', SEARCH_REWRITES],
  ['fgrep', SEARCH_REWRITES],
  ['rg', SEARCH_REWRITES],
]);

/**
 * The names a search filter keeps from a listing (`ls -a | grep env`, `find . | grep '\.pem$'`): its pattern as a
 * glob below each listed folder, so the reader after it is judged on what the pattern selects, a secret's name
 * included. None when it keeps lines that do not match (`-v`) or its pattern reads as any name.
 */
function selected(inv: Invocation, listed: readonly string[]): string[] {
  if (!['grep', 'egrep', 'fgrep', 'rg'].includes(inv.program)) return [];
  const opts = inv.args.map((w) => optionText(w));
  if (opts.some((t) => /^(-[a-zA-Z]*v[a-zA-Z]*|--invert-match)$/.test(t))) return [];
  const fixed =
    inv.program === 'fgrep' || opts.some((t) => /^(-[a-zA-Z]*F[a-zA-Z]*|--fixed-strings)$/.test(t));
  const patterns: string[] = [];
  let positional: string | undefined;
  for (let i = 0; i < inv.args.length; i++) {
    const t = opts[i] as string;
    if (t === '-e' || t === '--regexp') patterns.push(plain(inv.args[++i]));
    else if (t.startsWith('--regexp=')) patterns.push(t.slice('--regexp='.length));
    else if (SEARCH_VALUES.test(t)) i++;
    else if (!t.startsWith('-') && positional === undefined) positional = plain(inv.args[i]);
  }
  if (patterns.length === 0 && positional !== undefined) patterns.push(positional);
  // A line holding the pattern may end anywhere after it: judged as names ending with it (`env` selects `.env`,
  // `pem` a `.pem` key), as a name of any ending would meet every secret's (`md*` could be `md.pem`).
  const globs = patterns
    .map((p) => (fixed ? `*${p.replace(/[*?[\]]/g, '')}` : regexAsGlob(p, false).replace(/\*$/, '')))
    .filter((g) => g.replace(/\*/g, '') !== '');
  // Ignoring case, `PEM` selects `key.pem` too.
  if (opts.some((t) => /^(-[a-zA-Z]*[iy][a-zA-Z]*|--ignore-case)$/.test(t)))
    globs.push(...globs.map((g) => g.toLowerCase()));
  const folders = listed
    .filter((l) => l.endsWith(`/${EACH_FOUND}`))
    .map((l) => l.slice(0, -EACH_FOUND.length - 1));
  return folders.flatMap((f) => globs.map((g) => `${f}/**/${g}`));
}

/** Does `inv`, a line filter, print only whole lines of its input? */
function wholeLines(inv: Invocation): boolean {
  if (!LINE_FILTERS.has(inv.program)) return false;
  const rewrites = LINE_FILTERS.get(inv.program);
  return rewrites === undefined || !inv.args.some((w) => rewrites.test(optionText(w)));
}

/**
 * The output of `inv` with the roots its lines lie under, when it is a lister of literal roots or a line filter
 * of a listing.
 */
export function listedOutput(inv: Invocation, out: Flow, r?: Reporter): Flow {
  const p = inv.program;
  let roots: string[] | undefined;
  if (p === 'find') roots = findRoots(inv.args);
  else if (p === 'fd' || p === 'fdfind') roots = fdRoots(inv.args);
  else if (p === 'ls') roots = lsRoots(inv.args);
  else if (p === 'rg' || p === 'grep' || p === 'egrep' || p === 'fgrep') {
    roots = searchRoots(inv, r?.env.readScript !== undefined);
    // The secret files whose content matches are among the names printed (`grep -rl API_KEY . | xargs cat`).
    if (roots !== undefined && r !== undefined) roots = [...roots, ...secretNamesListed(inv, r)];
  } else if (p === 'git') roots = gitRoots(inv.args);
  if ((roots === undefined || roots.length === 0) && inv.stdin.listed && wholeLines(inv))
    return { ...out, listed: [...inv.stdin.listed, ...selected(inv, inv.stdin.listed)] };
  if (roots === undefined || roots.length === 0) return out;
  return namedUnderRoots(inv) ? { ...out, listed: roots, listedNamed: true } : { ...out, listed: roots };
}
