/**
 * The counters `GET /metrics` prints in the Prometheus text format: decisions by verdict and basis, a latency
 * histogram, model calls, decisions the breaker settled, requests refused (401, 413, timeout), the reload
 * state. In memory, per process; never holds request text (labels are closed vocabularies only). With
 * `--workers N` each worker counts its own and `/metrics` renders the sum of every worker's snapshot
 * (worker-metrics.ts gathers them): counters and the histogram add up, `gavel_requests_in_flight` adds up,
 * `gavel_policy_stale` is 1 when any worker serves a stale policy.
 */

import type { Decision } from '../../core';

const BUCKETS_MS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;

export type Refusal = 'unauthorized' | 'too-large' | 'timeout' | 'bad-request';

/** One process's counters and gauges as plain data: what a worker hands over to be summed. */
export interface MetricsSnapshot {
  decisions: [string, number][];
  buckets: number[];
  count: number;
  sumMs: number;
  modelCalls: number;
  breakerOpen: number;
  refused: [string, number][];
  reloadFailures: number;
  stalePolicy: boolean;
  inFlight: number;
}

const DECISION_LABELS = /^verdict="[a-z-]{1,32}",basis="[a-z-]{1,40}"$/;
const REFUSALS: readonly string[] = ['unauthorized', 'too-large', 'timeout', 'bad-request'];
const count = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const pairs = (v: unknown, key: (k: string) => boolean): v is [string, number][] =>
  Array.isArray(v) &&
  v.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && key(p[0]) && count(p[1]));

/** A snapshot as another process sent it, or undefined when it is not one (never rendered then). */
export function readSnapshot(v: unknown): MetricsSnapshot | undefined {
  const s = v as Partial<MetricsSnapshot> | null;
  if (typeof s !== 'object' || s === null) return undefined;
  const ok =
    pairs(s.decisions, (k) => DECISION_LABELS.test(k)) &&
    pairs(s.refused, (k) => REFUSALS.includes(k)) &&
    Array.isArray(s.buckets) &&
    s.buckets.length === BUCKETS_MS.length &&
    s.buckets.every(count) &&
    [s.count, s.sumMs, s.modelCalls, s.breakerOpen, s.reloadFailures, s.inFlight].every(count) &&
    typeof s.stalePolicy === 'boolean';
  return ok ? (s as MetricsSnapshot) : undefined;
}

/** The sum of several processes' snapshots (see the header for the gauges). */
export function sumSnapshots(parts: readonly MetricsSnapshot[]): MetricsSnapshot {
  const decisions = new Map<string, number>();
  const refused = new Map<string, number>();
  const total: MetricsSnapshot = {
    decisions: [],
    buckets: BUCKETS_MS.map(() => 0),
    count: 0,
    sumMs: 0,
    modelCalls: 0,
    breakerOpen: 0,
    refused: [],
    reloadFailures: 0,
    stalePolicy: false,
    inFlight: 0,
  };
  for (const p of parts) {
    for (const [k, n] of p.decisions) decisions.set(k, (decisions.get(k) ?? 0) + n);
    for (const [k, n] of p.refused) refused.set(k, (refused.get(k) ?? 0) + n);
    p.buckets.forEach((n, i) => {
      total.buckets[i] = (total.buckets[i] ?? 0) + n;
    });
    total.count += p.count;
    total.sumMs += p.sumMs;
    total.modelCalls += p.modelCalls;
    total.breakerOpen += p.breakerOpen;
    total.reloadFailures += p.reloadFailures;
    total.stalePolicy ||= p.stalePolicy;
    total.inFlight += p.inFlight;
  }
  total.decisions = [...decisions];
  total.refused = [...refused];
  return total;
}

/**
 * Prometheus text of one snapshot (a process's own, or the sum of every worker's; then `workers` says how many
 * ran and how many of them the sum holds).
 */
