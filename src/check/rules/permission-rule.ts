/**
 * Permission rules in the syntax Claude Code users already write: `Bash(npm run build)` exact,
 * `Bash(npm test:*)` prefix, `Bash(git * main)` glob, `Read(./.env)`, `Read(~/x)`, `Read(//abs/**)`,
 * `Edit(src/**)`, `WebFetch(domain:example.com)`, `mcp__server`, `mcp__server__tool`, or a bare tool name.
 * Pure. Parsing fails with a one-line problem; matching is against one target (a shell segment, a path, a host).
 * `exact` marks a rule with no wildcard: only such a rule may clear a (non-floor) category of what it matches, and
 * only when it equals the target's pinned text (its paths resolved, its redirect targets appended): a rule
 * never clears more than the one target it was written for.
 */

import { posix } from 'node:path';
import picomatch from 'picomatch';

export type PermissionRule =
  | { kind: 'tool'; text: string; tool: string; exact: false }
  | { kind: 'bash'; text: string; mode: 'exact' | 'prefix' | 'glob'; pattern: string; exact: boolean }
  | { kind: 'path'; text: string; tool: 'Read' | 'Edit' | 'Write'; pattern: string; exact: boolean }
  | { kind: 'domain'; text: string; domain: string; exact: boolean }
  | { kind: 'mcp'; text: string; server: string; tool?: string; exact: boolean };

export type RuleParse = { ok: true; rule: PermissionRule } | { ok: false; problem: string };

/** What one rule is matched against. Paths are absolute; shell text is a segment's argv joined by spaces. */
export type RuleTarget =
  | {
      kind: 'shell';
      toolName: string;
      text: string;
      wrappedText: string;
      /** The wrapped text with its paths resolved and redirect targets appended (pinned-text.ts); absent: `wrappedText`. */
      pinned?: string;
      /** The segment touches a file that is not one of its words (a redirect target). */
      redirected?: boolean;
    }
  | { kind: 'read' | 'write'; toolName: string; path: string }
  | { kind: 'web_fetch'; toolName: string; host: string }
  | { kind: 'mcp'; toolName: string; server: string; tool: string }
  | { kind: 'other'; toolName: string };

export interface RuleRoots {
  projectRoot: string;
  home: string;
}

const hasGlob = (s: string) => /[*?[\]{}]/.test(s);

export function parsePermissionRule(text: string): RuleParse {
  const mcp = /^mcp__([A-Za-z0-9_.-]+?)(?:__([A-Za-z0-9_.*-]+))?$/.exec(text);
  if (mcp?.[1]) {
    const tool = mcp[2] === undefined || mcp[2] === '*' ? undefined : mcp[2];
    const rule: PermissionRule = {
      kind: 'mcp',
      text,
      server: mcp[1],
      exact: tool !== undefined && !hasGlob(tool),
    };
    if (tool !== undefined) rule.tool = tool;
    return { ok: true, rule };
  }
  const m = /^([A-Z][A-Za-z0-9]*)(?:\((.*)\))?$/s.exec(text);
  if (!m?.[1])
    return {
      ok: false,
      problem: `rule \`${text}\` is not \`Tool\`, \`Tool(specifier)\` or \`mcp__server__tool\``,
    };
  const tool = m[1];
  const spec = m[2];
  if (spec === undefined || spec === '*')
    return { ok: true, rule: { kind: 'tool', text, tool, exact: false } };
  if (spec.trim() === '') return { ok: false, problem: `rule \`${text}\` has an empty specifier` };
  switch (tool) {
    case 'Bash': {
      if (spec.endsWith(':*')) {
        const pattern = spec.slice(0, -2).trim();
        if (pattern === '') return { ok: false, problem: `rule \`${text}\` has an empty prefix` };
        return { ok: true, rule: { kind: 'bash', text, mode: 'prefix', pattern, exact: false } };
      }
      if (spec.includes('*'))
        return { ok: true, rule: { kind: 'bash', text, mode: 'glob', pattern: spec.trim(), exact: false } };
      return { ok: true, rule: { kind: 'bash', text, mode: 'exact', pattern: spec.trim(), exact: true } };
    }
    case 'Read':
    case 'Edit':
    case 'Write':
      return { ok: true, rule: { kind: 'path', text, tool, pattern: spec, exact: !hasGlob(spec) } };
    case 'WebFetch': {
      const d = /^domain:([A-Za-z0-9*.-]+)$/.exec(spec);
      if (!d?.[1]) return { ok: false, problem: `rule \`${text}\`: WebFetch takes \`domain:example.com\`` };
      return { ok: true, rule: { kind: 'domain', text, domain: d[1].toLowerCase(), exact: true } };
    }
    default:
      return { ok: false, problem: `rule \`${text}\`: tool \`${tool}\` takes no specifier` };
  }
}

