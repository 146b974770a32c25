/**
 * Summarises the arbiter's audit records for `gavel ask log`: the last N questions (time, kind,
 * verdict, rule, basis) and the counts asked / escalated / denied. Pure: takes records the audit
 * reader already validated (surface `ask`), reads no file.
 * A record of another surface, or whose kind is not an arbiter kind (`unknown` included), still
 * counts as asked; its kind shows as `null`. A rule id that does not look like one is dropped.
 */

import type { AuditRecord } from '../../audit';
import type { Basis, Verdict } from '../../core';
import { isKind, type Kind } from '../question/kinds';
import { RULE_ID } from '../rules/rule-set';

export interface AskLogRow {
  time: string;
  kind: Kind | null;
  verdict: Verdict;
  ruleId?: string;
  basis: Basis;
  runId: string | null;
}

export interface AskLogSummary {
  rows: AskLogRow[];
  asked: number;
  escalated: number;
  denied: number;
}

export const LOG_ROWS = 30;

export function summarizeAskLog(
  records: readonly AuditRecord[],
  options: { runId?: string; last?: number } = {},
): AskLogSummary {
  const all = records
    .filter((r) => r.surface === 'ask')
    .filter((r) => options.runId === undefined || r.runId === options.runId)
    .map(row);
  const last = options.last ?? LOG_ROWS;
  return {
    rows: last > 0 ? all.slice(-last) : [],
    asked: all.length,
    escalated: all.filter((r) => r.verdict === 'escalate').length,
    denied: all.filter((r) => r.verdict === 'deny').length,
  };
}

function row(r: AuditRecord): AskLogRow {
  const out: AskLogRow = {
    time: r.time,
    kind: isKind(r.kind) ? r.kind : null,
    verdict: r.verdict,
    basis: r.basis,
    runId: r.runId,
  };
  if (r.ruleId !== null && RULE_ID.test(r.ruleId)) out.ruleId = r.ruleId;
  return out;
}
