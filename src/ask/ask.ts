/**
 * The arbiter's pipeline, and nothing but its order: envelope -> floor -> mode -> tag -> config ->
 * question -> rules -> answerer -> decision, disposition and what the audit log receives.
 * Pure apart from the model runner and its timer, both passed in; reads no file, env or clock of its own.
 * INVARIANT: every path that does not reach a verified rule or model answer ends in escalate (or
 * the floor's deny in an autonomous run) with its basis; nothing unplanned is ever an allow.
 */

import type { Clock, Decision } from '../core';
import type { ModelRunner } from '../model';
import { answerWithModel } from './answer/answer-with-model';
import { answerWithRules } from './answer/answer-with-rules';
import { conclude } from './answer/conclude';
import type { Settled } from './answer/settled';
import { checkFloor } from './floor/check-floor';
import type { ArbiterSource } from './limits/resolve-model';
import type { RunState } from './limits/run-state';
import type { AskAudit } from './log/ask-audit';
import type { AnswersLine, Disposition } from './mode/dispose';
import type { ArbiterPrompt } from './prompt/arbiter-prompt';
import { isKind, type Kind, type Mode } from './question/kinds';
import { type Question, readEnvelope, readQuestion } from './question/parse-question';
import { formatRulesProblem, type RulesLoad } from './rules/rule-set';

export type AskSettings =
  | { ok: true; enabled: boolean; callCap: number; timeoutMs: number }
  | { ok: false; problem: string };

export type Answerer =
  | { kind: 'rules' }
  | { kind: 'model'; runner: ModelRunner; source: Exclude<ArbiterSource, 'rules'> }
  | { kind: 'refused'; source: Exclude<ArbiterSource, 'rules'>; why: string }
  /** No model to ask: none configured (`no-model`) or the configured one cannot be opened. */
  | { kind: 'none'; basis: 'no-model' | 'config-invalid'; reason: string };

export interface AskInput {
  /** The question as parsed JSON; validated here. */
  question: unknown;
  /** The caller's mode when the question names none. */
  defaultMode: Mode;
  settings: AskSettings;
  rules: RulesLoad;
  prompt: ArbiterPrompt;
  answerer: Answerer;
  run: RunState;
  runId: string;
  sessionId?: string;
}

export interface AskAnswer {
  decision: Decision;
  mode: Mode;
  kind: Kind | null;
  disposition: Disposition;
  notice?: string;
  answersLine?: AnswersLine;
  /** The first problem in gavel's words (invalid input, facts, config, rules), for stderr. */
  problem?: string;
  /** What the surface writes to the audit log (recordDecision). */
  audit: AskAudit;
  run: RunState;
}

export async function ask(input: AskInput, clock: Clock): Promise<AskAnswer> {
  const started = clock.monotonicMs();
  const raw = input.question;
  const rawKind = typeof raw === 'object' && raw !== null ? (raw as { kind?: unknown }).kind : undefined;
  let kind: Kind | null = isKind(rawKind) ? rawKind : null;
  let question: Question | undefined;
  let mode = input.defaultMode;
  const settle = async (): Promise<Settled> => {
    const run = input.run;
    const envelope = readEnvelope(raw, input.defaultMode);
    mode = envelope.ok ? envelope.envelope.mode : envelope.mode;
    if (!envelope.ok) {
      return {
        verdict: 'escalate',
        basis: 'invalid-input',
        reason: 'the question could not be read',
        problem: envelope.problem,
        run,
      };
    }
    const floor = checkFloor(envelope.envelope.floor, mode);
    if (floor.held)
      return { verdict: floor.verdict, basis: 'floor', reason: floor.reason, floor: floor.causes, run };
    if (mode === 'ask')
      return {
        verdict: 'escalate',
        basis: 'mode-ask',
        reason: 'mode `ask`: a person answers, the arbiter is not consulted',
        run,
      };
    if (!envelope.envelope.tagged) {
      return {
        verdict: 'escalate',
        basis: 'untagged',
        reason: 'the question carries no policy tag: the caller keeps its own behaviour',
        run,
      };
    }
    if (!input.settings.ok) {
      return {
        verdict: 'escalate',
        basis: 'config-invalid',
        reason: 'the `[ask]` config did not validate',
        problem: input.settings.problem,
        run,
      };
    }
    if (!input.settings.enabled) {
      return {
        verdict: 'escalate',
        basis: 'mode-off',
        reason: 'the arbiter is turned off (`[ask] enabled = false`): the caller keeps its own behaviour',
        run,
      };
    }
    const read = readQuestion(raw as Record<string, unknown>);
    if (!read.ok)
      return {
        verdict: 'escalate',
        basis: read.basis,
        reason: `the question is not one the arbiter answers (${read.basis})`,
        problem: read.problem,
        run,
      };
    question = read.question;
    kind = question.kind;
    if (!input.rules.ok) {
      return {
        verdict: 'escalate',
        basis: 'rules-invalid',
        reason: 'the arbiter rules file did not validate',
        problem: formatRulesProblem(input.rules.problem),
        run,
      };
    }
    const rules = input.rules.rules;
    const answerer = input.answerer;
    switch (answerer.kind) {
      case 'rules':
        return answerWithRules(question, rules, run);
      case 'model':
        return answerWithModel({
          question,
          rules,
          prompt: input.prompt,
          runner: answerer.runner,
          source: answerer.source,
          callCap: input.settings.callCap,
          timeoutMs: input.settings.timeoutMs,
          run,
        });
      case 'refused':
        return {
          verdict: 'escalate',
          basis: 'model-refused',
          reason: `the configured arbiter model is refused (${answerer.why}); no call was made`,
          run,
        };
      case 'none':
        return { verdict: 'escalate', basis: answerer.basis, reason: answerer.reason, run };
      default: {
        const never: never = answerer;
        throw new Error(`unreachable: answerer \`${JSON.stringify(never)}\``);
      }
    }
  };
  const settled = await settle();
  const ms = Math.max(0, Math.round((clock.monotonicMs() - started) * 1000) / 1000);
  return conclude({ input, settled, mode, kind, question, ms, time: clock.now().toISOString() });
}
