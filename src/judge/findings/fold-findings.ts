/**
 * One finding per check per unit: the static checks' findings of one code and rule in a unit fold into
 * the strictest one (then the earliest), whose message lists where else it was seen. A reviewer's
 * finding is never folded. Pure.
 */

import { confidenceRank, type Finding, severityRank } from '../types';

const MAX_LISTED = 12;

export function foldPerRule(findings: readonly Finding[]): Finding[] {
  const groups = new Map<string, Finding[]>();
  const out: Finding[] = [];
  for (const f of findings) {
    if (f.origin !== 'static-only') {
      out.push(f);
      continue;
    }
    const key = `${f.code}|${f.rule}`;
    const g = groups.get(key) ?? [];
    g.push(f);
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    const sorted = [...g].sort(
      (a, b) =>
        severityRank(b.severity) - severityRank(a.severity) ||
        confidenceRank(b.confidence) - confidenceRank(a.confidence) ||
        (a.location.path < b.location.path ? -1 : a.location.path > b.location.path ? 1 : 0) ||
        a.location.startLine - b.location.startLine,
    );
    const [first, ...rest] = sorted;
    if (!first) continue;
    if (rest.length === 0) {
      out.push(first);
      continue;
    }
    const where = rest
      .sort(
        (a, b) =>
          (a.location.path < b.location.path ? -1 : a.location.path > b.location.path ? 1 : 0) ||
          a.location.startLine - b.location.startLine,
      )
      .map((f) =>
        f.location.path === first.location.path
          ? `${f.location.startLine}`
          : `${f.location.path}:${f.location.startLine}`,
      );
    const listed = where.slice(0, MAX_LISTED).join(', ');
    const more = where.length > MAX_LISTED ? ` and ${where.length - MAX_LISTED} more` : '';
    out.push({ ...first, message: `${first.message} (also at ${listed}${more})` });
  }
  return out.sort(
    (a, b) =>
      (a.location.path < b.location.path ? -1 : a.location.path > b.location.path ? 1 : 0) ||
      a.location.startLine - b.location.startLine ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}
