/**
 * Path-scoped rule globs as Claude Code reads them: `**`, `*`, `?`, `[abc]` and `{a,b}`, anchored at the
 * directory that holds the rule's `.claude/rules/` (so `*.py` matches only files directly in it), with no
 * negation and no extglobs. Pure.
 */

import picomatch from 'picomatch';

export type PathMatcher = (projectRel: string) => boolean;

/** A matcher for `glob` taken relative to `anchor` (project-relative directory, '' for the root). */
export function globMatcher(anchor: string, glob: string): PathMatcher {
  const pattern = glob.trim().replace(/^\.\//, '');
  if (pattern === '' || pattern.startsWith('!')) return () => false;
  const test = picomatch(pattern, { dot: true, nonegate: true, noextglob: true });
  const prefix = anchor === '' ? '' : `${anchor}/`;
  return (rel) => rel.startsWith(prefix) && test(rel.slice(prefix.length));
}

/** The `paths:` (or Cursor `globs:`, Copilot `applyTo:`) list of a rule's front matter; undefined when it has none. */
export function ruleGlobs(frontMatter: Record<string, unknown> | undefined): string[] | undefined {
  if (!frontMatter) return undefined;
  const raw = frontMatter.paths ?? frontMatter.globs ?? frontMatter.applyTo;
  if (raw === undefined || raw === null) return undefined;
  const list = Array.isArray(raw) ? raw.map(String) : String(raw).split(',');
  const globs = list.map((g) => g.trim()).filter((g) => g !== '');
  return globs.length > 0 ? globs : undefined;
}
