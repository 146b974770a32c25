/**
 * Resolves a path word against cwd, `~` and $HOME and puts it in a class: sensitive, temp, workspace, home,
 * system or outside, by the path table in the ShellEnv (rules/check-paths.json, loaded at the seam). Also
 * compiles the table's self-modification and persistence patterns. Pure: no file system access, no environment;
 * symlinks are followed only through the ShellEnv's injected `realpath` (the real path is classed too, and the
 * stricter class wins).
 */

import { isUnder } from '../../core';
import type { PathClass, ShellEnv, ShellPathTable } from '../types';
import { DYN, hasGlob, unprotect } from '../walk/markers';

/**
 * Bare name globs (`.env`, `*.pem`, `service-account*.json`), matched against one path component or a file's
 * name (never holding a `/`). A fresh hook process classes a handful of paths: compiling the table's names into
 * one case-insensitive alternation and running it cost more than the rest of the analysis, so literal names are
 * looked up in a set and `*suffix` names by `endsWith`; only the other globs become a regular expression, built
 * on first use. The answer is the alternation's (`regex()`), which `matchesSet`'s test compares on generated
 * paths: a name or glob that is not ASCII, and any name tested that is not, go to the alternation, since
 * `toLowerCase` and a regular expression's `i` fold some non-ASCII letters differently.
 */
export interface NameMatcher {
  /** Whether it has any glob at all (a set without one never matches). */
  readonly any: boolean;
  readonly globs: readonly string[];
  readonly flags: string;
  test(name: string): boolean;
  /** All the globs as one anchored alternation, as `test` answers (built on first use). */
  regex(): RegExp;
}

/**
 * Compiled patterns of one table key: absolute prefixes; bare names matching any component (a folder or the
 * file); bare names matching the file's own name only; one regular expression over the whole path for prefixes
 * with a glob (`/proc/<pid>/environ`) and component sequences (`.git/modules/<any folders>/hooks`).
 */
export interface PatternSet {
  prefixes: readonly string[];
  /** `prefixes` as a set, looked up by each ancestor of a path (a path is tested against dozens of prefixes). */
  prefixSet: ReadonlySet<string>;
  names: NameMatcher;
  files: NameMatcher;
  paths: PathMatcher;
  /** Prefixes lower-cased, when the set matches case-insensitively (secret names: `.ENV` opens `.env` on macOS). */
  lowerPrefixes?: ReadonlySet<string>;
}

export interface PathScope {
  cwd: string;
  home: string;
  workspaceRoots: readonly string[];
  tempDirs: readonly string[];
  systemRoots: readonly string[];
  sensitive: PatternSet;
  exceptions: NameMatcher;
  selfModification: PatternSet;
  persistence: PatternSet;
  /** The ShellEnv's symlink resolver, if any. */
  realpath?: (abs: string) => string | undefined | null;
}

export interface ResolvedPath {
  resolved?: string;
  class: PathClass;
  glob: boolean;
  /** Where `resolved` really leads, when a symlink on its way points elsewhere. */
  real?: string;
  /** The symlink resolver gave up on the way (too deep, a loop, unreadable): classed `sensitive`, uncertain. */
  unresolved?: boolean;
}

/** Longer than PATH_MAX: no system call takes it, and gavel does not walk it. */
export const MAX_PATH_LENGTH = 4096;

const NEVER = /$^/;

