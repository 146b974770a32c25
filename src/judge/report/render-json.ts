/**
 * The JSON report: the JudgeReport in snake_case, as schema/judge-report.schema.json describes it
 * (schema_version 1). Pure; keys in a fixed order, units and findings already sorted, so the same run
 * prints the same bytes.
 */

import type { Attachment, Finding, UnitResult } from '../types';
import type { JudgeReport } from './judge-report';

function finding(f: Finding) {
  return {
    id: f.id,
    code: f.code,
    category: f.category,
    severity: f.severity,
    confidence: f.confidence,
    verdict: f.verdict,
    location: { path: f.location.path, start_line: f.location.startLine, end_line: f.location.endLine },
    quote: f.quote,
    message: f.message,
    rule: f.rule,
    chain: (f.review?.chain ?? []).map((id) => ({ finding: id })),
    benign_reading: f.review?.benignReading ?? null,
    why_not_benign: f.review?.whyNotBenign ?? null,
    convention: f.review?.convention ?? null,
    suggested_fix: f.suggestedFix ?? null,
    origin: f.origin,
    adjudication: f.origin === 'static-only' ? 'not-adjudicated' : (f.review?.adjudication ?? null),
    verification: f.review
      ? {
          quote_verified: f.quote === null ? f.review.verification.quoteVerified : true,
          method: 'verifier' as const,
        }
      : { quote_verified: f.quote === null ? null : true, method: 'static' as const },
    fingerprint: f.fingerprint,
    absence: f.absence === true,
    ...(f.review
      ? {
          threat: f.review.threat,
          context: f.review.context,
          ...(f.review.lead ? { lead: f.review.lead } : {}),
          ...(f.review.rubricId ? { rubric_id: f.review.rubricId } : {}),
          repaired: f.review.verification.repaired,
        }
      : {}),
  };
}

/** An attachment as the JSON report and the JSON estimate print it. */
export function attachmentJson(a: Attachment) {
  return {
    path: a.path,
    reason: a.reason,
    via: a.via ?? null,
    binding: a.binding,
    bytes: a.bytes,
    sent_as: a.sentAs,
  };
}

function unit(u: UnitResult) {
  return {
    path: u.path,
    kind: u.kind,
    status: u.status,
    scores: u.scores,
    attached: u.attached.map(attachmentJson),
    coverage: {
      files: u.coverage.files,
      reviewed: u.coverage.reviewed,
      not_reviewed: u.coverage.notReviewed,
    },
    gaps: u.gaps,
    notes: u.notes,
    findings: u.findings.map(finding),
    ...(u.criteria ? { criteria_results: u.criteria } : {}),
    suppressed: u.suppressed.map((s) => ({
      reason: s.reason,
      expires: s.expires,
      finding: finding(s.finding),
    })),
  };
}

export function reportToJson(report: JudgeReport) {
  const r = report.run;
  return {
    schema_version: report.schemaVersion,
    tool: report.tool,
    run: {
      mode: r.mode,
      started_at: r.startedAt,
      categories: r.categories,
      fail_on: r.failOn,
      min_confidence: r.minConfidence,
      prompt_version: r.promptVersion,
      models: r.models,
      egress_hosts: r.egressHosts,
      rules: r.rules,
      shell_analysis: r.shellAnalysis,
      changed: r.changed ?? null,
      provenance: {
        cache_hits: r.provenance.cacheHits,
        input_tokens: r.provenance.inputTokens,
        output_tokens: r.provenance.outputTokens,
        cost_usd: r.provenance.costUsd,
        temperature: r.provenance.temperature,
      },
      coverage: {
        units: r.coverage.units,
        reviewed: r.coverage.reviewed,
        not_reviewed: r.coverage.notReviewed,
      },
      notices: r.notices,
    },
    units: report.units.map(unit),
    summary: {
      decision: report.summary.decision,
      units: report.summary.units,
      findings: report.summary.findings,
      suppressed: report.summary.suppressed,
      dropped_low_confidence: report.summary.droppedLowConfidence,
      grounding: report.summary.grounding,
      ...(report.summary.adjudication ? { adjudication: report.summary.adjudication } : {}),
      ...(report.summary.drops
        ? {
            drops: report.summary.drops.map((d) => ({
              unit: d.unit,
              stage: d.stage,
              code: d.code,
              path: d.path,
              line: d.line,
              reason: d.reason,
              counter_quote: d.counterQuote ?? null,
              rubric_id: d.rubricId ?? null,
            })),
          }
        : {}),
    },
  };
}

export function renderJson(report: JudgeReport): string {
  return `${JSON.stringify(reportToJson(report), null, 2)}\n`;
}
