/**
 * A recursive content search (`grep -r`, `rg`, `ag`, `ack`, `git grep`) prints the lines
 * of every file below its folders that its pattern matches: a secret-named file at the top of a searched folder
 * (`.env`, `secrets.yaml`, `id_rsa`) that the search reads, and one of whose lines the pattern matches, is read as
 * `grep KEY .env` reads it. The file's lines are tested with the pattern itself, case-blind, so `grep -rn useEffect
 * .` beside a `.env` stays a search of code while `grep -r API_KEY .` or `rg -uu '='` is a secret read; a setting
 * that holds none (`PORT=3000`: a name that says no secret, a value with no credential or token) is not counted. What the
 * search skips is honoured: grep's `--include`/`--exclude`, rg's globs, rg's and ag's hidden files and git ignore
 * rules unless told otherwise. A file whose name says nothing but whose content is a credential (secret-content.ts:
 * a service-account key, a private key block, AWS keys), among settings, data and extension-less files, counts as
 * a secret-named one, within the per-analysis budget of files looked inside. Names or counts only (`-l`, `-c`, `-q`) print no line, but the names of the matching
 * files go on to a reader after the search (`grep -rl API_KEY . | xargs cat`: secretNamesListed, read by
 * listed-paths.ts). A pattern gavel cannot read (a pattern file, a word known only at run time, a regex it cannot
 * translate) or a file it cannot read counts as matching. The folders below are walked nearest first (folder-walk.ts,
 * bounded; known limit: a secret deeper in a large tree is not seen).
 * Pure apart from the injected reader and reporting.
 */

import { posix } from 'node:path';
import { personWrittenHomeFile } from '../classify/home-trees';
import { holdsSecretContent, homeFileCarries } from '../classify/secret-content';
import { isSecretVariable } from '../classify/secret-variable';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { OPAQUE_FLOW } from '../walk/flow';
import { unprotect } from '../walk/markers';
import { readBudgeted } from './disk-scripts';
import { globMatches, globReaches, POSIX_CLASSES, walkFiles } from './folder-walk';
import { gitIgnored } from './git-ignore';
import { EACH_FOUND } from './listed-paths';
import { absoluteGlob, entryMayNameSecret, resolveArg, touchPath } from './path-effects';