function globBody(glob: string): string {
  return glob
    .split('**/')
    .map((part) =>
      part
        .replace(/[.+^${}()|\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]'),
    )
    .join('(?:[^/]*/)*');
}

function globsToRegExp(globs: readonly string[], flags = ''): RegExp {
  return globs.length === 0 ? NEVER : new RegExp(`^(?:${globs.map(globBody).join('|')})$`, flags);
}

/** No glob character: the name matches itself only (globBody escapes every other regular expression character). */
const LITERAL = /^[^*?[\]]*$/;
const NON_ASCII = /[\u0080-\uffff]/;

/** See NameMatcher. */
export function nameMatcher(globs: readonly string[], flags = ''): NameMatcher {
  const fold = flags.includes('i');
  const literals = new Set<string>();
  const suffixes: string[] = [];
  const rest: string[] = [];
  for (const g of globs) {
    if (fold && NON_ASCII.test(g)) rest.push(g);
    else if (LITERAL.test(g)) literals.add(fold ? g.toLowerCase() : g);
    else if (g.startsWith('*') && LITERAL.test(g.slice(1)))
      suffixes.push(fold ? g.slice(1).toLowerCase() : g.slice(1));
    else rest.push(g);
  }
  let whole: RegExp | undefined;
  let others: RegExp | undefined;
  const regex = (): RegExp => {
    whole ??= globsToRegExp(globs, flags);
    return whole;
  };
  return {
    any: globs.length > 0,
    globs,
    flags,
    regex,
    test(name: string): boolean {
      if (globs.length === 0) return false;
      if (fold && NON_ASCII.test(name)) return regex().test(name);
      const key = fold ? name.toLowerCase() : name;
      if (literals.has(key)) return true;
      for (const s of suffixes) if (key.endsWith(s)) return true;
      if (rest.length === 0) return false;
      others ??= globsToRegExp(rest, flags);
      return others.test(name);
    },
  };
}

/**
 * Whole-path patterns (prefixes with a glob, component sequences such as `.git/modules/<any folders>/hooks`), each a
 * regular expression of its own built on first use, tried only on a path holding the pattern's longest literal run
 * (`.git/modules/`, lower-cased when the set ignores case): every match of the pattern contains it. A fresh hook
 * process classes a handful of paths; compiling the table's patterns into one case-insensitive alternation cost
 * about 0.8 ms on its first run, for paths that hold none of the literals. `regex()` is that alternation, which
 * `test` answers as (a literal that is not ASCII is no filter: its pattern is always tried).
 */
export interface PathMatcher {
  /** Each pattern's regular expression source and the glob it was made from. */
  readonly entries: readonly PathPattern[];
  readonly flags: string;
  test(path: string): boolean;
  /** Every pattern as one alternation, as `test` answers (built on first use). */
  regex(): RegExp;
}

export interface PathPattern {
  source: string;
  glob: string;
}

/** The longest run of a glob's text between its wildcards, lower-cased when `fold`; empty when none is ASCII. */
function longestLiteral(glob: string, fold: boolean): string {
  let best = '';
  for (const run of glob.split(/[*?[\]]+/)) if (run.length > best.length) best = run;
  if (NON_ASCII.test(best)) return '';
  return fold ? best.toLowerCase() : best;
}

function pathMatcher(entries: readonly PathPattern[], flags: string): PathMatcher {
  const fold = flags.includes('i');
  const literals = entries.map((e) => longestLiteral(e.glob, fold));
  const compiled: (RegExp | undefined)[] = entries.map(() => undefined);
  let whole: RegExp | undefined;
  return {
    entries,
    flags,
    regex: () => {
      whole ??= entries.length === 0 ? NEVER : new RegExp(entries.map((e) => e.source).join('|'), flags);
      return whole;
    },
    test(path: string): boolean {
      if (entries.length === 0) return false;
      const key = fold ? path.toLowerCase() : path;
      for (let i = 0; i < entries.length; i++) {
        const literal = literals[i] as string;
        if (literal !== '' && !key.includes(literal)) continue;
        let re = compiled[i];
        if (!re) {
          re = new RegExp((entries[i] as PathPattern).source, flags);
          compiled[i] = re;
        }
        if (re.test(path)) return true;
      }
      return false;
    },
  };
}

/** What `normalize` changes in an absolute path: an empty, `.` or `..` component, or a trailing `/`. */
const NEEDS_NORMALIZING = /\/\/|\/\.\.?(?:\/|$)|.\/$/;

export function normalize(path: string): string {
  if (path.startsWith('/') && !NEEDS_NORMALIZING.test(path)) return path;
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
}

/**
 * `~/x` is under home, `/x` absolute, `./x` under each workspace root (a glob in them is matched over the whole
 * path); a bare `a/b` is that sequence of components anywhere; a bare `x/` is a folder of that name anywhere; a
 * bare `x` names any component, or with `bareIsFile` the file's own name only (a secret is a file: a virtualenv
 * folder named `.env` is not one).
 */
function compilePatterns(
  patterns: readonly string[],
  home: string,
  roots: readonly string[],
  bareIsFile = false,
  flags = '',
): PatternSet {
  const prefixes: string[] = [];
  const names: string[] = [];
  const files: string[] = [];
  const paths: PathPattern[] = [];
  const prefix = (abs: string) => {
    const at = normalize(abs);
    if (/[*?]/.test(abs)) paths.push({ source: `^${globBody(at)}(?:/|$)`, glob: at });
    else prefixes.push(at);
  };
  for (const p of patterns) {
    if (p.startsWith('~/')) prefix(`${home}/${p.slice(2)}`);
    else if (p.startsWith('/')) prefix(p);
    else if (p.startsWith('./')) for (const r of roots) prefix(`${r}/${p.slice(2)}`);
    else if (p.endsWith('/') && !p.slice(0, -1).includes('/')) names.push(p.slice(0, -1));
    else if (p.includes('/')) {
      const glob = p.replace(/\/+$/, '');
      paths.push({ source: `(?:^|/)${globBody(glob)}(?:/|$)`, glob });
    } else (bareIsFile ? files : names).push(p);
  }
  return {
    prefixes,
    prefixSet: new Set(prefixes),
    names: nameMatcher(names, flags),
    files: nameMatcher(files, flags),
    paths: pathMatcher(paths, flags),
    ...(flags.includes('i') ? { lowerPrefixes: new Set(prefixes.map((p) => p.toLowerCase())) } : {}),
  };
}

function mergeSets(a: PatternSet, b: PatternSet): PatternSet {
  const names = (x: NameMatcher, y: NameMatcher) =>
    !y.any ? x : !x.any ? y : nameMatcher([...x.globs, ...y.globs], x.flags || y.flags);
  const prefixes = [...a.prefixes, ...b.prefixes];
  return {
    prefixes,
    prefixSet: new Set(prefixes),
    names: names(a.names, b.names),
    files: names(a.files, b.files),
    paths: pathMatcher([...a.paths.entries, ...b.paths.entries], a.paths.flags || b.paths.flags),
    ...(a.lowerPrefixes || b.lowerPrefixes
      ? { lowerPrefixes: new Set(prefixes.map((p) => p.toLowerCase())) }
      : {}),
  };
}

/**
 * Whether `path` is at or below one of the set's prefixes, as `isUnder` says: the prefixes are normalized (no
 * trailing `/`), so that is `path` itself or one of its leading parts ending just before a `/` being one of them.
 */
function underPrefix(path: string, prefixes: ReadonlySet<string>): boolean {
  if (prefixes.size === 0) return false;
  if (prefixes.has('/') || prefixes.has(path)) return true;
  for (let i = path.indexOf('/', 1); i > 0; i = path.indexOf('/', i + 1))
    if (prefixes.has(path.slice(0, i))) return true;
  return false;
}

/** Whether a component of `path` (between slashes, never empty) matches `names`. */
function componentMatches(path: string, names: NameMatcher): boolean {
  let start = 0;
  for (;;) {
    const end = path.indexOf('/', start);
    const stop = end < 0 ? path.length : end;
    if (stop > start && names.test(path.slice(start, stop))) return true;
    if (end < 0) return false;
    start = end + 1;
  }
}

/** True when `path` is at or below a prefix, or matches a name, a file name or a whole-path pattern. */
export function matchesSet(path: string, set: PatternSet): boolean {
  if (underPrefix(path, set.prefixSet)) return true;
  if (set.lowerPrefixes && underPrefix(path.toLowerCase(), set.lowerPrefixes)) return true;
  if (set.paths.test(path)) return true;
  if (set.files.any && set.files.test(path.slice(path.lastIndexOf('/') + 1))) return true;
  if (!set.names.any) return false;
  return componentMatches(path, set.names);
}

export function makePathScope(env: ShellEnv): PathScope {
  const home = normalize(env.home);
  const table: ShellPathTable = env.paths;
  const temps = [...new Set([...env.tempDirs, ...table.temp_dirs, ...table.scratch_devices].map(normalize))];
  // INVARIANT: home, `/` and their ancestors are never a workspace, whatever the harness says.
  const workspaceRoots = env.workspaceRoots.map(normalize).filter((r) => r !== '/' && !isUnder(home, r));
  // The agent's own files and the persistence points matter to writes only: compiled on first use (a read or a
  // command that writes nothing never pays for their ~160 patterns), from the lists as they are now.
  const selfPatterns = [
    ...table.self_modification,
    ...(env.selfPaths ?? []).filter((p) => p.startsWith('/')),
  ];
  let selfModification: PatternSet | undefined;
  let persistence: PatternSet | undefined;
  return {
    cwd: normalize(env.cwd),
    home,
    workspaceRoots,
    tempDirs: temps.filter((t) => t !== '/'),
    systemRoots: table.system_roots.map(normalize),
    // The table's bare names are files; a user's `[check] sensitive` name also covers a folder of that name.
    // Secret names match in any case: a case-insensitive file system (macOS, Windows) opens `.env` for `.ENV`.
    sensitive: mergeSets(
      compilePatterns(table.sensitive, home, workspaceRoots, true, 'i'),
      compilePatterns(env.sensitivePaths ?? [], home, workspaceRoots, false, 'i'),
    ),
    exceptions: nameMatcher(table.sensitive_exceptions, 'i'),
    // In any case too: on a case-insensitive file system `.GIT/hooks/pre-commit` is the hook, `.Claude` the settings.
    get selfModification() {
      selfModification ??= compilePatterns(selfPatterns, home, workspaceRoots, false, 'i');
      return selfModification;
    },
    get persistence() {
      persistence ??= compilePatterns(table.persistence, home, workspaceRoots, false, 'i');
      return persistence;
    },
    ...(env.realpath ? { realpath: env.realpath } : {}),
  };
}

export function isSensitive(path: string, scope: PathScope): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (scope.exceptions.test(base)) return false;
  return matchesSet(path, scope.sensitive);
}

