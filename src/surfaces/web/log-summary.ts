/**
 * What the audit page shows, computed from validated audit records: decisions over time by verdict, counts by
 * basis, the categories and rules that decide most, each session's breaker state, and the records themselves,
 * filtered by session, harness and verdict. Pure: records in, a summary value out; reads nothing, never
 * re-decides. Every string in it came from a record that passed the audit schema (no untrusted text).
 */

import type { AuditRecord } from '../../audit';

export interface LogFilter {
  sessionId?: string;
  /** The record's `kind`: the harness (or `cli`) for check, the question kind for ask. */
  harness?: string;
  verdict?: string;
}

export interface TimeBucket {
  /** ISO time of the bucket's start. */
  start: string;
  counts: Record<string, number>;
}

export interface SessionState {
  id: string;
  decisions: number;
  last: string;
  /** `open` when the session's newest record was stopped by the breaker. */
  breaker: 'open' | 'closed';
  /** Consecutive reviewer denials as the newest record with that detail said, if any did. */
  denials: number | null;
}

export interface LogSummary {
  total: number;
  /** Before filtering: what the filters can choose from. */
  choices: { sessions: string[]; harnesses: string[]; verdicts: string[] };
  byVerdict: Record<string, number>;
  byBasis: Record<string, number>;
  topCategories: { name: string; count: number }[];
  topRules: { name: string; count: number }[];
  timeline: { bucketMs: number; buckets: TimeBucket[] };
  sessions: SessionState[];
  /** Newest first, at most `RECORDS_SHOWN`. */
  records: AuditRecord[];
}

export const RECORDS_SHOWN = 500;
const TOP = 10;
/** The bucket widths the timeline may use, smallest first: a minute up to a week. */
const BUCKETS_MS = [60_000, 300_000, 900_000, 3_600_000, 21_600_000, 86_400_000, 604_800_000];
const MAX_BUCKETS = 60;

function matches(r: AuditRecord, f: LogFilter): boolean {
  if (f.sessionId !== undefined && r.sessionId !== f.sessionId) return false;
  if (f.harness !== undefined && r.kind !== f.harness) return false;
  if (f.verdict !== undefined && r.verdict !== f.verdict && r.outcome !== f.verdict) return false;
  return true;
}

function countBy(values: Iterable<string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

function top(counts: Record<string, number>): { name: string; count: number }[] {
  return Object.entries(counts)
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, TOP);
}

function timeline(records: readonly AuditRecord[]): LogSummary['timeline'] {
  const times = records.map((r) => Date.parse(r.time)).filter(Number.isFinite);
  if (times.length === 0) return { bucketMs: BUCKETS_MS[0] as number, buckets: [] };
  const first = Math.min(...times);
  const last = Math.max(...times);
  const bucketMs =
    BUCKETS_MS.find((b) => (last - first) / b < MAX_BUCKETS) ?? (BUCKETS_MS[BUCKETS_MS.length - 1] as number);
  const byStart = new Map<number, Record<string, number>>();
  for (const r of records) {
    const t = Date.parse(r.time);
    if (!Number.isFinite(t)) continue;
    const start = Math.floor(t / bucketMs) * bucketMs;
    const counts = byStart.get(start) ?? {};
    counts[r.verdict] = (counts[r.verdict] ?? 0) + 1;
    byStart.set(start, counts);
  }
  const buckets: TimeBucket[] = [];
  const from = Math.floor(first / bucketMs) * bucketMs;
  for (let s = from; s <= last; s += bucketMs) {
    buckets.push({ start: new Date(s).toISOString(), counts: byStart.get(s) ?? {} });
  }
  return { bucketMs, buckets };
}

function sessions(records: readonly AuditRecord[]): SessionState[] {
  const out = new Map<string, SessionState>();
  // Records are oldest first: the last one seen for a session is its newest.
  for (const r of records) {
    if (r.sessionId === null) continue;
    const denials = typeof r.detail?.breakerDenials === 'number' ? r.detail.breakerDenials : undefined;
    const prev = out.get(r.sessionId);
    out.set(r.sessionId, {
      id: r.sessionId,
      decisions: (prev?.decisions ?? 0) + 1,
      last: r.time,
      breaker: r.basis === 'breaker' ? 'open' : 'closed',
      denials: denials ?? prev?.denials ?? null,
    });
  }
  return [...out.values()].sort((a, b) => b.last.localeCompare(a.last));
}

/** `records` oldest first, as the audit reader returns them. */
export function summarise(records: readonly AuditRecord[], filter: LogFilter = {}): LogSummary {
  const chosen = records.filter((r) => matches(r, filter));
  return {
    total: chosen.length,
    choices: {
      sessions: [...new Set(records.flatMap((r) => (r.sessionId === null ? [] : [r.sessionId])))].sort(),
      harnesses: [...new Set(records.map((r) => r.kind))].sort(),
      verdicts: [...new Set(records.map((r) => r.verdict))].sort(),
    },
    byVerdict: countBy(chosen.map((r) => r.verdict)),
    byBasis: countBy(chosen.map((r) => r.basis)),
    topCategories: top(countBy(chosen.flatMap((r) => r.categories))),
    topRules: top(countBy(chosen.flatMap((r) => (r.ruleId === null ? [] : [r.ruleId])))),
    timeline: timeline(chosen),
    sessions: sessions(chosen),
    records: chosen.slice(-RECORDS_SHOWN).reverse(),
  };
}
