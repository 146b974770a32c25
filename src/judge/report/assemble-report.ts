/**
 * Assembles the report value from the judged units: run info, coverage and the summary with the run
 * decision. Pure.
 */

import type { JudgeOptions } from '../judge-options';
import type { ReviewRunSummary } from '../review-stage';
import { formatGate } from '../score/fail-on';
import { runDecision } from '../score/unit-status';
import type { NotReviewed, UnitResult, UnitStatus } from '../types';
import { JUDGE_REPORT_SCHEMA_VERSION, type JudgeReport, type JudgeSummary } from './judge-report';

export function assembleReport(
  opts: JudgeOptions,
  judged: readonly (UnitResult & { gated: boolean })[],
  runNotReviewed: readonly NotReviewed[],
  suppressionNotices: readonly string[],
  dropped: number,
  review?: ReviewRunSummary,
): JudgeReport {
  const results = [...judged].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const notReviewed = [...runNotReviewed, ...results.flatMap((r) => r.coverage.notReviewed)];
  return {
    schemaVersion: JUDGE_REPORT_SCHEMA_VERSION,
    tool: { name: 'gavel', version: opts.version },
    run: {
      mode: opts.estimate ? 'estimate' : review ? 'model' : 'static',
      startedAt: opts.clock.now().toISOString(),
      categories: [...opts.categories],
      failOn: formatGate(opts.gate),
      minConfidence: opts.minConfidence,
      promptVersion: review?.promptVersion ?? null,
      models: review?.models ?? [],
      egressHosts: review?.egressHosts ?? [],
      rules: { version: opts.data.rules.version, sha256: opts.data.rules.sha256 },
      shellAnalysis: opts.analyzer ? 'analyzer' : 'patterns-only',
      ...(opts.changed
        ? {
            changed: { base: opts.changed.base, files: opts.changed.files.size, impact: opts.changed.impact },
          }
        : {}),
      provenance: {
        cacheHits: review?.provenance.cacheHits ?? 0,
        inputTokens: review?.provenance.inputTokens ?? 0,
        outputTokens: review?.provenance.outputTokens ?? 0,
        costUsd: review?.provenance.costUsd ?? 0,
        temperature: null,
      },
      coverage: {
        units: results.length,
        reviewed: results.filter((r) => r.status !== 'skipped' && r.status !== 'error').length,
        notReviewed,
      },
      notices: [
        ...opts.notices,
        ...suppressionNotices,
        ...(review?.notices ?? []),
        ...(opts.modelRequested && !opts.review
          ? ['model review requested but no model reviewer is available: static checks only (basis no-model)']
          : []),
      ],
    },
    units: results.map(({ gated: _gated, ...r }) => r),
    summary: {
      ...summarize(results, dropped, runNotReviewed.length),
      ...(review
        ? {
            grounding: { ...review.grounding },
            adjudication: { ...review.adjudication },
            ...(opts.explainDrops ? { drops: review.drops } : {}),
          }
        : {}),
    },
  };
}

/** `hidden`: places the walk could not review (a symlink or special file where a unit would be, a folder
 * past the depth limit); any makes a run that would pass incomplete. */
export function summarize(
  results: readonly (UnitResult & { gated: boolean })[],
  dropped: number,
  hidden = 0,
): JudgeSummary {
  const units: Record<UnitStatus, number> = {
    fail: 0,
    partial: 0,
    warn: 0,
    pass: 0,
    withheld_secret: 0,
    skipped: 0,
    error: 0,
  };
  const findings = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  for (const r of results) {
    units[r.status] += 1;
    for (const f of r.findings) findings[f.severity] += 1;
  }
  return {
    decision: hidden > 0 && runDecision(results) === 'pass' ? 'incomplete' : runDecision(results),
    units,
    findings,
    suppressed: results.reduce((n, r) => n + r.suppressed.length, 0),
    droppedLowConfidence: dropped,
    grounding: { verified: 0, repaired: 0, deleted: 0 },
  };
}