/**
 * isSensitive for many files of few folders (a walk's entries): what depends on the folder alone (a prefix or a
 * component name above the file) is found once per folder. Same answer as `isSensitive(path)`, and as classOf's
 * `sensitive` for paths outside /proc.
 */
export function isSensitiveEntry(path: string, scope: PathScope): boolean {
  const cut = path.lastIndexOf('/');
  if (cut <= 0 || path.startsWith('/proc/')) return classOf(path, scope) === 'sensitive';
  const name = path.slice(cut + 1);
  if (name === '' || scope.exceptions.test(name)) return false;
  const set = scope.sensitive;
  if (set.prefixSet.has(path) || set.lowerPrefixes?.has(path.toLowerCase())) return true;
  if (set.files.any && set.files.test(name)) return true;
  if (set.names.any && set.names.test(name)) return true;
  if (set.paths.test(path)) return true;
  return folderSensitive(path.slice(0, cut), scope);
}

function folderSensitive(folder: string, scope: PathScope): boolean {
  let known = folders.get(scope);
  if (!known) {
    known = new Map();
    folders.set(scope, known);
  }
  let hit = known.get(folder);
  if (hit === undefined) {
    const set = scope.sensitive;
    hit =
      underPrefix(folder, set.prefixSet) ||
      (set.lowerPrefixes !== undefined && underPrefix(folder.toLowerCase(), set.lowerPrefixes)) ||
      (set.names.any && componentMatches(folder, set.names));
    if (known.size >= MAX_CLASSES) known.clear();
    known.set(folder, hit);
  }
  return hit;
}
const folders = new WeakMap<PathScope, Map<string, boolean>>();

