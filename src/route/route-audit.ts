/**
 * What `gavel route` writes to the audit log about one routing, and what a routing becomes when that
 * line cannot be written. Pure: the caller appends the line (audit's recordDecision) and passes the path.
 * INVARIANT: `detail` holds only numbers and closed values (risk score, confidence, counts, the binary
 * verdict), never a path, a login or any text of the change; `subject` is the hash of the resolved range.
 * INVARIANT: a routing that was not recorded is never approved: approve and approve_with_flag become
 * escalate with basis `internal-error`; escalate and block keep their own decision.
 */

import type { AuditContext } from '../audit';
import { subjectOf } from '../audit';
import { decide } from '../core';
import type { RouteResult } from './types';

/**
 * The audit context of one routing: surface `route`, kind `change`, typed facts in `detail`; `runId` is
 * the run whose log was read (`--run-id`), so the routing sits beside that run's own decisions.
 */
export function routeAuditContext(result: RouteResult, ids: { runId?: string } = {}): AuditContext {
  return {
    surface: 'route',
    ...(ids.runId !== undefined ? { runId: ids.runId } : {}),
    kind: 'change',
    subject: subjectOf({ base: result.range.base, head: result.range.head }),
    detail: {
      riskScore: result.risk,
      confidence: Math.round(result.confidence * 1000) / 1000,
      restRisk: result.rest.risk,
      files: result.range.files,
      guarded: result.guarded?.files.length ?? 0,
      signals: result.signals.length,
      binary: result.binary.verdict,
    },
  };
}

/**
 * The result to act on when the audit line could not be written to `logPath`: an approval becomes an
 * escalation (basis `internal-error`) naming the log; a stricter outcome stands as it was.
 */
export function unrecordedResult(result: RouteResult, logPath: string): RouteResult {
  if (result.outcome !== 'approve' && result.outcome !== 'approve_with_flag') return result;
  const why = `the routing could not be written to the audit log \`${logPath}\`; a change that leaves no record is not approved`;
  const { flag: _flag, ...rest } = result;
  return {
    ...rest,
    outcome: 'escalate',
    decision: decide({
      verdict: 'escalate',
      outcome: 'escalate',
      basis: 'internal-error',
      reason: `escalate to a person: ${why}`,
      ruleId: 'route',
      categories: result.decision.categories,
      risk: result.riskLevel,
      ms: result.decision.ms,
      policy: result.decision.policy,
    }),
    escalation: { files: result.escalation?.files ?? [], why: [why], owners: result.guarded?.owners ?? [] },
  };
}
