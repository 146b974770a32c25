/**
 * The model answerer: the run's cache, the run's call cap, one call with no tools through the model
 * runner (its caps, refusals, reply validation) under a timeout, then the answer verified in code.
 * The runner is passed in; the timer is the only effect of its own.
 * INVARIANT: every failure (cap, timeout, refusal, provider error, a throw, an answer that fails
 * verification) is an escalate with its basis; only a verified answer is used or cached.
 */

import * as z from 'zod/mini';
import { assertNever, type Basis, VERDICTS } from '../../core';
import { type ModelFailure, type ModelRunner, type StructuredResult, withDeadline } from '../../model';
import type { ArbiterSource } from '../limits/resolve-model';
import { questionCacheKey, type RunState, withCached, withCall } from '../limits/run-state';
import { type ArbiterPrompt, buildArbiterRequest, promptRef } from '../prompt/arbiter-prompt';
import type { Question } from '../question/parse-question';
import type { RuleSet } from '../rules/rule-set';
import type { ModelTrace, Settled } from './settled';
import { verifyReply } from './verify-answer';

export interface ModelStepInput {
  question: Question;
  rules: RuleSet;
  prompt: ArbiterPrompt;
  runner: ModelRunner;
  source: Exclude<ArbiterSource, 'rules'>;
  callCap: number;
  timeoutMs: number;
  run: RunState;
}

export function basisOfFailure(failure: ModelFailure): Basis {
  switch (failure) {
    case 'timeout':
      return 'timeout';
    case 'refusal':
    case 'refused-model':
      return 'model-refused';
    case 'error':
      return 'model-error';
    case 'cap':
      return 'cap';
    case 'invalid-output':
      return 'invalid-output';
    case 'estimate':
      // Nothing was sent: an estimate never answers a question.
      return 'no-model';
    default:
      return assertNever(failure);
  }
}

/** The reply's shape, checked by the runner; what it means is checked by verifyReply. */
const Reply = z.strictObject({ ruleId: z.string(), verdict: z.enum(VERDICTS), option: z.number() });
type Reply = z.infer<typeof Reply>;

type Call = { ok: true; result: StructuredResult<Reply> } | { ok: false; basis: 'timeout' | 'model-error' };

async function callWithTimeout(input: ModelStepInput, timeoutMs: number): Promise<Call> {
  const request = buildArbiterRequest(input.prompt, input.question, input.rules, timeoutMs);
  const raced = await withDeadline(timeoutMs, (signal) => input.runner.complete(request, Reply, signal));
  if (raced.ok) return { ok: true, result: raced.value };
  return { ok: false, basis: raced.ended === 'timeout' ? 'timeout' : 'model-error' };
}

export async function answerWithModel(input: ModelStepInput): Promise<Settled> {
  const { question, rules, runner, source } = input;
  const prompt = promptRef(input.prompt);
  const key = questionCacheKey(question, rules, prompt);
  const hit = input.run.cache[key];
  if (hit) {
    return {
      verdict: hit.verdict,
      basis: 'cache',
      ruleId: hit.ruleId,
      reason: `answered from this run's cache: rule ${hit.ruleId} gave ${hit.verdict} for the same question`,
      model: {
        provider: hit.provider,
        model: hit.model,
        source,
        inputTokens: 0,
        outputTokens: 0,
        costUsd: 0,
      },
      prompt,
      run: input.run,
    };
  }
  if (input.run.calls >= input.callCap) {
    return {
      verdict: 'escalate',
      basis: 'cap',
      reason: `the run has used its ${input.callCap} arbiter calls; a person decides`,
      run: input.run,
    };
  }
  const run = withCall(input.run);
  const call = await callWithTimeout(input, input.timeoutMs);
  const base: ModelTrace = {
    provider: runner.provider,
    model: runner.model,
    source,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
  };
  if (!call.ok) {
    const reason =
      call.basis === 'timeout'
        ? `the arbiter did not answer within ${input.timeoutMs} ms`
        : 'the model client failed';
    return { verdict: 'escalate', basis: call.basis, reason, model: base, prompt, run };
  }
  const result = call.result;
  const model: ModelTrace = {
    provider: result.provider,
    model: result.model,
    source,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    costUsd: result.usage.costUsd,
  };
  if (!result.ok) {
    const basis = basisOfFailure(result.failure);
    return {
      verdict: 'escalate',
      basis,
      reason: `the model call ended without an answer (${result.failure})`,
      model,
      prompt,
      run,
    };
  }
  const verified = verifyReply(result.value, question, rules);
  if (!verified.ok) {
    return {
      verdict: 'escalate',
      basis: 'invalid-output',
      reason: `${verified.reason}; a person decides`,
      model,
      prompt,
      run,
    };
  }
  const reason = verified.overruled
    ? `the model cited rule ${verified.citedRuleId}; the stricter rule ${verified.ruleId} also holds: ${verified.verdict}`
    : `the model cited rule ${verified.ruleId}, which holds for this \`${question.kind}\` question: ${verified.verdict}`;
  return {
    verdict: verified.verdict,
    basis: 'model',
    ruleId: verified.ruleId,
    reason,
    model,
    prompt,
    run: withCached(run, key, {
      verdict: verified.verdict,
      ruleId: verified.ruleId,
      provider: result.provider,
      model: result.model,
    }),
  };
}