/** The deepest root of `roots` that holds `path` (its length), or -1. */
function depthIn(path: string, roots: readonly string[]): number {
  let best = -1;
  for (const r of roots) if (r.length > best && isUnder(path, r)) best = r.length;
  return best;
}

/**
 * Sensitive wins; then the deepest of the workspace, temp and home roots that holds the path (a project or a
 * home under /tmp is not temp; a TMPDIR under home is temp; ties: workspace, temp, home); then system.
 */
export function classOf(path: string, scope: PathScope): PathClass {
  let known = classes.get(scope);
  if (!known) {
    known = new Map();
    classes.set(scope, known);
  }
  let cls = known.get(path);
  if (cls === undefined) {
    cls = classOfPath(path, scope);
    if (known.size >= MAX_CLASSES) known.clear();
    known.set(path, cls);
  }
  return cls;
}

/**
 * A path's class depends on the path and the scope alone, and a scope is never changed once made (scopeFor keeps
 * them per environment): the classes found are remembered per scope, a bounded number of paths. The same paths
 * recur across the words of a command and across commands (a third of an in-process decision was classing).
 */
const classes = new WeakMap<PathScope, Map<string, PathClass>>();
const MAX_CLASSES = 4096;

function classOfPath(path: string, scope: PathScope): PathClass {
  const through = procAlias(path, scope);
  if (through !== undefined) return stricterClass('system', classOf(through, scope));
  if (isSensitive(path, scope)) return 'sensitive';
  return placeOf(path, scope);
}

