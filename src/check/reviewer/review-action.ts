/**
 * The model reviewer for action review (mode `auto`, `review` bucket only): breaker, prompt, one model
 * call through the runner, strict validation, outcome derived in code, breaker update, one record.
 * Fails closed: no model -> escalate `no-model`; timeout -> the policy's `onTimeout`; invalid, refused
 * or failed output -> escalate with its basis; an open breaker -> escalate (unattended: deny and stop).
 * Never throws for an expected failure; a broken breaker store is `internal-error`, never an allow.
 */

import {
  type Authorization,
  type Basis,
  type Clock,
  type Decision,
  decide,
  type PolicyRef,
  type Risk,
  type Verdict,
} from '../../core';
import type { Egress, ModelFailure, ModelRunner } from '../../model';
import { assembleReview } from './assemble-prompt';
import { type BreakerCounts, type BreakerStore, breakerState } from './circuit-breaker';
import { deriveReview } from './derive-review';
import type { PromptCustom, ReviewerPolicy, ReviewerRequest } from './review-input';
import { reviewAnswerSchema } from './review-schema';
import type { ReviewerPrompt } from './reviewer-prompt';

export interface ReviewDeps {
  /** Undefined when no model is configured. */
  runner: ModelRunner | undefined;
  egress?: Egress;
  policy: ReviewerPolicy;
  policyRef: PolicyRef;
  prompt: ReviewerPrompt;
  /** The user's appends, a trusted project's appends, or the user's override; none by default. */
  custom?: PromptCustom;
  breaker: BreakerStore;
  clock: Clock;
}

/** The reviewer line of the audit log: no prompt, no model text, no untrusted text. */
export interface ReviewerRecord {
  kind: 'reviewer';
  session: string;
  provider: string | null;
  model: string | null;
  modelSource: string | null;
  promptId: string | null;
  /** sha256 of the system prompt sent; null when none was assembled. */
  promptSha256: string | null;
  /** Earlier non-allows of this same request in the session (recorded whatever `escalation` says). */
  contention: number;
  tokens: { input: number; output: number };
  costUsd: number;
  ms: number;
  cached: boolean;
  original: Verdict;
  final: { verdict: Verdict; outcome: Decision['outcome'] };
  basis: Basis;
  failure: ModelFailure | null;
  quoteVerified: boolean | null;
  contextOmitted: number;
  breaker: BreakerCounts | null;
}

export interface ReviewOutcome {
  decision: Decision;
  record: ReviewerRecord;
  /** The run must stop (breaker tripped while unattended, or too many denials). */
  stopRun: boolean;
  /** The model's own words, for display only: model output, never put in a log line. */
  rationale?: string;
}

