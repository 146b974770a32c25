/**
 * Reads arbiter log lines back for `gavel ask log`: the last N questions (time, kind, verdict, rule)
 * and the counts asked / escalated / denied. Pure: takes the lines, reads no file.
 * A line that does not parse or is not an arbiter line is counted as unreadable, never guessed at.
 */

import { type Basis, isBasis, isVerdict, type Verdict } from '../../core';
import { isKind, type Kind } from '../question/kinds';

export interface AskLogRow {
  time: string;
  kind: Kind | null;
  verdict: Verdict;
  ruleId?: string;
  reason: Basis;
  runId: string;
}

export interface AskLogSummary {
  rows: AskLogRow[];
  asked: number;
  escalated: number;
  denied: number;
  unreadable: number;
}

export const LOG_ROWS = 30;

export function summarizeAskLog(
  lines: readonly string[],
  options: { runId?: string; last?: number } = {},
): AskLogSummary {
  const all: AskLogRow[] = [];
  let unreadable = 0;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const row = readRow(line);
    if (!row) {
      unreadable++;
      continue;
    }
    if (options.runId === undefined || row.runId === options.runId) all.push(row);
  }
  const last = options.last ?? LOG_ROWS;
  return {
    rows: last > 0 ? all.slice(-last) : [],
    asked: all.length,
    escalated: all.filter((r) => r.verdict === 'escalate').length,
    denied: all.filter((r) => r.verdict === 'deny').length,
    unreadable,
  };
}

function readRow(line: string): AskLogRow | undefined {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as Record<string, unknown>;
  if (r.surface !== 'ask' || typeof r.time !== 'string' || !isVerdict(r.verdict) || !isBasis(r.reason))
    return undefined;
  if (typeof r.runId !== 'string') return undefined;
  const kind = r.kind === null ? null : isKind(r.kind) ? r.kind : undefined;
  if (kind === undefined) return undefined;
  const row: AskLogRow = { time: r.time, kind, verdict: r.verdict, reason: r.reason, runId: r.runId };
  if (typeof r.ruleId === 'string' && /^R-\d{2,3}$/.test(r.ruleId)) row.ruleId = r.ruleId;
  return row;
}