/** Where a path lies (workspace, temp, home, system, outside), whatever its name says of secrets. */
export function placeOf(path: string, scope: PathScope): PathClass {
  const work = depthIn(path, scope.workspaceRoots);
  const temp = depthIn(path, scope.tempDirs);
  const home = isUnder(path, scope.home) ? scope.home.length : -1;
  if (work >= 0 && work >= temp && work >= home) return 'workspace';
  if (temp >= 0 && temp >= home) return 'temp';
  if (home >= 0) return 'home';
  if (path === '/' || scope.systemRoots.some((s) => isUnder(path, s))) return 'system';
  return 'outside';
}

/**
 * A process's root and cwd links under /proc reach the file system again (`/proc/self/root/home/u/.ssh` is
 * `~/.ssh`): the path they stand for, or undefined. Another process's cwd is unknown: it counts as `/`.
 */
function procAlias(path: string, scope: PathScope): string | undefined {
  if (!path.startsWith('/proc/')) return undefined;
  const m = /^\/proc\/(self|thread-self|\d+)(?:\/task\/\d+)?\/(root|cwd)(?=\/|$)/.exec(path);
  if (!m) return undefined;
  const rest = path.slice(m[0].length);
  const own = m[1] === 'self' || m[1] === 'thread-self';
  const base = m[2] === 'cwd' && own ? scope.cwd : '/';
  return normalize(`${base}${rest}`);
}

/** Strictness of a class, least first: a path that is two things at once is the stricter one. */
const STRICTNESS: readonly PathClass[] = ['workspace', 'temp', 'home', 'outside', 'system', 'sensitive'];

export function stricterClass(a: PathClass, b: PathClass): PathClass {
  return STRICTNESS.indexOf(a) >= STRICTNESS.indexOf(b) ? a : b;
}

/**
 * The real path of `path` by the scope's resolver, when it differs; a resolver that throws tells nothing; null
 * when the resolver gave up (a chain too deep, a loop, an unreadable link): where the path leads is unknown.
 */
export function realOf(path: string, scope: PathScope): string | undefined | null {
  if (!scope.realpath) return undefined;
  let real: string | undefined | null;
  try {
    real = scope.realpath(path);
  } catch {
    return undefined;
  }
  if (real === null) return null;
  if (typeof real !== 'string' || !real.startsWith('/')) return undefined;
  const normal = normalize(real);
  return normal === path ? undefined : normal;
}

/**
 * The path the kernel reaches: a `..` climbs from where the path so far really leads (`homelink/../x` is beside
 * home, not beside the link). Undefined when there is no `..` after the first component, or no resolver.
 */
function physical(absolute: string, scope: PathScope): string | undefined {
  if (!scope.realpath || !absolute.includes('..')) return undefined;
  const parts = absolute.split('/');
  if (!parts.includes('..')) return undefined;
  let cur = '/';
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      cur = realOf(cur, scope) ?? cur;
      cur = cur.slice(0, cur.lastIndexOf('/')) || '/';
    } else cur = cur === '/' ? `/${part}` : `${cur}/${part}`;
  }
  return cur;
}

/** Classes a resolved path and, when a symlink leads elsewhere, its real path too: the stricter class wins. */
export function classifyResolved(
  resolved: string,
  scope: PathScope,
  glob: boolean,
  absolute: string = resolved,
): ResolvedPath {
  const cls = classOf(resolved, scope);
  const climbed = physical(absolute, scope);
  const real = climbed === undefined ? realOf(resolved, scope) : (realOf(climbed, scope) ?? climbed);
  // Resolution gave up: the path may lead anywhere, a secret too. Never classed as written.
  if (real === null) return { resolved, class: 'sensitive', glob, unresolved: true };
  if (real === undefined || real === resolved) return { resolved, class: cls, glob };
  return { resolved, class: stricterClass(cls, classOf(real, scope)), glob, real };
}

/**
 * Resolves a decoded word (markers in place). Dynamic text makes the path unresolved (class `outside`)
 * unless it only follows a resolved folder (`/tmp/$x` stays in temp, `/tmp/$x/../..` does not).
 */
export function resolvePath(word: string, scope: PathScope, cwd: string = scope.cwd): ResolvedPath {
  const at = locate(word, scope, cwd);
  return at.absolute === undefined
    ? { class: 'outside', glob: at.glob }
    : classifyResolved(normalize(at.absolute), scope, at.glob, at.absolute);
}

/** Where resolvePath puts a word (its `resolved`), without classing it: for callers that need the path only. */
export function resolvedPathOf(word: string, scope: PathScope, cwd: string = scope.cwd): string | undefined {
  const at = locate(word, scope, cwd);
  return at.absolute === undefined ? undefined : normalize(at.absolute);
}

