/**
 * Applies the line patterns of rules/judge-patterns.json to one file. Pure. A sink pattern (data sent
 * over the network) takes its severity from the hosts nearby: an unstated host keeps it, a host on the
 * allowlist drops the finding, a documentation placeholder in Markdown lowers it to low.
 */

import type { FindingDraft } from '../findings/make-finding';
import type { LinePattern } from '../rules/load-judge-rules';
import { type FileView, isProse } from './file-view';
import { classifyHost, type HostLists, hostsIn } from './hosts';
import type { SinkDraft } from './named-vendor';

function applies(p: LinePattern, view: FileView, n: number): boolean {
  switch (p.where) {
    case 'any':
      return true;
    case 'markdown':
      return view.type === 'markdown';
    case 'script':
      return view.type !== 'markdown';
    case 'prose':
      return isProse(view, n);
    default: {
      const never: never = p.where;
      return never;
    }
  }
}

function nearbyHosts(view: FileView, n: number): string[] {
  const out: string[] = [];
  for (let i = Math.max(0, n - 4); i < Math.min(view.lines.length, n + 3); i++)
    out.push(...hostsIn(view.lines[i] ?? ''));
  return out;
}

/** Hosts a script assigns to a name (`ENDPOINT = "https://..."`, `base_url: https://...`): where a sink's URL often lives. */
function assignedHosts(view: FileView): string[] {
  if (view.type === 'markdown') return [];
  const out: string[] = [];
  for (const line of view.lines)
    if (/^\s*[\w.]+\s*[:=]\s*[fbr]?["']?(https?|wss?):\/\//i.test(line)) out.push(...hostsIn(line));
  return out;
}

/**
 * The longest line the line patterns read. A longer one is not matched (see linePatternFindings) and
 * `longLines` says so, so the file is named as a parser limit and the unit is partial, never clean.
 */
export const MAX_PATTERN_LINE = 4000;

/** True when a file holds a line the line patterns do not read. */
export function hasLongLine(view: FileView): boolean {
  return view.lines.some((l) => l.length > MAX_PATTERN_LINE);
}

/** A call whose first argument is a relative path (`client.post("/Patient", ...)`) talks to its own base URL. */
const RELATIVE_CALL = /\.(post|put|patch)\s*\(\s*f?["']\//;

/** 1-based line numbers of the lines where a pattern matches, from one pass over the whole text. */
export function matchingLines(text: string, lines: readonly string[], scan: RegExp): number[] {
  const out: number[] = [];
  scan.lastIndex = 0;
  let line = 1;
  let offset = 0;
  for (let m = scan.exec(text); m; m = scan.exec(text)) {
    while (line < lines.length && offset + (lines[line - 1]?.length ?? 0) < m.index) {
      offset += (lines[line - 1]?.length ?? 0) + 1;
      line += 1;
    }
    if (out[out.length - 1] !== line) out.push(line);
    // Continue on the next line: one hit per line and pattern is all a finding needs.
    const next = text.indexOf('\n', m.index);
    if (next < 0) break;
    scan.lastIndex = next + 1;
  }
  return out;
}

/** Which needles a lower-cased text holds, from one pass (a needle found at a position implies its prefixes there). */
export function needlesIn(lower: string, scan: RegExp, needles: readonly string[]): Set<string> {
  const found = new Set<string>();
  scan.lastIndex = 0;
  for (let m = scan.exec(lower); m; m = scan.exec(lower)) {
    if (!found.has(m[0])) for (const n of needles) if (m[0].startsWith(n)) found.add(n);
    scan.lastIndex = m.index + 1;
  }
  return found;
}

export function linePatternFindings(
  view: FileView,
  patterns: readonly LinePattern[],
  hosts: HostLists,
  needleScan?: RegExp,
): FindingDraft[] {
  const out: FindingDraft[] = [];
  // A line longer than MAX_PATTERN_LINE is never matched (a pattern like `curl[^\n]*X` is quadratic on it):
  // it is blanked here, keeping the line numbers, and the caller names the file as a parser limit.
  const long = view.lines.some((l) => l.length > MAX_PATTERN_LINE);
  const text = long
    ? view.lines.map((l) => (l.length > MAX_PATTERN_LINE ? '' : l)).join('\n')
    : view.text.includes('\r')
      ? view.lines.join('\n')
      : view.text;
  const hits: { p: LinePattern; n: number }[] = [];
  const lower = text.toLowerCase();
  const all = [...new Set(patterns.flatMap((p) => p.needles))];
  const present = needleScan ? needlesIn(lower, needleScan, all) : undefined;
  const has = (needle: string) => (present ? present.has(needle) : lower.includes(needle));
  for (const p of patterns) {
    if (p.where === 'script' ? view.type === 'markdown' : p.where !== 'any' && view.type !== 'markdown')
      continue;
    if (p.needles.length > 0 && !p.needles.some(has)) continue;
    for (const n of matchingLines(text, view.lines, p.scan)) hits.push({ p, n });
  }
  hits.sort((a, b) => a.n - b.n);
  for (const { p, n } of hits) {
    const line = view.lines[n - 1] ?? '';
    if (line.length > MAX_PATTERN_LINE || !applies(p, view, n)) continue;
    p.regex.lastIndex = 0;
    const match = p.regex.exec(line);
    if (!match) continue;
    const draft: FindingDraft = {
      code: p.code,
      path: view.path,
      startLine: n,
      column: match.index,
      quote: line.trim(),
      message: p.message,
      rule: `pattern:${p.id}`,
      severity: p.severity,
      confidence: p.confidence,
      ...(p.fix ? { suggestedFix: p.fix } : {}),
    };
    if (p.sink) {
      let found = hostsIn(line);
      if (found.length === 0) found = nearbyHosts(view, n);
      if (found.length === 0 && RELATIVE_CALL.test(line)) continue;
      if (found.length === 0) found = assignedHosts(view);
      const classes = found.map((h) => ({ h, c: classifyHost(h, hosts) }));
      const unstated = classes.find((x) => x.c === 'unstated');
      const placeholder = classes.find((x) => x.c === 'placeholder');
      if (unstated) {
        draft.message = `${p.message}: \`${unstated.h}\` is not on the host allowlist`;
        (draft as SinkDraft).sinkHost = unstated.h;
      } else if (placeholder && view.type !== 'markdown') {
        draft.message = `${p.message}: \`${placeholder.h}\` from a script that runs`;
        draft.confidence = 'medium';
      } else if (placeholder || found.length === 0) {
        draft.severity = 'low';
        draft.confidence = 'low';
        draft.message =
          found.length === 0
            ? `${p.message}; the host is not written out`
            : `${p.message} (a documentation placeholder host)`;
      } else continue;
    }
    out.push(draft);
  }
  return out;
}

/**
 * S07 info: a host outside the allowlist named in code (fences, inline code, scripts), once per host and file.
 * A fact for the reader and the reviewers, not a deduction: sending data there is what the sink patterns rate.
 */
export function hostMentionFindings(view: FileView, hosts: HostLists): FindingDraft[] {
  const out: FindingDraft[] = [];
  const seen = new Set<string>();
  view.lines.forEach((line, i) => {
    const n = i + 1;
    if (!line.includes('://') && !line.includes('@') && !/\b(curl|wget|nc|ncat|ssh|scp)\b/.test(line)) return;
    let code = line;
    if (view.type === 'markdown' && isProse(view, n))
      code = [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]).join(' ');
    if (view.type === 'markdown' && n <= view.frontMatterEnd) return;
    for (const host of hostsIn(code)) {
      if (seen.has(host) || classifyHost(host, hosts) !== 'unstated') continue;
      seen.add(host);
      out.push({
        code: 'S07',
        path: view.path,
        startLine: n,
        quote: line.trim(),
        message: `network host \`${host}\` is not on the host allowlist`,
        rule: 'host:unstated',
        severity: 'info',
        confidence: 'low',
      });
    }
  });
  return out;
}
