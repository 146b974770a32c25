/**
 * One tool call can touch several targets (a patch adding three files, a tool with several path fields): each
 * is checked on its own and the call gets the strictest decision, with the suggested rules of every target at
 * that verdict. A call with no target is never an allow. Owns that rule; opening config, adapting a harness's
 * input and recording the line belong to the runtime.
 */

import { type Decision, decide, type PolicyRef, verdictRank } from '../core';
import { type CheckDeps, checkWithTrace } from './pipeline';
import type { CheckRequest } from './request/request';

export interface TargetsResult {
  decision: Decision;
  /** Exact rules that would allow it (never for floor cases); hold the command, never audited. */
  suggestions: string[];
}

export async function checkTargets(
  requests: readonly CheckRequest[],
  deps: CheckDeps,
  policy: PolicyRef,
): Promise<TargetsResult> {
  let worst: TargetsResult | undefined;
  for (const request of requests) {
    const result = await checkWithTrace(request, deps);
    const rank = verdictRank(result.decision.verdict);
    const worstRank = worst ? verdictRank(worst.decision.verdict) : -1;
    // At the same verdict, what gavel found (a category, a rule) beats "nothing knows it" (`unlisted`), which a
    // harness answers by handing the call back: a shell step that runs `apply_patch` must not hide the patch's
    // persistence behind its own unknown program.
    const found = worst?.decision.basis === 'unlisted' && result.decision.basis !== 'unlisted';
    if (!worst || rank > worstRank || (rank === worstRank && found)) {
      worst = {
        decision: result.decision,
        suggestions: [...(worst && rank === worstRank ? worst.suggestions : []), ...result.suggestions],
      };
    } else if (rank === worstRank) {
      worst.suggestions.push(...result.suggestions);
    }
  }
  // INVARIANT: a call with no target is never an allow.
  return (
    worst ?? {
      decision: decide({
        verdict: 'deny',
        basis: 'invalid-input',
        reason: 'the tool call names nothing to judge',
        policy,
      }),
      suggestions: [],
    }
  );
}
