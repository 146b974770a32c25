/**
 * Turns the policy's bucket into a Decision, applying the mode to the review bucket: `off` passes it with a
 * flag (basis `mode-off`), `ask` escalates it to a person (`mode-ask`; `unlisted` when nothing knows the request,
 * so the harness's own prompt decides), `auto` hands it to the injected model
 * reviewer (without one: escalate, `no-model`). Fail closed: a reviewer that throws or runs past
 * `check.timeout_ms` escalates (`internal-error`, `timeout`).
 * INVARIANT: `off` never passes an uncertain shape or a presumed-denied category; deny stays deny in every mode.
 */

import { type Decision, decide, type PolicyRef } from '../../core';
import { withDeadline } from '../../model';
import type { ShellAnalysis } from '../../shell';
import type { Facts } from '../facts/facts';
import type { CompiledPolicy } from '../policy/compiled-policy';
import type { Evaluation } from '../policy/evaluate-policy';
import type { CheckRequest } from '../request/request';
import { deciderId, describeDecider, where } from './describe';

export interface ModeReviewInput {
  request: CheckRequest;
  /** The shell analysis, when the request is a shell command. */
  analysis?: ShellAnalysis;
  facts: Facts;
  evaluation: Evaluation;
  policy: PolicyRef;
  timeoutMs: number;
}

/** The model reviewer seam: returns a checked Decision, or throws only on a bug. */
export type Reviewer = (input: ModeReviewInput, signal: AbortSignal) => Promise<Decision>;

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

/** What every Decision of one evaluation shares. */
interface Base {
  ruleId: string;
  categories: string[];
  policy: PolicyRef;
}

const decideWith = (
  base: Base,
  verdict: Decision['verdict'],
  basis: Decision['basis'],
  reason: string,
): Decision =>
  decide({ verdict, basis, reason, ruleId: base.ruleId, categories: base.categories, policy: base.policy });

/**
 * The Decision of the evaluation under the mode. Synchronous unless a model reviewer is asked (mode `auto`
 * with a reviewer): then a promise of the reviewer's Decision.
 */
export function applyMode(input: ModeInput): Decision | Promise<Decision> {
  const { evaluation: e, policy } = input;
  const base: Base = { ruleId: deciderId(e.decider), categories: input.categories, policy: policy.ref };
  const said = `${at(e)}${describeDecider(e.decider)}`;
  switch (e.bucket) {
    case 'deny':
      return decideWith(base, 'deny', 'rule', `denied by ${said}`);
    case 'allow':
      return decideWith(base, 'allow', 'rule', `allowed: ${said}`);
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
        return decideWith(
          base,
          'escalate',
          'uncertain',
          `a person must decide: ${said} (mode \`off\` never passes an uncertain shape)`,
        );
      if (e.presumed)
        return decideWith(
          base,
          'escalate',
          'rule',
          `a person must decide: ${said} (mode \`off\` never passes a presumed-denied category)`,
        );
      return decide({
        verdict: 'allow',
        outcome: 'approve_with_flag',
        basis: 'mode-off',
        reason: `passed without review (mode \`off\`): ${said}`,
        ruleId: base.ruleId,
        categories: base.categories,
        policy: base.policy,
      });
    case 'ask':
      // Unknown (nothing found, nothing knows it): basis `unlisted` hands the call back to the harness's own
      // prompt; a category, a rule, a scope or an uncertainty gavel can name stays gavel's own question.
      return decideWith(
        base,
        'escalate',
        e.decider.kind === 'uncertain'
          ? 'uncertain'
          : e.decider.kind === 'unlisted' || e.decider.kind === 'no-rule'
            ? 'unlisted'
            : 'mode-ask',
        `a person must decide (mode \`ask\`): ${said}`,
      );
    case 'auto':
      if (!input.reviewer)
        return decideWith(
          base,
          'escalate',
          'no-model',
          `needs review and no model reviewer is configured: ${said}`,
        );
      return review(input, input.reviewer, base, said);
    default: {
      const never: never = policy.mode;
      return never;
    }
  }
}

async function review(input: ModeInput, reviewer: Reviewer, base: Base, said: string): Promise<Decision> {
  const timeoutMs = input.policy.timeoutMs;
  const raced = await withDeadline(timeoutMs, (signal) =>
    reviewer(
      {
        request: input.request,
        ...(input.analysis ? { analysis: input.analysis } : {}),
        facts: input.facts,
        evaluation: input.evaluation,
        policy: base.policy,
        timeoutMs,
      },
      signal,
    ),
  );
  if (raced.ok) return raced.value;
  if (raced.ended === 'timeout')
    return decideWith(
      base,
      'escalate',
      'timeout',
      `the model review took longer than ${timeoutMs} ms: ${said}`,
    );
  return decideWith(base, 'escalate', 'internal-error', `the model review failed: ${said}`);
}