/** The absolute glob a path rule stands for: `//x` absolute, `~/x` home, `/x`, `./x` and `x` under the project root; a bare pattern with no `/` matches at any depth. */
export function absolutePattern(pattern: string, roots: RuleRoots): string {
  if (pattern.startsWith('//')) return pattern.slice(1);
  if (pattern === '~' || pattern.startsWith('~/')) return posix.join(roots.home, pattern.slice(1));
  if (pattern.startsWith('/')) return posix.join(roots.projectRoot, pattern);
  if (pattern.startsWith('./')) return posix.join(roots.projectRoot, pattern.slice(2));
  return pattern.includes('/')
    ? posix.join(roots.projectRoot, pattern)
    : posix.join(roots.projectRoot, '**', pattern);
}

const globs = new Map<string, RegExp>();
const pathGlobs = new Map<string, (path: string) => boolean>();

function globMatch(glob: string, text: string): boolean {
  let re = globs.get(glob);
  if (!re) {
    re = new RegExp(`^${glob.replace(/[.+^${}()|[\]\\?]/g, '\\$&').replace(/\*/g, '.*')}$`, 's');
    globs.set(glob, re);
  }
  return re.test(text);
}

/** A path glob and everything below what it names, compiled once. */
function pathMatcher(glob: string): (path: string) => boolean {
  let m = pathGlobs.get(glob);
  if (!m) {
    const self = picomatch(glob, { dot: true });
    const below = picomatch(`${glob}/**`, { dot: true });
    m = (path) => self(path) || below(path);
    pathGlobs.set(glob, m);
  }
  return m;
}

export function hostMatches(pattern: string, host: string): boolean {
  const h = host.toLowerCase();
  if (pattern.startsWith('*.')) return h.endsWith(pattern.slice(1));
  return h === pattern;
}

function bareToolMatches(tool: string, target: RuleTarget): boolean {
  if (tool === target.toolName) return true;
  switch (target.kind) {
    case 'shell':
      return tool === 'Bash';
    case 'read':
      return tool === 'Read';
    case 'write':
      return tool === 'Edit' || tool === 'Write';
    case 'web_fetch':
      return tool === 'WebFetch';
    case 'mcp':
    case 'other':
      return false;
  }
}

/**
 * Whether `rule` can match some target of this kind and tool name: a bare tool rule is decided by them alone, any
 * other rule by the kind its matching looks at. Never false where `matchPermissionRule` could be true for such
 * a target: the policy skips, per kind and tool, only rules that cannot match.
 */
export function ruleMayMatch(rule: PermissionRule, kind: RuleTarget['kind'], toolName: string): boolean {
  switch (rule.kind) {
    case 'tool':
      return bareToolMatches(rule.tool, { kind, toolName } as RuleTarget);
    case 'bash':
      return kind === 'shell';
    case 'path':
      return (kind === 'read' && rule.tool === 'Read') || (kind === 'write' && rule.tool !== 'Read');
    case 'domain':
      return kind === 'web_fetch';
    case 'mcp':
      return kind === 'mcp';
    default: {
      const never: never = rule;
      return never;
    }
  }
}

export function matchPermissionRule(rule: PermissionRule, target: RuleTarget, roots: RuleRoots): boolean {
  switch (rule.kind) {
    case 'tool':
      return bareToolMatches(rule.tool, target);
    case 'bash': {
      if (target.kind !== 'shell') return false;
      const texts = [target.text, target.wrappedText];
      // INVARIANT: an exact rule names a command with its files: written as typed, it matches only a command
      // that writes or reads no file besides its words; written pinned (as suggested), only that very target.
      if (rule.mode === 'exact')
        return rule.pattern === pinnedOf(target) || (!target.redirected && texts.includes(rule.pattern));
      if (rule.mode === 'prefix')
        return texts.some((t) => t === rule.pattern || t.startsWith(`${rule.pattern} `));
      return texts.some((t) => globMatch(rule.pattern, t));
    }
    case 'path': {
      if (target.kind !== 'read' && target.kind !== 'write') return false;
      if (target.kind === 'read' && rule.tool !== 'Read') return false;
      if (target.kind === 'write' && rule.tool === 'Read') return false;
      const glob = absolutePattern(rule.pattern, roots);
      return pathMatcher(glob)(target.path);
    }
    case 'domain':
      return target.kind === 'web_fetch' && hostMatches(rule.domain, target.host);
    case 'mcp':
      if (target.kind !== 'mcp' || target.server !== rule.server) return false;
      return (
        rule.tool === undefined ||
        rule.tool === target.tool ||
        (hasGlob(rule.tool) && globMatch(rule.tool, target.tool))
      );
    default: {
      const never: never = rule;
      return never;
    }
  }
}

/** A rule clears categories only when it names this very target: no wildcard, and for shell the wrapped text. */
export function ruleNamesExactly(rule: PermissionRule, target: RuleTarget): boolean {
  if (!rule.exact) return false;
  if (rule.kind === 'bash' && target.kind === 'shell') return rule.pattern === pinnedOf(target);
  return true;
}

/** The text a rule must equal to name a shell target exactly (pinned-text.ts). */
export function pinnedOf(target: Extract<RuleTarget, { kind: 'shell' }>): string {
  return target.pinned ?? target.wrappedText;
}
