/**
 * Resolves a path as written against cwd, `~` and $HOME, and classes it: sensitive, workspace, temp, home,
 * system or outside (the same classes as src/shell). Also tells whether a path is the agent's own
 * configuration or a persistence point. Pure: string arithmetic only, never touches the file system.
 * Order: sensitive wins over everything; then workspace, temp (scratch devices such as /dev/null count as temp),
 * home, system; anything else is outside.
 */

import { posix } from 'node:path';
import type { PathClass } from '../../shell/types';
import type { PathTable } from './path-table';

const BRACED_HOME = '$' + '{HOME}';

export interface PathEnv {
  cwd: string;
  home: string;
  workspaceRoots: readonly string[];
  /** Temp folders from the environment and config, besides the table's. */
  tempDirs: readonly string[];
  /** Extra sensitive patterns from config. */
  sensitive: readonly string[];
}

/** Absolute, normalized form of `raw`; `~`, `~/x`, `$HOME/x` and `${HOME}/x` expand to home. */
export function resolvePath(raw: string, cwd: string, home: string): string {
  let p = raw;
  if (p === '~' || p.startsWith('~/')) p = home + p.slice(1);
  else if (p === '$HOME' || p.startsWith('$HOME/')) p = home + p.slice(5);
  else if (p === BRACED_HOME || p.startsWith(`${BRACED_HOME}/`)) p = home + p.slice(7);
  return posix.resolve(cwd, p);
}

export function isUnder(path: string, root: string): boolean {
  const r = root.length > 1 && root.endsWith('/') ? root.slice(0, -1) : root;
  return path === r || path.startsWith(r === '/' ? '/' : `${r}/`);
}

const compiled = new Map<string, RegExp>();

/** `*` any run without `/`, `?` one such character; compiled once per pattern. */
function globToRegExp(glob: string): RegExp {
  let re = compiled.get(glob);
  if (!re) {
    const body = glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]');
    re = new RegExp(`^${body}$`);
    compiled.set(glob, re);
  }
  return re;
}

/** True when `abs` matches one pattern: `~/x`, `/x` and `./x` cover a folder and all below; a bare pattern a basename. */
export function matchesPattern(
  abs: string,
  pattern: string,
  env: Pick<PathEnv, 'home' | 'workspaceRoots'>,
): boolean {
  if (pattern.startsWith('~/')) return isUnder(abs, posix.join(env.home, pattern.slice(2)));
  if (pattern.startsWith('/')) return isUnder(abs, posix.normalize(pattern));
  if (pattern.startsWith('./'))
    return env.workspaceRoots.some((root) => isUnder(abs, posix.join(root, pattern.slice(2))));
  return globToRegExp(pattern).test(posix.basename(abs));
}

interface PatternSet {
  /** Absolute folders or files: a path matches when it is one of them or below one. */
  prefixes: string[];
  /** Basename patterns. */
  bases: RegExp[];
}

const sets = new WeakMap<readonly string[], Map<string, PatternSet>>();

/** The patterns resolved for one home and set of workspace roots, compiled once and reused. */
function patternSet(patterns: readonly string[], env: Pick<PathEnv, 'home' | 'workspaceRoots'>): PatternSet {
  const key = `${env.home}\0${env.workspaceRoots.join('\0')}`;
  let byEnv = sets.get(patterns);
  if (!byEnv) {
    byEnv = new Map();
    sets.set(patterns, byEnv);
  }
  let set = byEnv.get(key);
  if (!set) {
    const built: PatternSet = { prefixes: [], bases: [] };
    for (const p of patterns) {
      if (p.startsWith('~/')) built.prefixes.push(posix.join(env.home, p.slice(2)));
      else if (p.startsWith('/')) built.prefixes.push(posix.normalize(p));
      else if (p.startsWith('./'))
        for (const root of env.workspaceRoots) built.prefixes.push(posix.join(root, p.slice(2)));
      else built.bases.push(globToRegExp(p));
    }
    set = built;
    byEnv.set(key, set);
  }
  return set;
}

const anyMatch = (
  abs: string,
  patterns: readonly string[],
  env: Pick<PathEnv, 'home' | 'workspaceRoots'>,
) => {
  const set = patternSet(patterns, env);
  if (set.prefixes.some((p) => isUnder(abs, p))) return true;
  if (set.bases.length === 0) return false;
  const base = posix.basename(abs);
  return set.bases.some((re) => re.test(base));
};

export function isSensitive(abs: string, env: PathEnv, table: PathTable): boolean {
  const base = posix.basename(abs);
  if (table.sensitive_exceptions.some((p) => globToRegExp(p).test(base))) return false;
  return anyMatch(abs, table.sensitive, env) || anyMatch(abs, env.sensitive, env);
}

export function classifyPath(abs: string, env: PathEnv, table: PathTable): PathClass {
  if (isSensitive(abs, env, table)) return 'sensitive';
  if (table.scratch_devices.some((t) => isUnder(abs, t))) return 'temp';
  // INVARIANT: the most specific root wins, so a home or workspace that sits in a temp folder (a CI
  // runner, a sandbox) is still home or workspace, and a temp folder inside home is still temp.
  let best: { length: number; cls: PathClass } | undefined;
  const consider = (root: string, cls: PathClass) => {
    if (isUnder(abs, root) && (!best || root.length > best.length)) best = { length: root.length, cls };
  };
  for (const t of [...table.temp_dirs, ...env.tempDirs]) consider(t, 'temp');
  for (const w of env.workspaceRoots) consider(w, 'workspace');
  consider(env.home, 'home');
  if (best) return best.cls;
  if (abs === '/' || table.system_roots.some((r) => isUnder(abs, r))) return 'system';
  return 'outside';
}

/** The agent's or gavel's own configuration and hooks. */
export function isSelfModification(abs: string, env: PathEnv, table: PathTable): boolean {
  return anyMatch(abs, table.self_modification, env);
}

/** Shell rc files, cron, services, launch agents, authorized_keys. */
export function isPersistencePoint(abs: string, env: PathEnv, table: PathTable): boolean {
  return anyMatch(abs, table.persistence, env);
}
