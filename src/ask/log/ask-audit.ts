/**
 * What the arbiter hands to the audit log for one question: the Decision (its reason with the first
 * problem in gavel's words, when there is one) and the audit context: surface `ask`, the question
 * kind, run and session, a hash of the validated question, and the typed detail values.
 * Pure. INVARIANT: built from validated values only (kind, typed facts, numbers, closed names); the
 * question's text, labels and named action, and any model output, never appear in it. The detail
 * has at most 10 keys (checkDetail's limit): a kind's facts (three at most, under their own names),
 * `options`, `recommended`, `mode`, `disposition`, `modelSource`, `floor` and `prompt`.
 */

import { type AuditContext, type AuditDetailValue, subjectOf } from '../../audit';
import type { Decision } from '../../core';
import type { Settled } from '../answer/settled';
import type { Disposition } from '../mode/dispose';
import type { Kind, Mode } from '../question/kinds';
import type { Question } from '../question/parse-question';

export interface AskAudit {
  decision: Decision;
  context: AuditContext;
}

export interface AuditParts {
  runId: string;
  sessionId?: string;
  /** The rules evaluator answered (no model was asked). */
  byRules: boolean;
  settled: Settled;
  decision: Decision;
  question: Question | undefined;
  /** `null` for an untagged question or a kind gavel does not know (the unknown name is not kept). */
  kind: Kind | null;
  mode: Mode;
  disposition: Disposition;
}

/** The audit `kind` of a question gavel could not name. */
export const UNKNOWN_KIND = 'unknown';

export function buildAskAudit(p: AuditParts): AskAudit {
  const { settled } = p;
  const detail: Record<string, AuditDetailValue> = {};
  if (p.question) {
    for (const [name, value] of Object.entries(p.question.facts)) detail[name] = value;
    detail.options = p.question.options;
    detail.recommended = p.question.recommended;
  }
  detail.mode = p.mode;
  detail.disposition = p.disposition;
  if (settled.model) detail.modelSource = settled.model.source;
  else if (p.byRules && p.decision.basis === 'rule') detail.modelSource = 'rules';
  if (settled.floor !== undefined) detail.floor = settled.floor.join(',');
  if (settled.prompt !== undefined) detail.prompt = settled.prompt;
  const decision: Decision =
    settled.problem === undefined
      ? p.decision
      : { ...p.decision, reason: `${p.decision.reason}: ${settled.problem}` };
  const context: AuditContext = { surface: 'ask', kind: p.kind ?? UNKNOWN_KIND, runId: p.runId, detail };
  if (p.sessionId !== undefined) context.sessionId = p.sessionId;
  if (p.question) {
    const { kind, facts, options, recommended } = p.question;
    context.subject = subjectOf({ kind, facts, options, recommended });
  }
  return { decision, context };
}
