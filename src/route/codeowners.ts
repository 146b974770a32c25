/**
 * CODEOWNERS as GitHub reads it: one pattern and its owners a line, `#` comments, the last matching line
 * wins, a line without owners leaves its paths unowned. Patterns follow GitHub's gitignore subset: a
 * leading or inner `/` anchors at the root, a trailing `/` means a directory, a name without `/` matches at
 * any depth, a directory pattern covers everything below it, `dir/*` covers only that level.
 * Pure. Lines GitHub ignores (`!` negation, `[` ranges, an escaped `#`) are skipped and counted.
 */

import picomatch from 'picomatch';

export interface Codeowners {
  /** Owners of a path; empty when none (unguarded). */
  ownersOf(path: string): string[];
  skipped: number;
  rules: number;
}

const OWNER = /^(@[A-Za-z0-9][A-Za-z0-9-]*(\/[A-Za-z0-9._-]+)?|[^@\s]+@[^@\s]+\.[A-Za-z]{2,})$/;

export function parseCodeowners(text: string): Codeowners {
  const rules: { match: (p: string) => boolean; owners: string[] }[] = [];
  let skipped = 0;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const [pattern, ...rest] = line.split(/\s+/) as [string, ...string[]];
    if (pattern.startsWith('!') || pattern.includes('[') || pattern.startsWith('\\#')) {
      skipped++;
      continue;
    }
    const owners = rest.filter((o) => OWNER.test(o));
    if (owners.length !== rest.length) {
      skipped++;
      continue;
    }
    rules.push({ match: compile(pattern), owners });
  }
  return {
    ownersOf(path: string) {
      for (let i = rules.length - 1; i >= 0; i--) {
        const rule = rules[i] as (typeof rules)[number];
        if (rule.match(path)) return [...rule.owners];
      }
      return [];
    },
    skipped,
    rules: rules.length,
  };
}

/** The longest CODEOWNERS pattern compiled; a longer one guards every path. */
const MAX_PATTERN = 4096;

function compile(pattern: string): (path: string) => boolean {
  const dirOnly = pattern.endsWith('/');
  let p = dirOnly ? pattern.slice(0, -1) : pattern;
  const anchored = p.startsWith('/') || p.includes('/');
  p = p.replace(/^\/+/, '');
  if (p === '' || p === '*' || p === '**') return () => true;
  // A pattern too long to compile (the glob library refuses 64 KiB) guards every path: its owners review
  // the whole change rather than none of it.
  if (p.length > MAX_PATTERN) return () => true;
  const glob = anchored ? p : `**/${p}`;
  const opts = { dot: true };
  const exact = picomatch(glob, opts);
  const lastSegment = p.split('/').pop();
  const below = lastSegment === '*' ? () => false : picomatch(`${glob}/**`, opts);
  return dirOnly ? (path) => below(path) : (path) => exact(path) || below(path);
}
