/**
 * The arbiter's log line, as a pure value, and the shape handed to the shared audit log.
 * INVARIANT: built from validated values only (kind, typed facts, numbers, gavel's reasons); the
 * question's text, labels and named action, and any model output, never appear in it.
 */

import type { Basis, Decision, Outcome, Verdict } from '../../core';
import type { FloorCause } from '../floor/check-floor';
import type { ModelSource } from '../limits/resolve-model';
import type { Disposition } from '../mode/dispose';
import type { Facts, Kind, Mode } from '../question/kinds';

export interface AskLogRecord {
  time: string;
  surface: 'ask';
  runId: string;
  sessionId?: string;
  mode: Mode;
  /** `null` for an untagged question or a kind gavel does not know (the unknown name is not kept). */
  kind: Kind | null;
  facts?: Facts;
  options?: number;
  recommended?: number;
  verdict: Verdict;
  outcome: Outcome;
  /** The closed reason list of the arbiter: the Decision's basis. */
  reason: Basis;
  ruleId?: string;
  problem?: string;
  floor?: FloorCause[];
  model?: { provider: string; model: string; source: ModelSource };
  tokens: { input: number; output: number };
  costUsd: number;
  ms: number;
  rules: { version: number; sha256: string };
  prompt?: string;
  disposition: Disposition;
}

/** What the shared audit log takes: a Decision, who decided, and typed detail values. */
export interface AskAuditEntry {
  decision: Decision;
  surface: 'ask';
  kind: string;
  sessionId?: string;
  runId: string;
  detail: Record<string, unknown>;
}

export function askAuditEntry(decision: Decision, record: AskLogRecord): AskAuditEntry {
  const detail: Record<string, unknown> = { mode: record.mode, disposition: record.disposition };
  for (const key of ['facts', 'options', 'recommended', 'problem', 'floor', 'prompt'] as const) {
    if (record[key] !== undefined) detail[key] = record[key];
  }
  if (record.model) detail.modelSource = record.model.source;
  const entry: AskAuditEntry = {
    decision,
    surface: 'ask',
    kind: record.kind ?? 'unknown',
    runId: record.runId,
    detail,
  };
  if (record.sessionId !== undefined) entry.sessionId = record.sessionId;
  return entry;
}
