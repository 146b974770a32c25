/**
 * SARIF 2.1.0: every catalogue code becomes a rule `gavel/Snn`; critical and high are `error`, medium
 * `warning`, low and info `note`; security-severity (security codes only) 9.5, 8.0, 5.5, 3.0, 1.0. The suggested fix is prose, so
 * it is appended to the message and kept in properties.suggestedFix (a SARIF fix needs replacement text;
 * none is emitted). Fingerprints go to partialFingerprints. Coverage gaps, withheld units and notices are
 * tool execution notifications; executionSuccessful is false for an incomplete run. Pure.
 */

import type { CodeEntry } from '../rules/load-judge-rules';
import type { Finding, Severity } from '../types';
import type { JudgeReport } from './judge-report';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
  info: 'note',
};
const SECURITY_SEVERITY: Record<Severity, string> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '3.0',
  info: '1.0',
};

function ruleId(code: string): string {
  return `gavel/${code}`;
}

function result(f: Finding, index: Map<string, number>, suppression?: { reason: string }) {
  const message = f.suggestedFix ? `${f.message}. Fix: ${f.suggestedFix}` : f.message;
  const region: Record<string, unknown> = { startLine: f.location.startLine, endLine: f.location.endLine };
  if (f.quote !== null) region.snippet = { text: f.quote };
  return {
    ruleId: ruleId(f.code),
    ruleIndex: index.get(f.code) ?? -1,
    level: LEVEL[f.severity],
    message: { text: message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: encodeURI(f.location.path), uriBaseId: '%SRCROOT%' },
          region,
        },
      },
    ],
    partialFingerprints: { 'gavelFinding/v1': f.fingerprint },
    ...(suppression
      ? { suppressions: [{ kind: 'external', status: 'accepted', justification: suppression.reason }] }
      : {}),
    properties: {
      id: f.id,
      severity: f.severity,
      confidence: f.confidence,
      verdict: f.verdict,
      origin: f.origin,
      // GitHub reads security-severity as a security alert: only security findings carry it.
      ...(f.category === 'security' ? { 'security-severity': SECURITY_SEVERITY[f.severity] } : {}),
      ...(f.suggestedFix ? { suggestedFix: f.suggestedFix } : {}),
    },
  };
}

export function renderSarif(report: JudgeReport, codes: ReadonlyMap<string, CodeEntry>): string {
  const entries = [...codes.values()].sort((a, b) => (a.code < b.code ? -1 : 1));
  const index = new Map(entries.map((e, i) => [e.code, i]));
  const rules = entries.map((e) => ({
    id: ruleId(e.code),
    name: e.title
      .replace(/(^|[\s-])(\w)/g, (_m, _s, c: string) => c.toUpperCase())
      .replace(/[^A-Za-z0-9]/g, ''),
    shortDescription: { text: e.title },
    fullDescription: { text: e.meaning },
    defaultConfiguration: { level: LEVEL[e.severity] },
    properties: {
      category: e.category,
      source: e.source,
      ...(e.category === 'security' ? { 'security-severity': SECURITY_SEVERITY[e.severity] } : {}),
      tags: [e.category],
    },
  }));
  const results = report.units.flatMap((u) => [
    ...u.findings.map((f) => result(f, index)),
    ...u.suppressed.map((s) => result(s.finding, index, { reason: s.reason })),
  ]);
  const notifications = [
    ...report.run.coverage.notReviewed.map((n) => ({
      level: 'warning',
      message: { text: `not reviewed (${n.reason}): ${n.path}` },
      locations: [
        { physicalLocation: { artifactLocation: { uri: encodeURI(n.path), uriBaseId: '%SRCROOT%' } } },
      ],
    })),
    ...report.units
      .filter((u) => u.status === 'withheld_secret')
      .map((u) => ({
        level: 'error',
        message: { text: `withheld: ${u.path} holds a credential; nothing of it is sent` },
      })),
    ...report.run.notices.map((n) => ({ level: 'note', message: { text: n } })),
  ];
  const sarif = {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'gavel', semanticVersion: report.tool.version, rules } },
        invocations: [
          {
            executionSuccessful: report.summary.decision !== 'incomplete',
            toolExecutionNotifications: notifications,
            properties: { decision: report.summary.decision, mode: report.run.mode },
          },
        ],
        results,
        columnKind: 'unicodeCodePoints',
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
