/**
 * The end of the arbiter's pipeline: a settled answer turned into the Decision, its disposition by
 * mode and what the audit log receives; and the answer that replaces one whose audit record could
 * not be written (`unrecordedAnswer`). Pure.
 */

import { decide, NO_POLICY, type PolicyRef } from '../../core';
import type { AskAnswer, AskInput } from '../ask';
import { buildAskAudit } from '../log/ask-audit';
import { dispose } from '../mode/dispose';
import type { Kind, Mode } from '../question/kinds';
import type { Question } from '../question/parse-question';
import type { Settled } from './settled';

/**
 * The answer when its audit record could not be written: never an allow. An escalate (a deny in an
 * autonomous run, where nobody is there) with basis `internal-error`; the run state is kept, since the
 * call, if any, was made.
 */
export function unrecordedAnswer(input: AskInput, answer: AskAnswer, time: string): AskAnswer {
  const settled: Settled = {
    verdict: answer.mode === 'autonomous' ? 'deny' : 'escalate',
    basis: 'internal-error',
    reason: 'the decision could not be written to the audit log; a person decides',
    run: answer.run,
  };
  return conclude({
    input,
    settled,
    mode: answer.mode,
    kind: answer.kind,
    question: undefined,
    ms: answer.decision.ms,
    time,
  });
}

export interface Conclusion {
  input: AskInput;
  settled: Settled;
  mode: Mode;
  kind: Kind | null;
  question: Question | undefined;
  ms: number;
  time: string;
}

/** The settled answer as a Decision, its disposition by mode, and what the audit log receives. */
export function conclude({ input, settled, mode, kind, question, ms, time }: Conclusion): AskAnswer {
  const policy: PolicyRef = input.rules.ok
    ? { version: input.rules.rules.version, sha256: input.rules.rules.sha256 }
    : NO_POLICY;
  const decision = decide({
    verdict: settled.verdict,
    basis: settled.basis,
    reason: settled.reason,
    ...(settled.ruleId !== undefined ? { ruleId: settled.ruleId } : {}),
    ...(settled.floor !== undefined ? { categories: settled.floor } : {}),
    ...(settled.model !== undefined
      ? {
          model: {
            provider: settled.model.provider,
            model: settled.model.model,
            tokens: { input: settled.model.inputTokens, output: settled.model.outputTokens },
            costUsd: settled.model.costUsd,
          },
        }
      : {}),
    ms,
    policy,
  });
  const disposed = dispose({
    mode,
    verdict: decision.verdict,
    basis: decision.basis,
    kind,
    time,
    runId: input.runId,
    ...(decision.ruleId ? { ruleId: decision.ruleId } : {}),
  });
  const audit = buildAskAudit({
    runId: input.runId,
    ...(input.sessionId !== undefined ? { sessionId: input.sessionId } : {}),
    byRules: input.answerer.kind === 'rules',
    settled,
    decision,
    question,
    kind,
    mode,
    disposition: disposed.disposition,
  });
  const answer: AskAnswer = {
    decision,
    mode,
    kind,
    disposition: disposed.disposition,
    audit,
    run: settled.run,
  };
  if (settled.problem !== undefined) answer.problem = settled.problem;
  if (disposed.notice !== undefined) answer.notice = disposed.notice;
  if (disposed.answersLine !== undefined) answer.answersLine = disposed.answersLine;
  return answer;
}
