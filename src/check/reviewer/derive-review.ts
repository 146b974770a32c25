/**
 * Turns a validated reviewer answer into the outcome, in code: the model's risk is raised to the risk floor
 * of the open categories (risk-floor.ts; never lowered), then the policy's risk x authorization table gives
 * allow or deny; an allow in a presumption-of-denial category stands only with a goal quote found verbatim in
 * user-authored text that also names what the approval grants (host, path, package or source, branch:
 * grant-targets.ts, target-named.ts), else it is an escalation (`unnamed-target`; unattended, a deny); an
 * allow at medium risk or above is `approve_with_flag`. Pure (the shipped floors are bundled data).
 * INVARIANT: the model's answer never names the outcome; a never-grant category is never allowed here.
 */

import {
  type Authorization,
  deriveVerdict,
  NEVER_GRANT,
  type Outcome,
  type Risk,
  riskRank,
  type Verdict,
} from '../../core';
import { sentUserTurns } from './assemble-prompt';
import { type GrantTarget, grantTargets } from './grant-targets';
import type { ReviewerPolicy, ReviewerRequest } from './review-input';
import type { ReviewAnswer } from './review-schema';
import { bundledRiskFloors, type RiskFloors, riskFloor } from './risk-floor';
import { unnamedTargets } from './target-named';
import { verifyGoalQuote } from './verify-goal-quote';

export interface DerivedReview {
  verdict: Verdict;
  outcome: Outcome;
  reason: string;
  risk: Risk;
  authorization: Authorization;
  quoteVerified: boolean | null;
  /** Set when the approval fell because its quote did not name what it grants. */
  basis?: 'unnamed-target';
}

export function deriveReview(
  answer: ReviewAnswer,
  input: ReviewerRequest,
  policy: ReviewerPolicy,
  floors: RiskFloors = bundledRiskFloors(),
): DerivedReview {
  const { authorization } = answer;
  // INVARIANT: the model may raise risk above the category's floor, never lower it.
  const floor = riskFloor(floors, input.categories, input.shell);
  const raised = floor !== undefined && riskRank(floor.risk) > riskRank(answer.risk);
  const risk: Risk = raised ? floor.risk : answer.risk;
  const judged = raised
    ? `the reviewer judged risk \`${answer.risk}\`, raised to \`${risk}\` (the floor for ${floor.why}), and authorization \`${authorization}\``
    : `the reviewer judged risk \`${risk}\` and authorization \`${authorization}\``;
  const base = { risk, authorization };
  if (input.categories.some((c) => NEVER_GRANT.includes(c))) {
    return {
      ...base,
      verdict: 'deny',
      outcome: 'block',
      reason: 'a never-grant category reached review; it is denied',
      quoteVerified: null,
    };
  }
  const table = deriveVerdict(policy.derivation, risk, authorization);
  if (table === 'deny') {
    const threshold = policy.derivation[risk];
    const need =
      threshold === 'never'
        ? 'no authorization is enough'
        : `it needs authorization \`${threshold}\` or more`;
    return {
      ...base,
      verdict: 'deny',
      outcome: 'block',
      reason: `${judged}; at that risk ${need}`,
      quoteVerified: null,
    };
  }
  const presumed = input.categories.filter((c) => policy.presumptionOfDenial.includes(c));
  let quoteVerified: boolean | null = null;
  if (presumed.length > 0) {
    // INVARIANT: a quote counts only from what the reviewer was shown; a turn cut by the policy never grants.
    const shown = { ...input.trusted, userTurns: sentUserTurns(input, policy) };
    const check = verifyGoalQuote(answer.goal_quote, shown, policy.minQuoteChars);
    quoteVerified = check.ok;
    if (!check.ok) {
      const why = {
        missing: 'gave no quote of the user',
        'too-short': 'quoted too little of the user to count',
        'not-user-authored': 'quoted words the user never wrote',
      }[check.why];
      return {
        ...base,
        verdict: 'deny',
        outcome: 'block',
        reason: `approval of \`${[...presumed].sort().join('`, `')}\` needs the user's own words, and the reviewer ${why}`,
        quoteVerified,
      };
    }
    const unnamed = unnamedTargets(answer.goal_quote ?? '', grantTargets(input, presumed));
    if (unnamed.length > 0) {
      return {
        ...base,
        verdict: input.unattended ? 'deny' : 'escalate',
        outcome: input.unattended ? 'block' : 'escalate',
        basis: 'unnamed-target',
        reason: `approval of \`${[...new Set(unnamed.map((t) => t.category))].sort().join('`, `')}\` needs the user's words to name what it grants, and the quoted words name no ${describe(unnamed)}; a person must decide`,
        quoteVerified,
      };
    }
  }
  const flagged = riskRank(risk) >= riskRank('medium');
  return {
    ...base,
    verdict: 'allow',
    outcome: flagged ? 'approve_with_flag' : 'approve',
    reason: `${judged}, which the policy allows${flagged ? '; flagged for its risk' : ''}`,
    quoteVerified,
  };
}

const KIND_WORDS: Record<GrantTarget['kind'], string> = {
  host: 'host it connects to',
  path: 'path it reads or deletes',
  package: 'package or source it installs',
  branch: 'branch it force-pushes',
};

/** `host` or `host or path`: the kinds of target left unnamed. Never the names: they are the agent's text. */
function describe(unnamed: readonly GrantTarget[]): string {
  return [...new Set(unnamed.map((t) => KIND_WORDS[t.kind]))].join(' or ');
}
