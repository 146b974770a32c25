/**
 * The JSON report: the JudgeReport with camelCase keys like every other JSON gavel prints (docs/cli.md,
 * ADR 0026), as schema/judge-report.schema.json describes it (schemaVersion 2; version 1 was snake_case). Pure; keys in a fixed order, units and findings already sorted, so the same run
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
    location: { path: f.location.path, startLine: f.location.startLine, endLine: f.location.endLine },
    quote: f.quote,
    message: f.message,
    rule: f.rule,
    chain: (f.review?.chain ?? []).map((id) => ({ finding: id })),
    benignReading: f.review?.benignReading ?? null,
    whyNotBenign: f.review?.whyNotBenign ?? null,
    convention: f.review?.convention ?? null,
    suggestedFix: f.suggestedFix ?? null,
    origin: f.origin,
    adjudication: f.origin === 'static-only' ? 'not-adjudicated' : (f.review?.adjudication ?? null),
    verification: f.review
      ? {
          quoteVerified: f.quote === null ? f.review.verification.quoteVerified : true,
          method: 'verifier' as const,
        }
      : { quoteVerified: f.quote === null ? null : true, method: 'static' as const },
    fingerprint: f.fingerprint,
    absence: f.absence === true,
    ...(f.review
      ? {
          threat: f.review.threat,
          context: f.review.context,
          ...(f.review.lead ? { lead: f.review.lead } : {}),
          ...(f.review.rubricId ? { rubricId: f.review.rubricId } : {}),
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
    sentAs: a.sentAs,
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
      notReviewed: u.coverage.notReviewed,
    },
    gaps: u.gaps,
    notes: u.notes,
    findings: u.findings.map(finding),
    ...(u.criteria ? { criteriaResults: u.criteria } : {}),
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
    schemaVersion: report.schemaVersion,
    tool: report.tool,
    run: {
      mode: r.mode,
      startedAt: r.startedAt,
      categories: r.categories,
      failOn: r.failOn,
      minConfidence: r.minConfidence,
      promptVersion: r.promptVersion,
      models: r.models,
      egressHosts: r.egressHosts,
      rules: r.rules,
      shellAnalysis: r.shellAnalysis,
      changed: r.changed ?? null,
      provenance: {
        cacheHits: r.provenance.cacheHits,
        inputTokens: r.provenance.inputTokens,
        outputTokens: r.provenance.outputTokens,
        costUsd: r.provenance.costUsd,
        temperature: r.provenance.temperature,
      },
      coverage: {
        units: r.coverage.units,
        reviewed: r.coverage.reviewed,
        notReviewed: r.coverage.notReviewed,
      },
      notices: r.notices,
    },
    units: report.units.map(unit),
    summary: {
      decision: report.summary.decision,
      units: report.summary.units,
      findings: report.summary.findings,
      suppressed: report.summary.suppressed,
      droppedLowConfidence: report.summary.droppedLowConfidence,
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
              counterQuote: d.counterQuote ?? null,
              rubricId: d.rubricId ?? null,
            })),
          }
        : {}),
    },
  };
}

export function renderJson(report: JudgeReport): string {
  return `${JSON.stringify(reportToJson(report), null, 2)}\n`;
}
