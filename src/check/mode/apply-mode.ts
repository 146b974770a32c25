/**
 * Turns the policy's bucket into a Decision, applying the mode to the review bucket: `off` passes it with a
 * flag (basis `mode-off`), `ask` escalates it to a person (`mode-ask`), `auto` hands it to the injected model
 * reviewer (without one: escalate, `no-model`). Fail closed: a reviewer that throws or runs past
 * `check.timeout_ms` escalates (`internal-error`, `timeout`).
 * INVARIANT: `off` never passes an uncertain shape or a presumed-denied category; deny stays deny in every mode.
 */

import { type Decision, decide, type PolicyRef } from '../../core';
import type { ShellAnalysis } from '../../shell/types';
import type { Facts } from '../facts/facts';
import type { CompiledPolicy } from '../policy/compiled-policy';
import type { Evaluation } from '../policy/evaluate-policy';
import type { CheckRequest } from '../request/request';
import { deciderId, describeDecider, where } from './describe';

export interface ReviewInput {
  request: CheckRequest;
  /** The shell analysis, when the request is a shell command. */
  analysis?: ShellAnalysis;
  facts: Facts;
  evaluation: Evaluation;
  policy: PolicyRef;
  timeoutMs: number;
}

/** The model reviewer seam: returns a checked Decision, or throws only on a bug. */
export type Reviewer = (input: ReviewInput, signal: AbortSignal) => Promise<Decision>;

export interface ModeInput {
  request: CheckRequest;
  analysis?: ShellAnalysis;
  facts: Facts;
  evaluation: Evaluation;
  policy: CompiledPolicy;
  categories: string[];
  reviewer?: Reviewer;
}

const at = (e: Evaluation) => {
  const w = where(e);
  return w ? `${w}: ` : '';
};

export async function applyMode(input: ModeInput): Promise<Decision> {
  const { evaluation: e, policy } = input;
  const base = { ruleId: deciderId(e.decider), categories: input.categories, policy: policy.ref };
  const said = `${at(e)}${describeDecider(e.decider)}`;
  switch (e.bucket) {
    case 'deny':
      return decide({ ...base, verdict: 'deny', basis: 'rule', reason: `denied by ${said}` });
    case 'allow':
      return decide({ ...base, verdict: 'allow', basis: 'rule', reason: `allowed: ${said}` });
    case 'review':
      break;
    default: {
      const never: never = e.bucket;
      return never;
    }
  }
  switch (policy.mode) {
    case 'off':
      if (e.uncertain)
        return decide({
          ...base,
          verdict: 'escalate',
          basis: 'uncertain',
          reason: `a person must decide: ${said} (mode \`off\` never passes an uncertain shape)`,
        });
      if (e.presumed)
        return decide({
          ...base,
          verdict: 'escalate',
          basis: 'rule',
          reason: `a person must decide: ${said} (mode \`off\` never passes a presumed-denied category)`,
        });
      return decide({
        ...base,
        verdict: 'allow',
        outcome: 'approve_with_flag',
        basis: 'mode-off',
        reason: `passed without review (mode \`off\`): ${said}`,
      });
    case 'ask':
      return decide({
        ...base,
        verdict: 'escalate',
        basis: e.decider.kind === 'uncertain' ? 'uncertain' : 'mode-ask',
        reason: `a person must decide (mode \`ask\`): ${said}`,
      });
    case 'auto':
      return review(input, base, said);
    default: {
      const never: never = policy.mode;
      return never;
    }
  }
}

async function review(
  input: ModeInput,
  base: { ruleId: string; categories: string[]; policy: PolicyRef },
  said: string,
): Promise<Decision> {
  if (!input.reviewer) {
    return decide({
      ...base,
      verdict: 'escalate',
      basis: 'no-model',
      reason: `needs review and no model reviewer is configured: ${said}`,
    });
  }
  const controller = new AbortController();
  const timeoutMs = input.policy.timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('timeout');
    }, timeoutMs);
  });
  try {
    const answer = await Promise.race([
      input.reviewer(
        {
          request: input.request,
          ...(input.analysis ? { analysis: input.analysis } : {}),
          facts: input.facts,
          evaluation: input.evaluation,
          policy: base.policy,
          timeoutMs,
        },
        controller.signal,
      ),
      timedOut,
    ]);
    if (answer === 'timeout') {
      return decide({
        ...base,
        verdict: 'escalate',
        basis: 'timeout',
        reason: `the model review took longer than ${timeoutMs} ms: ${said}`,
      });
    }
    return answer;
  } catch {
    return decide({
      ...base,
      verdict: 'escalate',
      basis: 'internal-error',
      reason: `the model review failed: ${said}`,
    });
  } finally {
    if (timer) clearTimeout(timer);
  }
}