export const SECRET_SEARCH_PROGRAMS = () => ['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'git'];

type Dialect = 'basic' | 'extended' | 'fixed';

interface Search {
  patterns: (string | undefined)[];
  dialect: Dialect;
  invert: boolean;
  roots: Word[];
  /** Names only, counts or nothing are printed: no line of any file. */
  noLines: boolean;
  /** The names of the files that match are printed (`-l`): a reader after it reads them. */
  namesOfMatches: boolean;
  /** Globs a file's name must match one of (grep `--include`, rg `-g x`); empty: any. */
  include: string[];
  /** Globs that skip a file (grep `--exclude`, rg `-g '!x'`). */
  exclude: string[];
  /** Hidden files (`.env`) are read. */
  hidden: boolean;
  /** Git ignore rules apply. */
  ignores: boolean;
  /** rg's globs choose files over its ignore rules and hidden-file filter: a file a glob names is searched. */
  overrides?: boolean;
  /** Symbolic links to folders are followed (`grep -R`, `rg -L`): what they lead to is searched too. */
  follow: boolean;
  /** Shell globs given as files to a search that does not recurse (`grep KEY *`): the files they expand to. */
  globs: Word[];
}

/** Value options per program, short letters and long names (the value is neither a pattern nor a root). */
const GREP_VALUES =
  /^(-[efmABCDd]|--(regexp|file|max-count|after-context|before-context|context|devices|directories|include|exclude|exclude-dir|exclude-from|label|binary-files|group-separator|color|colour))$/;
const GREP_VALUE_LETTERS = 'efmABCDd';
const RG_VALUES =
  /^(-[efgtTmABCMjEdr]|--(regexp|file|glob|iglob|type|type-not|type-add|type-clear|max-count|after-context|before-context|context|max-columns|threads|encoding|max-depth|maxdepth|replace|sort|sortr|color|colors|path-separator|max-filesize|ignore-file|engine|dfa-size-limit|regex-size-limit|context-separator|field-match-separator|field-context-separator|hostname-bin|hyperlink-format|pre|pre-glob))$/;
const RG_VALUE_LETTERS = 'efgtTmABCMjEdr';
const AG_VALUES =
  /^(-[GgmABCp]|--(file-search-regex|ignore|ignore-dir|max-count|after|before|context|depth|path-to-ignore|pager|color-line-number|color-match|color-path|workers))$/;
const AG_VALUE_LETTERS = 'GgmABCp';

const ACK_VALUES =
  /^(-[mABCg]|--(match|max-count|after-context|before-context|context|type|ignore-dir|ignore-file|output|color-filename|color-match|color-lineno|pager))$/;
const ACK_VALUE_LETTERS = 'mABCg';
const GIT_GREP_VALUES =
  /^(-[efmABCO]|--(max-depth|max-count|context|after-context|before-context|threads|open-files-in-pager))$/;
const GIT_GREP_VALUE_LETTERS = 'efmABCO';

const RECURSIVE =
  /^(-[a-zA-Z]*[rR][a-zA-Z]*|--recursive|--dereference-recursive|--directories=recurse|-drecurse)$/;

/** Reads the words of a search; undefined when it is no recursive search of files. */
function readSearch(inv: Invocation): Search | undefined {
  const p = inv.program;
  // `git grep` reads the work tree's files with `--no-index` (every file, ignored ones too) or `--untracked`
  // (untracked files git does not ignore); otherwise what git tracks, judged by the files of the work tree its
  // ignore rules leave (a committed `.env.production` is printed as `cat` prints it), a revision's by the work
  // tree's too.
  const git = p === 'git';
  if (git && optionText(inv.args[0]) !== 'grep') return undefined;
  const words = git ? inv.args.slice(1) : inv.args;
  const opts = words.map((w) => optionText(w));
  const tracked = git && !opts.some((t) => t === '--no-index' || t === '--untracked');
  let pathsFrom = -1;
  const rg = p === 'rg';
  const ag = p === 'ag';
  const ack = p === 'ack';
  const grep = !rg && !ag && !ack && !git;
  const values = rg ? RG_VALUES : ag ? AG_VALUES : ack ? ACK_VALUES : git ? GIT_GREP_VALUES : GREP_VALUES;
  const letters = rg
    ? RG_VALUE_LETTERS
    : ag
      ? AG_VALUE_LETTERS
      : ack
        ? ACK_VALUE_LETTERS
        : git
          ? GIT_GREP_VALUE_LETTERS
          : GREP_VALUE_LETTERS;
  const s: Search = {
    patterns: [],
    dialect: p === 'fgrep' ? 'fixed' : (grep && p !== 'egrep') || git ? 'basic' : 'extended',
    invert: false,
    roots: [],
    noLines: false,
    namesOfMatches: false,
    include: [],
    exclude: [],
    hidden: grep || ack || git,
    ignores: rg || ag || (git && !opts.includes('--no-index')),
    follow: false,
    globs: [],
  };
  if (git && opts.includes('--exclude-standard')) s.ignores = true;
  if (git && opts.includes('--no-exclude-standard')) s.ignores = false;
  let recursive = !grep;
  let unrestricted = 0;
  let patternFromOption = false;
  const positionals: Word[] = [];
  const option = (name: string, value: Word | undefined) => {
    const v = value === undefined ? undefined : isLiteral(value) ? plain(value) : undefined;
    if (name === '-e' || name === '--regexp') {
      patternFromOption = true;
      s.patterns.push(v);
    } else if (name === '-f' || name === '--file') {
      patternFromOption = true;
      s.patterns.push(undefined);
    } else if (grep && name === '--include') s.include.push(v ?? '*');
    else if (grep && name === '--exclude' && v !== undefined) s.exclude.push(v);
    else if (rg && /^(-g|--glob|--iglob)$/.test(name) && v !== undefined) {
      if (v.startsWith('!')) s.exclude.push(v.slice(1));
      else s.include.push(v);
    } else if (grep && (name === '-d' || name === '--directories') && v === 'recurse') recursive = true;
    else if (ack && name === '-g') s.noLines = true;
  };
  for (let i = 0; i < words.length; i++) {
    const t = opts[i] as string;
    if (t === '--') {
      pathsFrom = positionals.length;
      positionals.push(...words.slice(i + 1));
      break;
    }
    if (!t.startsWith('-') || t === '-') {
      positionals.push(words[i] as Word);
      continue;
    }
    if (t.startsWith('--')) {
      const eq = t.indexOf('=');
      const name = eq < 0 ? t : t.slice(0, eq);
      if (values.test(name)) {
        const value = eq < 0 ? words[++i] : { text: t.slice(eq + 1), flow: (words[i] as Word).flow };
        option(name, value);
        continue;
      }
      flag(name);
      continue;
    }
    // A short cluster: flags, then at most one value letter taking the rest of the word or the next one.
    for (let j = 1; j < t.length; j++) {
      const o = `-${t[j]}`;
      if (letters.includes(t[j] as string)) {
        const rest = t.slice(j + 1);
        const value = rest !== '' ? { text: rest, flow: (words[i] as Word).flow } : words[++i];
        option(o, value);
        break;
      }
      flag(o);
    }
  }
  function flag(o: string): void {
    if (RECURSIVE.test(o)) recursive = true;
    if (o === '-F' || o === '--fixed-strings' || ((ag || ack) && (o === '-Q' || o === '--literal')))
      s.dialect = 'fixed';
    else if (
      (grep || git) &&
      (o === '-E' || o === '--extended-regexp' || o === '-P' || o === '--perl-regexp')
    )
      s.dialect = 'extended';
    else if ((grep || git) && (o === '-G' || o === '--basic-regexp')) s.dialect = 'basic';
    if (o === '-v' || o === '--invert-match') s.invert = true;
    if (
      (grep && (o === '-R' || o === '--dereference-recursive')) ||
      ((rg || ag) && (o === '-L' || o === '--follow')) ||
      (ag && o === '-f') ||
      (ack && o === '--follow')
    )
      s.follow = true;
    if (o === '-l' || o === '--files-with-matches' || (git && o === '--name-only')) s.namesOfMatches = true;
    if (
      (rg ? /^-[lcq]$/ : /^-[lLcq]$/).test(o) ||
      (ack && o === '-f') ||
      /^--(files-with-matches|files-without-match|count|count-matches|quiet|silent|files|type-list|json-stats|name-only)$/.test(
        o,
      )
    )
      s.noLines = true;
    if (o === '-u' || o === '--unrestricted') unrestricted++;
    if (o === '--hidden' || o === '-.') s.hidden = true;
    if (/^--(no-ignore|no-ignore-vcs|skip-vcs-ignores)$/.test(o) || (ag && o === '-U')) s.ignores = false;
    if (ag && (o === '-a' || o === '--all-types')) s.hidden = true;
  }
  if (unrestricted >= 1) s.ignores = false;
  if (unrestricted >= 2 || (ag && unrestricted >= 1)) s.hidden = true;
  if (rg && s.include.length > 0) s.overrides = true;
  if (!patternFromOption) {
    const first = positionals.shift();
    if (first === undefined) return undefined;
    if (pathsFrom > 0) pathsFrom--;
    s.patterns.push(isLiteral(first) ? plain(first) : undefined);
  }
  if (!recursive) {
    // Files a lister found below a folder (`find . -type f | xargs grep KEY`, `find . -exec grep KEY {} +`): every
    // file there, hidden ones too, as a recursive search of the folder reads them.
    const below = positionals.filter((w) => w.text.endsWith('/**') || w.text.endsWith(`/${EACH_FOUND}`));
    // A shell glob given as files (`grep . *`, `grep -h KEY conf/*`): the files it expands to are read.
    s.globs = positionals.filter((w) => !below.includes(w) && isLiteral(w) && /[*?[]/.test(w.text));
    if (below.length === 0 && s.globs.length === 0) return undefined;
    s.roots = below.map((w) => ({ ...w, text: w.text.slice(0, w.text.lastIndexOf('/')) || '/' }));
    s.hidden = true;
    s.ignores = false;
    return s;
  }
  s.roots = positionals.length > 0 ? positionals : [{ text: '.', flow: OPAQUE_FLOW }];
  // Searching what git tracks, words before `--` may be revisions (`git grep KEY HEAD~3`): the folder is searched
  // besides them; after `--`, only the paths there.
  if (tracked && pathsFrom < 0 && positionals.length > 0) s.roots.push({ text: '.', flow: OPAQUE_FLOW });
  else if (tracked && pathsFrom >= 0)
    s.roots =
      pathsFrom < positionals.length ? positionals.slice(pathsFrom) : [{ text: '.', flow: OPAQUE_FLOW }];
  return s;
}

/** The pattern as a JavaScript regex, case-blind; undefined when it cannot be read. */
function asRegex(pattern: string, dialect: Dialect): RegExp | undefined {
  let src: string;
  if (dialect === 'fixed') src = pattern.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  // An escape JavaScript reads as a plain letter while grep, PCRE or ripgrep give it a meaning (`\A`, `\z`, `\p{..}`,
  // `\Q..\E`, `` \` ``): not translated, so it counts as matching.
  else if (/\\[^dDwWsSbBnrtf.\\/^$|?*+()[\]{}<>'"-]/.test(pattern)) return undefined;
  else {
    src = pattern.replace(/\[:(\w+):\]/g, (all, name: string) => POSIX_CLASSES[name] ?? all);
    if (dialect === 'basic')
      // In a basic regex `\(`, `\|`, `\{`, `\+`, `\?` are the operators and the bare characters literal.
      src = src.replace(/\\([(){}|+?])|([(){}|+?])/g, (_all, escaped: string | undefined, bare: string) =>
        escaped !== undefined ? escaped : `\\${bare}`,
      );
    src = src.replace(/\\[<>]/g, '\\b');
  }
  try {
    return new RegExp(src, 'i');
  } catch {
    return undefined;
  }
}

/** A `NAME=value` (or `NAME: value`) line of a settings file such as `.env`: the name and the value. */
const SETTING = /^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*[=:]\s*(.*)$/;
/** A value carrying credentials in a URL (`postgres://user:pass@host`) or a long token-like run. */
const SECRET_VALUE = /:\/\/[^/@\s]+:[^/@\s]+@|[A-Za-z0-9_+/=-]{24,}/;

/**
 * Could this line of a secret file hold a secret? A setting whose name says it is none and whose value holds no
 * credential or token (`PORT=3000`, `NODE_ENV=development` in a `.env`) is printed harmlessly; any other line may.
 */
function secretLine(line: string): boolean {
  if (line.trim() === '' || /^\s*#/.test(line)) return false;
  const m = SETTING.exec(line);
  if (!m) return true;
  const value = (m[2] ?? '').replace(/^["']|["']$/g, '');
  return isSecretVariable((m[1] ?? '').replace(/[.-]/g, '_')) || SECRET_VALUE.test(value);
}

/**
 * Names of files that may hold a credential by their content: settings, data and key files, and files with no
 * extension; code and the manifests every project has are not looked inside (the content budget is kept for the
 * rest).
 */
function mayHoldCredential(name: string): boolean {
  if (COMMON_MANIFEST.test(name)) return false;
  return !/\.[^.]+$/.test(name) || CREDENTIAL_EXTENSION.test(name);
}
const CREDENTIAL_EXTENSION =
  /\.(?:json|ini|ya?ml|toml|conf|cfg|cnf|config|properties|xml|txt|key|keys|pem|crt|asc|gpg|env|secret|secrets|cred|creds|credentials|token|auth|dat|bak|old|orig)$/i;
const COMMON_MANIFEST =
  /^(?:package(?:-lock)?\.json|tsconfig(?:\.[\w-]+)?\.json|jsconfig\.json|composer\.(?:json|lock)|pyproject\.toml|Cargo\.(?:toml|lock)|go\.(?:mod|sum)|pubspec\.ya?ml|[\w.-]+\.lock|pnpm-lock\.yaml|Makefile|Dockerfile|LICENSE|README|CHANGELOG|CODEOWNERS|Gemfile|Rakefile|Procfile|Justfile|justfile|\.gitignore|\.gitattributes|\.editorconfig|\.prettierrc|\.eslintrc|\.nvmrc)$/;

/** The content budget of an analysis's searches, apart from its direct reads' (a `cat` after a `grep -r` keeps its own). */
const searchBudgets = new WeakMap<object, object>();
function searchBudget(r: Reporter): object {
  let budget = searchBudgets.get(r);
  if (!budget) {
    budget = {};
    searchBudgets.set(r, budget);
  }
  return budget;
}

/** Most roots read, and lines of one file tested. */
const MAX_ROOTS = 8;
const MAX_LINES = 2000;

/**
 * The secret-named files below the searched folders (folder-walk.ts: nearest first, bounded) that the search reads
 * and its pattern matches; a folder git ignores is entered (a search that honours ignore rules then skips the file
 * found there).
 */
function matchedSecrets(inv: Invocation, r: Reporter, s: Search, valueOnly = false): string[] {
  const regexes = s.patterns.map((p) => (p === undefined ? undefined : asRegex(p, s.dialect)));
  const matches = (text: string): boolean => {
    const lines = text
      .split(/\r?\n/)
      .slice(0, MAX_LINES)
      .filter((l) => secretLine(l));
    // An inverted search prints the other lines; its names or counts answer for the pattern all the same.
    if (s.invert && !valueOnly) return lines.length > 0;
    return regexes.some(
      (re) => re === undefined || lines.some((l) => (valueOnly ? reachesValue(re, l) : re.test(l))),
    );
  };
  const out: string[] = [];
  const roots: string[] = [];
  for (const root of s.roots.slice(0, MAX_ROOTS)) {
    if (!isLiteral(root)) continue;
    const folder = resolveArg(root, inv, r).resolved;
    if (folder !== undefined) roots.push(folder);
  }
  const visit = (folder: string, name: string, abs: string, real: string | undefined): boolean => {
    const named = entryMayNameSecret(abs, real, inv, r);
    // A file a person keeps in the home folder (a script in `~/.local/bin`, a start-up file) may hold a credential
    // in any form and under any name: it is looked inside whatever its name.
    const kept = personWrittenHomeFile(real ?? abs, r.env);
    if (!named && !kept && !mayHoldCredential(name)) return false;
    const chosen = s.include.some((g) => globMatches(g, name));
    if (s.include.length > 0 && !chosen) return false;
    if (s.exclude.some((g) => globMatches(g, name))) return false;
    const overridden = s.overrides === true && chosen;
    if (!s.hidden && !overridden && name.startsWith('.')) return false;
    if (s.ignores && !overridden && gitIgnored(abs, folder, inv, r)) return false;
    // A file whose name says nothing is a secret by its content (a service-account key named `gcp-sa.json`, a
    // key in `deploy-key`), looked at within the analysis's budget: past it, only names count (as past the walk's
    // bound).
    if (
      !named &&
      (kept
        ? homeFileCarries(real ?? abs, r.env, searchBudget(r)) === false
        : holdsSecretContent(real ?? abs, r.env, searchBudget(r)) !== true)
    )
      return false;
    const file = readBudgeted(abs, inv, r);
    if (file?.kind === 'missing' || (file?.kind === 'unreadable' && file.why === 'not-regular')) return false;
    if (file?.kind === 'text' && !matches(file.text)) return false;
    out.push(posix.normalize(abs));
    return false;
  };
  walkFiles(roots, s.hidden || s.overrides === true, inv, r, visit, s.follow);
  for (const glob of s.globs) {
    const at = absoluteGlob(glob.text, inv, r);
    if (at !== undefined)
      globReaches(unprotect(at), inv, r, (abs, name, real) => visit(posix.dirname(abs), name, abs, real));
  }
  return out;
}

/**
 * Does a match of `re` in a secret line reach past the setting's name into its value (`API_KEY=sk-l` does,
 * `API_KEY` does not)? A line with no `=` or `: ` (a key block) is all value.
 */
function reachesValue(re: RegExp, line: string): boolean {
  // The value starts after the first `=` (`//registry/:_authToken=…`, `KEY=…`), else after the first `: `.
  const eq = line.indexOf('=');
  const colon = line.search(/:\s/);
  const valueAt = eq >= 0 ? eq + 1 : colon >= 0 ? colon + 2 : 0;
  const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  for (const m of line.matchAll(global)) if ((m.index ?? 0) + m[0].length > valueAt) return true;
  return false;
}

/**
 * The first secret file a git command that prints contents from history (`git log -p`, `git show`, `git diff
 * <rev>`, `git stash show -p`, `git format-patch`) may print: a secret-named file below `roots` (its pathspecs, or
 * the top of the repository) that git's ignore rules leave, so git may track it, holding a line that may be a
 * secret (`PORT=3000` alone is none). What git tracks is judged by the work tree (a secret committed and later
 * deleted is not seen: known limit), within the walk's bound.
 */
export function historySecret(roots: readonly Word[], inv: Invocation, r: Reporter): string | undefined {
  if (!r.env.readScript) return undefined;
  const s: Search = {
    patterns: [''],
    dialect: 'basic',
    invert: false,
    roots: [...roots],
    noLines: false,
    namesOfMatches: false,
    include: [],
    exclude: [],
    hidden: true,
    ignores: true,
    follow: false,
    globs: [],
  };
  return matchedSecrets(inv, r, s)[0];
}

export function secretSearch(inv: Invocation, r: Reporter): void {
  if (!r.env.readScript) return;
  const s = readSearch(inv);
  if (s === undefined) return;
  // Names, counts or only a status: whether a secret file matches answers for its value when the pattern reaches
  // into it (asked again and again, it spells the secret out); a pattern of a setting's name tells nothing new.
  const first = matchedSecrets(inv, r, s, s.noLines)[0];
  if (first !== undefined) touchPath({ text: first, flow: OPAQUE_FLOW }, 'read', inv, r);
}

/**
 * The secret files whose names a names-only search prints (`grep -rl API_KEY . | xargs cat`): the same files the
 * search would print lines of, for the reader after it (listed-paths.ts).
 */
export function secretNamesListed(inv: Invocation, r: Reporter): string[] {
  if (!r.env.readScript || !SECRET_SEARCH_PROGRAMS().includes(inv.program)) return [];
  const s = readSearch(inv);
  return s?.namesOfMatches ? matchedSecrets(inv, r, s) : [];
}
