/**
 * The `reviewer` section of rules/check-policy.json: the model reviewer's numbers as versioned data (posture,
 * context, prompt and output budgets, timeout, quote length, circuit breaker, risk x authorization table).
 * Pure: the schema checks shapes and ranges; `reviewerPolicyOf` checks the derivation table with core's
 * checkDerivationTable and the breaker's consistency, and joins the policy's presumed categories.
 * Never reads a file and never applies config: the seam (reviewer-seam.ts) lays the user's keys over it.
 */

import * as z from 'zod/mini';
import { REVIEWER_CONTEXT_MODES, REVIEWER_ESCALATIONS, REVIEWER_POSTURES } from '../../config';
import { type Category, checkDerivationTable, isCategory } from '../../core';
import { REASONING_EFFORTS } from '../../model';
import type { ReviewerPolicy } from '../reviewer/review-input';

const count = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));

export const REVIEWER_SECTION_SCHEMA = z.lazy(() =>
  z.strictObject({
    posture: z.enum(REVIEWER_POSTURES),
    context_mode: z.enum(REVIEWER_CONTEXT_MODES),
    user_turns: count(1, 20),
    // null: unlimited (seed 004); a bound windows the oldest context out first.
    token_budget: z.nullable(count(1_000, 1_000_000)),
    conversation_turns: count(0, 50),
    escalation: z.enum(REVIEWER_ESCALATIONS),
    max_output_tokens: count(64, 16_384),
    reasoning_effort: z.enum(REASONING_EFFORTS),
    timeout_ms: count(100, 120_000),
    on_timeout: z.enum(['deny', 'escalate']),
    min_quote_chars: count(1, 200),
    breaker: z.strictObject({
      consecutive_denials: count(1, 100),
      total_denials: count(1, 1_000),
      consecutive_outages: count(1, 100),
    }),
    // Checked whole by checkDerivationTable (every risk, known thresholds, monotone), which names the key.
    derivation: z.unknown(),
  }),
);
export type ReviewerSection = z.infer<typeof REVIEWER_SECTION_SCHEMA>;

export type ReviewerParse = { ok: true; policy: ReviewerPolicy } | { ok: false; problem: string };

const WHERE = 'rules/check-policy.json: `reviewer';

/** The reviewer's policy from the parsed section and the policy's presumed categories (unknown ones dropped). */
export function reviewerPolicyOf(section: ReviewerSection, presumeDeny: Iterable<string>): ReviewerParse {
  const table = checkDerivationTable(section.derivation);
  if (!table.ok) {
    return {
      ok: false,
      problem: `${WHERE}.derivation${table.key ? `.${table.key}` : ''}\`: ${table.problem}`,
    };
  }
  const b = section.breaker;
  if (b.total_denials < b.consecutive_denials) {
    return {
      ok: false,
      problem: `${WHERE}.breaker.total_denials\`: must be at least \`consecutive_denials\` (${b.consecutive_denials})`,
    };
  }
  const presumed: Category[] = [];
  for (const c of presumeDeny) if (isCategory(c) && !presumed.includes(c)) presumed.push(c);
  return {
    ok: true,
    policy: Object.freeze({
      posture: section.posture,
      contextMode: section.context_mode,
      userTurns: section.user_turns,
      tokenBudget: section.token_budget,
      conversationTurns: section.conversation_turns,
      escalation: section.escalation,
      maxOutputTokens: section.max_output_tokens,
      effort: section.reasoning_effort,
      timeoutMs: section.timeout_ms,
      onTimeout: section.on_timeout,
      derivation: table.table,
      presumptionOfDenial: Object.freeze(presumed),
      minQuoteChars: section.min_quote_chars,
      breaker: Object.freeze({
        consecutiveDenials: b.consecutive_denials,
        totalDenials: b.total_denials,
        consecutiveOutages: b.consecutive_outages,
      }),
    }),
  };
}
