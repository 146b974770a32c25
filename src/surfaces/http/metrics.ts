/**
 * The counters `GET /metrics` prints in the Prometheus text format: decisions by verdict and basis, a latency
 * histogram, model calls, decisions the breaker settled, requests refused (401, 413, timeout), the reload
 * state. In memory, per process; never holds request text (labels are closed vocabularies only).
 */

import type { Decision } from '../../core';

const BUCKETS_MS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;

export type Refusal = 'unauthorized' | 'too-large' | 'timeout' | 'bad-request';

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

  render(state: { stalePolicy: boolean; inFlight: number }): string {
    const lines: string[] = [];
    lines.push('# HELP gavel_decisions_total Decisions answered, by verdict and basis.');
    lines.push('# TYPE gavel_decisions_total counter');
    for (const [labels, n] of [...this.decisions].sort(([a], [b]) => a.localeCompare(b)))
      lines.push(`gavel_decisions_total{${labels}} ${n}`);
    lines.push('# HELP gavel_decision_duration_ms Time from request to answer, in milliseconds.');
    lines.push('# TYPE gavel_decision_duration_ms histogram');
    BUCKETS_MS.forEach((le, i) => {
      lines.push(`gavel_decision_duration_ms_bucket{le="${le}"} ${this.buckets[i] ?? 0}`);
    });
    lines.push(`gavel_decision_duration_ms_bucket{le="+Inf"} ${this.count}`);
    lines.push(`gavel_decision_duration_ms_sum ${this.sumMs}`);
    lines.push(`gavel_decision_duration_ms_count ${this.count}`);
    lines.push('# HELP gavel_model_calls_total Decisions that a model review settled.');
    lines.push('# TYPE gavel_model_calls_total counter');
    lines.push(`gavel_model_calls_total ${this.modelCalls}`);
    lines.push('# HELP gavel_breaker_decisions_total Decisions made with the reviewer breaker open.');
    lines.push('# TYPE gavel_breaker_decisions_total counter');
    lines.push(`gavel_breaker_decisions_total ${this.breakerOpen}`);
    lines.push('# HELP gavel_requests_refused_total Requests refused before a decision, by reason.');
    lines.push('# TYPE gavel_requests_refused_total counter');
    for (const [why, n] of [...this.refused].sort(([a], [b]) => a.localeCompare(b)))
      lines.push(`gavel_requests_refused_total{reason="${why}"} ${n}`);
    lines.push('# HELP gavel_reload_failures_total Config or rules reloads that failed validation.');
    lines.push('# TYPE gavel_reload_failures_total counter');
    lines.push(`gavel_reload_failures_total ${this.reloadFailures}`);
    lines.push('# HELP gavel_policy_stale 1 while a failed reload left the last valid policy serving.');
    lines.push('# TYPE gavel_policy_stale gauge');
    lines.push(`gavel_policy_stale ${state.stalePolicy ? 1 : 0}`);
    lines.push('# HELP gavel_requests_in_flight Requests being answered now.');
    lines.push('# TYPE gavel_requests_in_flight gauge');
    lines.push(`gavel_requests_in_flight ${state.inFlight}`);
    return `${lines.join('\n')}\n`;
  }
}