export async function reviewAction(input: ReviewerRequest, deps: ReviewDeps): Promise<ReviewOutcome> {
  const started = deps.clock.monotonicMs();
  const categories = [...input.categories];
  const record: ReviewerRecord = {
    kind: 'reviewer',
    session: input.session,
    provider: deps.egress?.provider ?? deps.runner?.provider ?? null,
    model: deps.egress?.model ?? deps.runner?.model ?? null,
    modelSource: deps.egress?.source ?? null,
    promptId: null,
    promptSha256: null,
    contention: 0,
    tokens: { input: 0, output: 0 },
    costUsd: 0,
    ms: 0,
    cached: false,
    original: input.policyVerdict,
    final: { verdict: 'escalate', outcome: 'escalate' },
    basis: 'internal-error',
    failure: null,
    quoteVerified: null,
    contextOmitted: 0,
    breaker: null,
  };
  type Extra = {
    outcome?: Decision['outcome'];
    stopRun?: boolean;
    rationale?: string;
    risk?: Risk;
    authorization?: Authorization;
  };
  const finish = (verdict: Verdict, basis: Basis, reason: string, extra: Extra = {}): ReviewOutcome => {
    const decision = decide({
      verdict,
      ...(extra.outcome ? { outcome: extra.outcome } : {}),
      basis,
      reason,
      categories,
      ms: Math.round(deps.clock.monotonicMs() - started),
      policy: deps.policyRef,
      ...(extra.risk ? { risk: extra.risk } : {}),
      ...(extra.authorization ? { authorization: extra.authorization } : {}),
      ...(record.provider && record.model && record.promptId
        ? {
            model: {
              provider: record.provider,
              model: record.model,
              tokens: record.tokens,
              costUsd: record.costUsd,
              ...(record.promptSha256 ? { promptSha256: record.promptSha256 } : {}),
            },
          }
        : {}),
    });
    record.final = { verdict: decision.verdict, outcome: decision.outcome };
    record.basis = basis;
    record.ms = decision.ms;
    return {
      decision,
      record,
      stopRun: extra.stopRun ?? false,
      ...(extra.rationale ? { rationale: extra.rationale } : {}),
    };
  };
  const personOrStop = (unattended: boolean): Verdict => (unattended ? 'deny' : 'escalate');

  if (!deps.runner)
    return finish('escalate', 'no-model', 'this action needs the model reviewer and no model is configured');

  let counts: BreakerCounts;
  try {
    counts = await deps.breaker.counts(input.session);
  } catch {
    return finish(
      personOrStop(input.unattended),
      'internal-error',
      'the reviewer breaker store could not be read',
    );
  }
  record.breaker = counts;
  const state = breakerState(counts, deps.policy.breaker, input.unattended);
  if (state.open) {
    const why = {
      'consecutive-denials': `the reviewer denied ${counts.consecutiveDenials} actions in a row`,
      'total-denials': `the reviewer denied ${counts.totalDenials} actions in this session`,
      outages: `the reviewer failed ${counts.consecutiveOutages} times in a row`,
    }[state.why];
    const verdict: Verdict = state.why === 'total-denials' ? 'deny' : personOrStop(input.unattended);
    return finish(verdict, 'breaker', `${why}; the model is not asked again`, { stopRun: state.stopRun });
  }

  const assembled = assembleReview(input, deps.policy, deps.prompt, deps.custom);
  if (!assembled.ok)
    return finish(
      personOrStop(input.unattended),
      assembled.config ? 'config-invalid' : 'invalid-input',
      `the review could not be assembled: ${assembled.problem}`,
    );
  record.promptId = assembled.request.promptId;
  record.promptSha256 = assembled.promptSha256;
  record.contention = assembled.contention;
  record.contextOmitted = assembled.omitted;

  const result = await deps.runner.complete(assembled.request, reviewAnswerSchema());
  record.tokens = { input: result.usage.inputTokens, output: result.usage.outputTokens };
  record.costUsd = result.usage.costUsd;
  record.provider = result.provider;
  record.model = result.model;

  const note = async (event: 'deny' | 'allow' | 'outage'): Promise<boolean> => {
    try {
      record.breaker = await deps.breaker.record(input.session, event);
      return true;
    } catch {
      return false;
    }
  };

  if (!result.ok) {
    record.failure = result.failure;
    const outage =
      result.failure === 'timeout' ||
      result.failure === 'error' ||
      result.failure === 'refusal' ||
      result.failure === 'invalid-output';
    if (outage && !(await note('outage')))
      return finish(
        personOrStop(input.unattended),
        'internal-error',
        'the reviewer breaker store could not be written',
      );
    const f = result.failure;
    switch (f) {
      case 'timeout':
        return finish(
          deps.policy.onTimeout,
          'timeout',
          `the reviewer did not answer within ${deps.policy.timeoutMs} ms`,
        );
      case 'invalid-output':
        return finish(
          personOrStop(input.unattended),
          'invalid-output',
          'the reviewer answered something that failed validation',
        );
      case 'refusal':
        return finish(
          personOrStop(input.unattended),
          'model-refused',
          'the reviewer model refused to answer',
        );
      case 'refused-model':
        return finish(
          personOrStop(input.unattended),
          'model-refused',
          `model \`${result.model}\` is on the refused list and was not called`,
        );
      case 'cap':
      case 'estimate':
        return finish(personOrStop(input.unattended), 'cap', 'a model cap left the review unmade');
      case 'error':
        return finish(personOrStop(input.unattended), 'model-error', 'the reviewer model failed to answer');
      default: {
        const never: never = f;
        return finish('deny', 'internal-error', `unknown model failure \`${String(never)}\``);
      }
    }
  }

  record.cached = result.cached;
  const derived = deriveReview(result.value, input, deps.policy);
  record.quoteVerified = derived.quoteVerified;
  if (!(await note(derived.verdict === 'allow' ? 'allow' : 'deny'))) {
    return finish(
      personOrStop(input.unattended),
      'internal-error',
      'the reviewer breaker store could not be written',
    );
  }
  const basis: Basis = derived.basis ?? (result.cached ? 'cache' : 'model');
  if (
    derived.verdict === 'allow' &&
    record.contention > 0 &&
    deps.policy.escalation === 'escalate-after-model'
  )
    return finish(
      personOrStop(input.unattended),
      'rule',
      `the reviewer would allow a request already refused ${record.contention} time(s) in this session; \`reviewer_escalation = "escalate-after-model"\` asks a person`,
      { risk: derived.risk, authorization: derived.authorization },
    );
  return finish(derived.verdict, basis, derived.reason, {
    outcome: derived.outcome,
    rationale: result.value.rationale,
    risk: derived.risk,
    authorization: derived.authorization,
  });
}
