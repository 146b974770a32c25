/**
 * What a search tool's pattern reaches (Grep's `glob`, Glob's and find's `pattern`): the folder it starts in,
 * the sensitive folders its components can walk into, and whether the files it names are secrets
 * (`**\/*.pem`, `.env*`, `id_*`, `~/.ssh/*`). Pure and bounded (pattern length, brace alternatives, components).
 * Never decides a category alone: path-categories turns the answer into one.
 */

import type { PathClass } from '../types';
import { expandBraces } from '../walk/expand-braces';
import { classOf, isSensitive, normalize, type PathScope } from './classify-path';
import { globIsGeneric, globsIntersect } from './glob-intersect';

export const MAX_GLOB = 1024;
const MAX_ALTERNATIVES = 32;
const MAX_COMPONENTS = 64;

export interface GlobReach {
  /** The literal folder the pattern starts in; undefined when it may climb out of it. */
  root?: string;
  class: PathClass;
  /** The pattern names or walks into a secret. */
  secret: boolean;
}

const WILD = /[*?[]/;

function componentRegExp(glob: string): RegExp | undefined {
  const body = glob
    .replace(/[.+^${}()|\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]')
    .replace(/\[!/g, '[^');
  try {
    return new RegExp(`^(?:${body})$`);
  } catch {
    return undefined;
  }
}

/**
 * Per glob component, whether it can match a literal component (an unreadable class matches: fail closed). A
 * wildcard component's expression is built on its first test and kept for the pattern's other tests: the
 * pattern is tested against every sensitive folder, each component many times.
 */
function componentTests(globs: readonly string[]): ((literal: string) => boolean)[] {
  return globs.map((glob) => {
    if (!WILD.test(glob)) return (literal) => glob === literal;
    let re: RegExp | undefined | null = null;
    return (literal) => {
      if (re === null) re = componentRegExp(glob);
      return re?.test(literal) ?? true;
    };
  });
}

/** Whether the pattern's components can reach `target` (a folder at or below the pattern's root). */
function canReach(
  globs: readonly string[],
  tests: readonly ((literal: string) => boolean)[],
  target: readonly string[],
): boolean {
  const seen = new Set<number>();
  const walk = (i: number, j: number): boolean => {
    // At the folder: the pattern names it or something below it.
    if (j === target.length) return true;
    if (i === globs.length) return false;
    const key = i * 1024 + j;
    if (seen.has(key)) return false;
    seen.add(key);
    if (globs[i] === '**') return walk(i + 1, j) || walk(i, j + 1);
    return (tests[i] as (literal: string) => boolean)(target[j] as string) && walk(i + 1, j + 1);
  };
  return walk(0, 0);
}

/** The components of each sensitive prefix (`/home/u/.ssh` -> home, u, .ssh), split once per compiled list. */
const prefixComponents = new WeakMap<readonly string[], readonly (readonly string[])[]>();

function componentsOf(prefixes: readonly string[]): readonly (readonly string[])[] {
  let parts = prefixComponents.get(prefixes);
  if (!parts) {
    parts = prefixes.map((p) => p.split('/').filter(Boolean));
    prefixComponents.set(prefixes, parts);
  }
  return parts;
}

/** The number of components of a normalized absolute path other than `/`. */
function literalDepth(path: string): number {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) n++;
  return n;
}

/** Literal stand-ins for a component: what it names when its wildcards match nothing, or one character. */
function literals(glob: string): string[] {
  const one = glob.replace(/\[!?([^\]])[^\]]*\]/g, '$1');
  return [...new Set([one.replace(/\*/g, '').replace(/\?/g, 'x'), one.replace(/[*?]/g, 'x')])];
}

/** The bare file-name patterns of the sensitive list (`id_rsa`, `.env.*`, `*.pem`), for `id_*`-style globs. */
function exactNames(patterns: readonly string[]): string[] {
  return patterns.filter((p) => !p.includes('/'));
}

function reachOne(pattern: string, scope: PathScope, names: readonly string[], cwd: string): GlobReach {
  let text = pattern;
  if (text === '~' || text.startsWith('~/')) text = scope.home + text.slice(1);
  const absolute = text.startsWith('/') ? text : `${cwd}/${text}`;
  const parts = absolute.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length > MAX_COMPONENTS) return { class: 'outside', secret: false };
  const first = parts.findIndex((p) => WILD.test(p));
  const literal = first < 0 ? parts : parts.slice(0, first);
  const rest = first < 0 ? [] : parts.slice(first);
  // A `..` after a wildcard climbs out of a folder nobody can name.
  if (rest.includes('..')) return { class: 'outside', secret: false };
  const root = normalize(`/${literal.join('/')}`);
  const cls = classOf(root, scope);
  if (cls === 'sensitive') return { root, class: cls, secret: true };
  // A sensitive folder below the root that the pattern's components can walk into.
  // `root` is normalized: no trailing `/` but for `/` itself, so a prefix below it starts with `root/`.
  const below = root === '/' ? '/' : `${root}/`;
  const depth = root === '/' ? 0 : literalDepth(root);
  const prefixes = scope.sensitive.prefixes;
  const prefixParts = componentsOf(prefixes);
  const tests = componentTests(rest);
  const into = prefixes.some(
    (p, k) =>
      p !== root &&
      p.startsWith(below) &&
      canReach(rest, tests, (prefixParts[k] as readonly string[]).slice(depth)),
  );
  if (into) return { root, class: cls, secret: true };
  // The files it names: its wildcards read as nothing or as one character, and the exact secret names it matches.
  const last = rest[rest.length - 1];
  if (last === undefined || last === '**') return { root, class: cls, secret: false };
  const folders = rest.slice(0, -1).filter((c) => c !== '**');
  const named = literals(last).some((name) => {
    const stand = [...folders.map((f) => literals(f)[0] ?? f), name].join('/');
    return name !== '' && isSensitive(normalize(`${root}/${stand}`), scope);
  });
  const exact = names.some((n) => !globIsGeneric(last, n) && globsIntersect(last, n));
  return { root, class: cls, secret: named || exact };
}

/**
 * What `pattern` reaches from `cwd` (a relative pattern starts there). Brace alternatives are each judged; too
 * many, or a pattern too long, is undefined: the caller treats it as uncertain.
 */
export function globReach(
  pattern: string,
  scope: PathScope,
  sensitivePatterns: readonly string[],
  cwd: string = scope.cwd,
): GlobReach[] | undefined {
  if (pattern.length > MAX_GLOB) return undefined;
  const alternatives = expandBraces(pattern, MAX_ALTERNATIVES + 1);
  if (alternatives.length > MAX_ALTERNATIVES) return undefined;
  const names = exactNames(sensitivePatterns);
  return alternatives.map((a) => reachOne(a, scope, names, cwd));
}

/**
 * Whether a shell word used as a file operand may expand to a secret: its glob characters, and any text
 * computed at run time (read as `*`), tested against the sensitive patterns (`.en?`, `.e*`, `~/.ss?/id_*`,
 * `.env$x`). A pattern gavel cannot follow (too long, too many alternatives) counts as one.
 */
export function wordMayNameSecret(
  text: string,
  scope: PathScope,
  sensitivePatterns: readonly string[],
  cwd: string,
): boolean {
  const pattern = text.replaceAll('\u0000', '*');
  if (!WILD.test(pattern)) return false;
  const reach = globReach(pattern, scope, sensitivePatterns, cwd);
  return reach === undefined || reach.some((x) => x.secret);
}
