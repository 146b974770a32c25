/**
 * Turns a validated reviewer answer into the outcome, in code: the policy's risk x authorization table
 * gives allow or deny; an allow in a presumption-of-denial category stands only with a goal quote found
 * verbatim in user-authored text; an allow at medium risk or above is `approve_with_flag`. Pure.
 * INVARIANT: the model's answer never names the outcome; a never-grant category is never allowed here.
 */

import {
  type Authorization,
  deriveVerdict,
  type Outcome,
  type Risk,
  riskRank,
  type Verdict,
} from '../../core';
import { NEVER_GRANT } from '../../shell/category';
import { sentUserTurns } from './assemble-prompt';
import type { ReviewerPolicy, ReviewInput } from './review-input';
import type { ReviewAnswer } from './review-schema';
import { verifyGoalQuote } from './verify-goal-quote';

export interface DerivedReview {
  verdict: Verdict;
  outcome: Outcome;
  reason: string;
  risk: Risk;
  authorization: Authorization;
  quoteVerified: boolean | null;
}

export function deriveReview(
  answer: ReviewAnswer,
  input: ReviewInput,
  policy: ReviewerPolicy,
): DerivedReview {
  const { risk, authorization } = answer;
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
      reason: `the reviewer judged risk \`${risk}\` and authorization \`${authorization}\`; at that risk ${need}`,
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
  }
  const flagged = riskRank(risk) >= riskRank('medium');
  return {
    ...base,
    verdict: 'allow',
    outcome: flagged ? 'approve_with_flag' : 'approve',
    reason: `the reviewer judged risk \`${risk}\` and authorization \`${authorization}\`, which the policy allows${flagged ? '; flagged for its risk' : ''}`,
    quoteVerified,
  };
}
