/**
 * Action review, in order: shell analysis (injected, on the request's one ShellEnv) -> facts -> sealed floor -> policy -> mode (and the
 * reviewer seam) -> Decision. Holds the order and nothing else; every stage is pure and lives in its folder.
 * Fail closed: a shell analyzer that throws ends in deny with basis `internal-error`.
 */

import { type Clock, type Decision, decide } from '../core';
import type { ShellAnalysis } from '../shell/types';
import { collectFacts } from './facts/collect-facts';
import type { Facts } from './facts/facts';
import { shellEnvOf } from './facts/shell-env';
import { decideFloor, type FloorHit } from './floor/decide-floor';
import { applyMode, type Reviewer } from './mode/apply-mode';
import type { AnalyzeShell } from './policy/check-examples';
import type { CompiledPolicy } from './policy/compiled-policy';
import { type Evaluation, evaluatePolicy } from './policy/evaluate-policy';
import { suggestRule } from './policy/suggest-rule';
import type { CheckRequest } from './request/request';

export interface CheckDeps {
  analyzeShell: AnalyzeShell;
  policy: CompiledPolicy;
  clock: Clock;
  reviewer?: Reviewer;
}

export interface CheckResult {
  decision: Decision;
  analysis?: ShellAnalysis;
  facts?: Facts;
  floor?: FloorHit;
  evaluation?: Evaluation;
  /** Exact rules a user could add to `[check].allow`; empty for floor and uncertainty. Holds the command: never audited. */
  suggestions: string[];
}

export async function checkWithTrace(request: CheckRequest, deps: CheckDeps): Promise<CheckResult> {
  const started = deps.clock.monotonicMs();
  const policy = deps.policy;
  const done = (result: CheckResult): CheckResult => {
    result.decision.ms = Math.max(0, Math.round(deps.clock.monotonicMs() - started));
    return result;
  };
  let analysis: ShellAnalysis | undefined;
  if (request.input.kind === 'shell') {
    try {
      analysis = await deps.analyzeShell(request.input.command, shellEnvOf(request, policy));
    } catch {
      const decision = decide({
        verdict: 'deny',
        basis: 'internal-error',
        reason: 'the shell analysis failed; nothing is allowed without it',
        policy: policy.ref,
      });
      return done({ decision, suggestions: [] });
    }
  }
  const facts = collectFacts(request, analysis, policy);
  const categories = facts.targets.flatMap((t) => t.categories.map((c) => c.category));
  const floor = decideFloor(facts, policy.floor);
  if (floor) {
    const decision = decide({
      verdict: 'deny',
      basis: 'floor',
      reason: `the sealed floor never grants \`${floor.category}\`: ${floor.label} ${floor.reason}`,
      ruleId: `floor:${floor.category}`,
      categories,
      policy: policy.ref,
    });
    return done({ decision, analysis, facts, floor, suggestions: [] });
  }
  const evaluation = evaluatePolicy(facts, policy, request);
  const decision = await applyMode({
    request,
    ...(analysis ? { analysis } : {}),
    facts,
    evaluation,
    policy,
    categories,
    reviewer: deps.reviewer,
  });
  const suggestions =
    decision.verdict === 'allow'
      ? []
      : evaluation.targets
          .filter((v) => v.bucket === 'review')
          .map((v) => facts.targets[v.target])
          .filter((t) => t !== undefined)
          .map((t) => suggestRule(t.target));
  return done({
    decision,
    analysis,
    facts,
    evaluation,
    suggestions: evaluation.decider.kind === 'uncertain' ? [] : suggestions,
  });
}

export async function check(request: CheckRequest, deps: CheckDeps): Promise<Decision> {
  return (await checkWithTrace(request, deps)).decision;
}
