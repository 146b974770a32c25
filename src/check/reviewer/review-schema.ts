/**
 * The reviewer's answer: risk, authorization, a rationale and, for a presumption-of-denial category,
 * the user's words that grant it. The JSON Schema sent to the provider and the zod schema that checks
 * every reply, strictly (no extra field, no verdict: the outcome is derived in code).
 */

import * as z from 'zod/mini';
import { AUTHORIZATIONS, RISKS } from '../../core';

export const REVIEW_SCHEMA_NAME = 'record_review';

export const REVIEW_JSON_SCHEMA: Record<string, unknown> = Object.freeze({
  type: 'object',
  additionalProperties: false,
  properties: {
    risk: { type: 'string', enum: [...RISKS], description: 'how bad the worst plausible effect is' },
    authorization: {
      type: 'string',
      enum: [...AUTHORIZATIONS],
      description: "how clearly the user's own words ask for it",
    },
    rationale: { type: 'string', description: 'two or three sentences on the facts behind both values' },
    goal_quote: {
      type: ['string', 'null'],
      description: "the user's words that grant it, verbatim, or null",
    },
  },
  required: ['authorization', 'goal_quote', 'rationale', 'risk'],
});

function reviewAnswer() {
  return z.strictObject({
    risk: z.enum(RISKS),
    authorization: z.enum(AUTHORIZATIONS),
    rationale: z.string().check(z.minLength(1), z.maxLength(2_000)),
    goal_quote: z.nullable(z.string().check(z.maxLength(1_000))),
  });
}

let answerSchema: ReturnType<typeof reviewAnswer> | undefined;

/** The schema a reviewer's reply must pass, built on first use (a call with no model review never builds it). */
export function reviewAnswerSchema(): ReturnType<typeof reviewAnswer> {
  answerSchema ??= reviewAnswer();
  return answerSchema;
}

export type ReviewAnswer = z.infer<ReturnType<typeof reviewAnswer>>;
