/**
 * A reviewer's answer: candidate findings with evidence (path, lines, verbatim quote, threat versus context,
 * the strongest innocent reading and why it fails) and, when rubrics are attached, one result per criterion.
 * The JSON Schema sent to the provider (the structured-output subset every provider accepts) and the zod
 * schema that checks every reply strictly. Limits the subset cannot express (how many findings) are
 * enforced in code. A reviewer never emits a score or a verdict on the unit.
 */

import * as z from 'zod/mini';
import { CONFIDENCES, type JudgeCategory, SEVERITIES } from '../types';

export const REVIEW_SCHEMA_NAME = 'record_findings';
/** Findings kept from one reply, most severe first; the rest are cut (the prompt asks for at most 12). */
export const MAX_FINDINGS_PER_CALL = 12;
export const CRITERION_RESULTS = ['pass', 'fail', 'not_applicable'] as const;

const str = (description: string) => ({ type: 'string', description });
const strOrNull = (description: string) => ({ type: ['string', 'null'], description });

/** One finding item in JSON Schema, shared by the reviewers and the adjudicator's own findings. */
export function CANDIDATE_ITEM_SCHEMA(codes: readonly string[]): Record<string, unknown> {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      code: { type: 'string', enum: [...codes] },
      path: str('the file, exactly as named in the request'),
      start_line: { type: 'integer', description: 'first cited line, as numbered in the request' },
      end_line: { type: 'integer', description: 'last cited line' },
      quote: str('verbatim text from the cited lines'),
      threat: str('what an agent following this text would do'),
      context: str('what surrounds it: prohibition, documentation, example, fixture, or none'),
      benign_reading: str('the strongest innocent reading of the quote'),
      why_not_benign: str('the concrete reason the innocent reading fails'),
      severity: { type: 'string', enum: [...SEVERITIES] },
      confidence: { type: 'string', enum: [...CONFIDENCES] },
      lead: strOrNull('the static lead this verifies (F1, F2, ...), or null'),
      convention_path: strOrNull('governance: the convention file it rests on, or null'),
      convention_quote: strOrNull('governance: verbatim line of that convention, or null'),
      rubric_id: strOrNull('a failed rubric criterion (skill/C1), or null'),
    },
    required: [
      'code',
      'path',
      'start_line',
      'end_line',
      'quote',
      'threat',
      'context',
      'benign_reading',
      'why_not_benign',
      'severity',
      'confidence',
      'lead',
      'convention_path',
      'convention_quote',
      'rubric_id',
    ],
  };
}

export function reviewerJsonSchema(codes: readonly string[]): Record<string, unknown> {
  const finding = CANDIDATE_ITEM_SCHEMA(codes);
  const criterion = {
    type: 'object',
    additionalProperties: false,
    properties: {
      id: str('the criterion id, skill/C1'),
      result: { type: 'string', enum: [...CRITERION_RESULTS] },
    },
    required: ['id', 'result'],
  };
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      findings: { type: 'array', items: finding },
      criteria_results: { type: 'array', items: criterion },
    },
    required: ['criteria_results', 'findings'],
  };
}

const text = (max: number) => z.string().check(z.maxLength(max));
const line = () => z.int().check(z.minimum(1));

/** One finding item as zod, shared by the reviewers and the adjudicator's own findings. */
export function reviewerItemSchema() {
  return z.strictObject({
    code: z.string().check(z.regex(/^[SGQ]\d{2}$/)),
    path: text(1_000),
    start_line: line(),
    end_line: line(),
    quote: z.string().check(z.minLength(1), z.maxLength(2_000)),
    threat: text(2_000),
    context: text(2_000),
    benign_reading: text(2_000),
    why_not_benign: text(2_000),
    severity: z.enum(SEVERITIES),
    confidence: z.enum(CONFIDENCES),
    lead: z.nullable(text(16)),
    convention_path: z.nullable(text(1_000)),
    convention_quote: z.nullable(text(2_000)),
    rubric_id: z.nullable(text(200)),
  });
}

function reviewerReply() {
  return z.strictObject({
    findings: z.array(reviewerItemSchema()),
    criteria_results: z.array(z.strictObject({ id: text(200), result: z.enum(CRITERION_RESULTS) })),
  });
}

let replySchema: ReturnType<typeof reviewerReply> | undefined;

export function reviewerReplySchema(): ReturnType<typeof reviewerReply> {
  replySchema ??= reviewerReply();
  return replySchema;
}

export type ReviewerReply = z.infer<ReturnType<typeof reviewerReply>>;
export type CandidateFinding = ReviewerReply['findings'][number];

/** The codes a reviewer of `category` may report, from the code catalogue. */
export function codesOf(
  codes: ReadonlyMap<string, { category: JudgeCategory }>,
  category: JudgeCategory,
): string[] {
  return [...codes]
    .filter(([code, e]) => e.category === category && !STATIC_ONLY_CODES.includes(code))
    .map(([code]) => code);
}

/** Codes only the static checks raise: a credential is never sent, hidden characters are bytes, not prose. */
export const STATIC_ONLY_CODES: readonly string[] = ['S01', 'S02'];
