/**
 * The arbiter's log line, as a pure value, and the shape handed to the shared audit log.
 * INVARIANT: built from validated values only (kind, typed facts, numbers, gavel's reasons); the
 * question's text, labels and named action, and any model output, never appear in it.
 */

import type { Basis, Decision, Outcome, Verdict } from '../../core';
import type { Settled } from '../answer/settled';
import type { FloorCause } from '../floor/check-floor';
import type { ModelSource } from '../limits/resolve-model';
import type { Disposition } from '../mode/dispose';
import type { Facts, Kind, Mode } from '../question/kinds';
import type { Question } from '../question/parse-question';

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

export interface RecordParts {
  runId: string;
  sessionId?: string;
  /** The rules evaluator answered (no model was asked). */
  byRules: boolean;
  settled: Settled;
  decision: Decision;
  question: Question | undefined;
  kind: Kind | null;
  mode: Mode;
  time: string;
  disposition: Disposition;
}

/** The log line of one question, from validated values only. */
export function buildAskLogRecord(p: RecordParts): AskLogRecord {
  const { decision, settled } = p;
  const record: AskLogRecord = {
    time: p.time,
    surface: 'ask',
    runId: p.runId,
    mode: p.mode,
    kind: p.kind,
    verdict: decision.verdict,
    outcome: decision.outcome,
    reason: decision.basis,
    tokens: { input: settled.model?.inputTokens ?? 0, output: settled.model?.outputTokens ?? 0 },
    costUsd: settled.model?.costUsd ?? 0,
    ms: decision.ms,
    rules: { version: decision.policy.version, sha256: decision.policy.sha256 },
    disposition: p.disposition,
  };
  if (p.sessionId !== undefined) record.sessionId = p.sessionId;
  if (p.question) {
    record.facts = p.question.facts;
    record.options = p.question.options;
    record.recommended = p.question.recommended;
  }
  if (decision.ruleId !== undefined) record.ruleId = decision.ruleId;
  if (settled.problem !== undefined) record.problem = settled.problem;
  if (settled.floor !== undefined) record.floor = settled.floor;
  if (settled.model) {
    record.model = {
      provider: settled.model.provider,
      model: settled.model.model,
      source: settled.model.source,
    };
  } else if (p.byRules && decision.basis === 'rule') {
    record.model = { provider: 'gavel', model: 'rules', source: 'rules' };
  }
  if (settled.prompt !== undefined) record.prompt = settled.prompt;
  return record;
}