/** The absolute path a word stands for before normalizing (undefined: unresolved), and whether it is a glob. */
function locate(word: string, scope: PathScope, cwd: string): { absolute?: string; glob: boolean } {
  if (word.length > MAX_PATH_LENGTH || cwd.length > MAX_PATH_LENGTH) return { glob: false };
  let text = word;
  if (text === '~' || text.startsWith('~/')) text = scope.home + text.slice(1);
  else if (text.startsWith('~')) {
    const slash = text.indexOf('/');
    const user = slash < 0 ? text.slice(1) : text.slice(1, slash);
    const rest = slash < 0 ? '' : text.slice(slash);
    // `~+` is the working folder, `~-` the previous one (unknown here); `~root` is root's home wherever HOME
    // points; another user's home is taken to sit beside this one.
    if (user === '+') text = cwd + rest;
    else if (user === '-' || /^[+-]?\d+$/.test(user)) return { glob: false };
    else if (user === 'root') text = `/root${rest}`;
    else text = `${scope.home.slice(0, scope.home.lastIndexOf('/')) || ''}/${user}${rest}`;
  }
  const glob = hasGlob(text);
  const dyn = text.indexOf(DYN);
  const globAt = text.search(/[*?[]/);
  const cut = Math.min(dyn < 0 ? Infinity : dyn, globAt < 0 ? Infinity : globAt);
  let literal = unprotect(text);
  if (cut !== Infinity) {
    // Keep the folder before the first dynamic or glob component; a later `..` could climb out of it.
    const rest = text.slice(cut);
    if (dyn === 0 || /(^|\/)\.\.(\/|$)/.test(rest)) return { glob };
    literal = unprotect(text.slice(0, cut));
    literal = literal.slice(0, literal.lastIndexOf('/') + 1) || (literal.startsWith('/') ? '/' : '.');
  }
  return { absolute: literal.startsWith('/') ? literal : `${cwd}/${literal}`, glob };
}

/**
 * Path scopes compile regular expressions: per path table, keep the last few, found by the environment's content
 * (compared field by field: a server gets a new environment object with every request, and serializing it to a
 * key cost more than the comparison). A scope holds its resolver: two environments share one only when they
 * share the resolver too.
 */
interface KeptScope {
  cwd: string;
  home: string;
  workspaceRoots: readonly string[];
  tempDirs: readonly string[];
  sensitivePaths: readonly string[];
  selfPaths: readonly string[];
  realpath: ShellEnv['realpath'];
  scope: PathScope;
}
const MAX_KEPT_SCOPES = 32;
const NO_PATHS: readonly string[] = [];
const scopesByTable = new WeakMap<ShellEnv['paths'], KeptScope[]>();
/** The scope last given, for the environment it was given for (one slot: see scopeFor). */
let lastScope: { env: ShellEnv; scope: PathScope } | undefined;

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function keeps(k: KeptScope, env: ShellEnv): boolean {
  return (
    k.cwd === env.cwd &&
    k.home === env.home &&
    k.realpath === env.realpath &&
    sameList(k.workspaceRoots, env.workspaceRoots) &&
    sameList(k.tempDirs, env.tempDirs) &&
    sameList(k.sensitivePaths, env.sensitivePaths ?? NO_PATHS) &&
    sameList(k.selfPaths, env.selfPaths ?? NO_PATHS)
  );
}

export function scopeFor(env: ShellEnv): PathScope {
  // The same environment asks again and again within one analysis; a weak table keyed by every environment (one
  // per request) cost more than the search of the kept scopes below (ADR 0094).
  if (lastScope?.env === env) return lastScope.scope;
  let kept = scopesByTable.get(env.paths);
  if (!kept) {
    kept = [];
    scopesByTable.set(env.paths, kept);
  }
  let scope = kept.find((k) => keeps(k, env))?.scope;
  if (!scope) {
    scope = makePathScope(env);
    if (kept.length >= MAX_KEPT_SCOPES) kept.shift();
    // Copies: the caller's arrays may change after this call; the kept content must not.
    kept.push({
      cwd: env.cwd,
      home: env.home,
      workspaceRoots: [...env.workspaceRoots],
      tempDirs: [...env.tempDirs],
      sensitivePaths: [...(env.sensitivePaths ?? NO_PATHS)],
      selfPaths: [...(env.selfPaths ?? NO_PATHS)],
      realpath: env.realpath,
      scope,
    });
  }
  lastScope = { env, scope };
  return scope;
}
