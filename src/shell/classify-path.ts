/**
 * Resolves a path word against cwd, `~` and $HOME and puts it in a class: sensitive, temp, workspace, home,
 * system or outside. Pure: no file system access (symlinks are not followed), no environment.
 */

import { SENSITIVE_EXCEPTIONS, SENSITIVE_PATHS } from './data/sensitive-paths';
import { DEFAULT_TEMP_DIRS, SYSTEM_ROOTS } from './data/system-roots';
import { DYN, hasGlob, unprotect } from './markers';
import type { PathClass, ShellEnv } from './types';

export interface PathScope {
  cwd: string;
  home: string;
  workspaceRoots: readonly string[];
  tempDirs: readonly string[];
  sensitivePrefixes: readonly string[];
  /** One alternation of every basename pattern, so a path costs one test. */
  sensitiveNames: RegExp;
  exceptions: RegExp;
}

export interface ResolvedPath {
  resolved?: string;
  class: PathClass;
  glob: boolean;
}

function globBody(glob: string): string {
  return glob
    .replace(/[.+^${}()|\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]');
}

function globsToRegExp(globs: readonly string[]): RegExp {
  return globs.length === 0 ? /$^/ : new RegExp(`^(?:${globs.map(globBody).join('|')})$`);
}

export function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
}

export function isUnder(path: string, root: string): boolean {
  return root === '/' || path === root || path.startsWith(`${root}/`);
}

export function makePathScope(env: ShellEnv): PathScope {
  const home = normalize(env.home);
  const expand = (p: string) => (p.startsWith('~/') ? `${home}/${p.slice(2)}` : p);
  const patterns = [...SENSITIVE_PATHS, ...(env.sensitivePaths ?? [])];
  const temps = [...new Set([...env.tempDirs.map(normalize), ...DEFAULT_TEMP_DIRS])];
  return {
    cwd: normalize(env.cwd),
    home,
    // INVARIANT: home, `/` and their ancestors are never a workspace, whatever the harness says.
    workspaceRoots: env.workspaceRoots.map(normalize).filter((r) => r !== '/' && !isUnder(home, r)),
    tempDirs: temps.filter((t) => t !== '/'),
    sensitivePrefixes: patterns
      .filter((p) => p.startsWith('~/') || p.startsWith('/'))
      .map((p) => normalize(expand(p))),
    sensitiveNames: globsToRegExp(patterns.filter((p) => !p.includes('/'))),
    exceptions: globsToRegExp(SENSITIVE_EXCEPTIONS),
  };
}

export function isSensitive(path: string, scope: PathScope): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (scope.exceptions.test(base)) return false;
  if (scope.sensitivePrefixes.some((p) => isUnder(path, p))) return true;
  return scope.sensitiveNames.test(base);
}

export function classOf(path: string, scope: PathScope): PathClass {
  if (isSensitive(path, scope)) return 'sensitive';
  // INVARIANT: the most specific root wins, so a home or workspace that sits in a temp folder (a CI
  // runner, a sandbox) is still home or workspace, and a temp folder inside home is still temp.
  let best: { length: number; cls: PathClass } | undefined;
  const consider = (root: string, cls: PathClass) => {
    if (isUnder(path, root) && (!best || root.length > best.length)) best = { length: root.length, cls };
  };
  for (const t of scope.tempDirs) consider(t, 'temp');
  for (const w of scope.workspaceRoots) consider(w, 'workspace');
  consider(scope.home, 'home');
  if (best) return best.cls;
  if (path === '/' || SYSTEM_ROOTS.some((s) => isUnder(path, s))) return 'system';
  return 'outside';
}

/**
 * Resolves a decoded word (markers in place). Dynamic text makes the path unresolved (class `outside`)
 * unless it only follows a resolved folder (`/tmp/$x` stays in temp, `/tmp/$x/../..` does not).
 */
export function resolvePath(word: string, scope: PathScope, cwd: string = scope.cwd): ResolvedPath {
  let text = word;
  if (text === '~' || text.startsWith('~/')) text = scope.home + text.slice(1);
  else if (text.startsWith('~')) {
    const slash = text.indexOf('/');
    const user = slash < 0 ? text.slice(1) : text.slice(1, slash);
    text = `${scope.home.slice(0, scope.home.lastIndexOf('/')) || ''}/${user}${slash < 0 ? '' : text.slice(slash)}`;
  }
  const glob = hasGlob(text);
  const dyn = text.indexOf(DYN);
  const globAt = text.search(/[*?[]/);
  const cut = Math.min(dyn < 0 ? Infinity : dyn, globAt < 0 ? Infinity : globAt);
  let literal = unprotect(text);
  if (cut !== Infinity) {
    // Keep the folder before the first dynamic or glob component; a later `..` could climb out of it.
    const rest = text.slice(cut);
    if (dyn === 0 || /(^|\/)\.\.(\/|$)/.test(rest)) return { class: 'outside', glob };
    literal = unprotect(text.slice(0, cut));
    literal = literal.slice(0, literal.lastIndexOf('/') + 1) || (literal.startsWith('/') ? '/' : '.');
  }
  const absolute = literal.startsWith('/') ? literal : `${cwd}/${literal}`;
  const resolved = normalize(absolute);
  return { resolved, class: classOf(resolved, scope), glob };
}