export function renderSnapshot(s: MetricsSnapshot, workers?: { running: number; reporting: number }): string {
  const lines: string[] = [];
  lines.push('# HELP gavel_decisions_total Decisions answered, by verdict and basis.');
  lines.push('# TYPE gavel_decisions_total counter');
  for (const [labels, n] of [...s.decisions].sort(([a], [b]) => a.localeCompare(b)))
    lines.push(`gavel_decisions_total{${labels}} ${n}`);
  lines.push('# HELP gavel_decision_duration_ms Time from request to answer, in milliseconds.');
  lines.push('# TYPE gavel_decision_duration_ms histogram');
  BUCKETS_MS.forEach((le, i) => {
    lines.push(`gavel_decision_duration_ms_bucket{le="${le}"} ${s.buckets[i] ?? 0}`);
  });
  lines.push(`gavel_decision_duration_ms_bucket{le="+Inf"} ${s.count}`);
  lines.push(`gavel_decision_duration_ms_sum ${s.sumMs}`);
  lines.push(`gavel_decision_duration_ms_count ${s.count}`);
  lines.push('# HELP gavel_model_calls_total Decisions that a model review settled.');
  lines.push('# TYPE gavel_model_calls_total counter');
  lines.push(`gavel_model_calls_total ${s.modelCalls}`);
  lines.push('# HELP gavel_breaker_decisions_total Decisions made with the reviewer breaker open.');
  lines.push('# TYPE gavel_breaker_decisions_total counter');
  lines.push(`gavel_breaker_decisions_total ${s.breakerOpen}`);
  lines.push('# HELP gavel_requests_refused_total Requests refused before a decision, by reason.');
  lines.push('# TYPE gavel_requests_refused_total counter');
  for (const [why, n] of [...s.refused].sort(([a], [b]) => a.localeCompare(b)))
    lines.push(`gavel_requests_refused_total{reason="${why}"} ${n}`);
  lines.push('# HELP gavel_reload_failures_total Config or rules reloads that failed validation.');
  lines.push('# TYPE gavel_reload_failures_total counter');
  lines.push(`gavel_reload_failures_total ${s.reloadFailures}`);
  lines.push('# HELP gavel_policy_stale 1 while a failed reload left the last valid policy serving.');
  lines.push('# TYPE gavel_policy_stale gauge');
  lines.push(`gavel_policy_stale ${s.stalePolicy ? 1 : 0}`);
  lines.push('# HELP gavel_requests_in_flight Requests being answered now.');
  lines.push('# TYPE gavel_requests_in_flight gauge');
  lines.push(`gavel_requests_in_flight ${s.inFlight}`);
  if (workers) {
    lines.push('# HELP gavel_workers Worker processes running, and how many of them this sum counts.');
    lines.push('# TYPE gavel_workers gauge');
    lines.push(`gavel_workers{state="running"} ${workers.running}`);
    lines.push(`gavel_workers{state="reporting"} ${workers.reporting}`);
  }
  return `${lines.join('\n')}\n`;
}

export class Metrics {
  private readonly decisions = new Map<string, number>();
  private readonly buckets = BUCKETS_MS.map(() => 0);
  private count = 0;
  private sumMs = 0;
  private modelCalls = 0;
  private breakerOpen = 0;
  private readonly refused = new Map<Refusal, number>();
  private reloadFailures = 0;

  observe(decision: Decision, ms: number): void {
    const key = `verdict="${decision.verdict}",basis="${decision.basis}"`;
    this.decisions.set(key, (this.decisions.get(key) ?? 0) + 1);
    this.count += 1;
    this.sumMs += ms;
    BUCKETS_MS.forEach((le, i) => {
      if (ms <= le) this.buckets[i] = (this.buckets[i] ?? 0) + 1;
    });
    if (decision.model) this.modelCalls += 1;
    if (decision.basis === 'breaker') this.breakerOpen += 1;
  }

  refuse(why: Refusal): void {
    this.refused.set(why, (this.refused.get(why) ?? 0) + 1);
  }

  reloadFailed(): void {
    this.reloadFailures += 1;
  }

  snapshot(state: { stalePolicy: boolean; inFlight: number }): MetricsSnapshot {
    return {
      decisions: [...this.decisions],
      buckets: [...this.buckets],
      count: this.count,
      sumMs: this.sumMs,
      modelCalls: this.modelCalls,
      breakerOpen: this.breakerOpen,
      refused: [...this.refused],
      reloadFailures: this.reloadFailures,
      stalePolicy: state.stalePolicy,
      inFlight: state.inFlight,
    };
  }

  /** This process's own counters as Prometheus text. */
  render(state: { stalePolicy: boolean; inFlight: number }): string {
    return renderSnapshot(this.snapshot(state));
  }
}
