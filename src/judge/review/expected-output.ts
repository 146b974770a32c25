/**
 * The expected length of a reviewer's or the adjudicator's reply, priced by `--estimate` and by admission
 * under the caps (the worst case, the call's whole output budget, stays the hard stop). Derived from the
 * output schema: a reply is one JSON document, so its length is the envelope, plus one finding per
 * expected finding, plus one result per rubric criterion (every key, enum and null written out, measured
 * with the same 3-bytes-a-token estimate as the input). What the schema cannot fix is the prose of a
 * finding: a quote of one line and a sentence or two in each explanation field are assumed.
 * Expected findings of a reviewer call: one per static lead of its category inside the chunk (the leads
 * are what it is asked to verify) and one of its own, at most the 12 a reply keeps. Pure.
 */

import { estimateTokens } from '../../model';
import type { Finding, JudgeCategory } from '../types';
import { type CandidateFinding, MAX_FINDINGS_PER_CALL } from './reviewer-schema';
import type { Span } from './unit-chunks';

/** Assumed characters of a quote (one line of text) and of each explanation field (a sentence or two). */
export const QUOTE_CHARS = 120;
export const PROSE_CHARS = 200;
/** Findings a reviewer raises beyond the leads it verifies; the adjudicator's own findings likewise. */
export const OWN_FINDINGS = 1;

const prose = (n: number) => 'x'.repeat(n);

/** One finding as the schema has it written out: every field present, the explanations at their assumed size. */
export function sampleFinding(path: string): CandidateFinding {
  return {
    code: 'S00',
    path,
    start_line: 100,
    end_line: 100,
    quote: prose(QUOTE_CHARS),
    threat: prose(PROSE_CHARS),
    context: prose(PROSE_CHARS),
    benign_reading: prose(PROSE_CHARS),
    why_not_benign: prose(PROSE_CHARS),
    severity: 'critical',
    confidence: 'medium',
    lead: 'F10',
    convention_path: null,
    convention_quote: null,
    rubric_id: null,
  };
}

function findingTokens(path: string): number {
  return estimateTokens(JSON.stringify(sampleFinding(path)));
}

const REVIEW_ENVELOPE = estimateTokens(JSON.stringify({ findings: [], criteria_results: [] }));
const CRITERION = estimateTokens(JSON.stringify({ id: 'skill-name/C10', result: 'not_applicable' }));

/** Leads of `category` whose location starts inside one of the chunk's spans. */
export function leadsInChunk(
  leads: readonly Finding[],
  category: JudgeCategory,
  spans: readonly Span[],
): number {
  return leads.filter(
    (f) =>
      f.category === category &&
      spans.some(
        (s) =>
          s.path === f.location.path &&
          f.location.startLine >= s.startLine &&
          f.location.startLine <= s.endLine,
      ),
  ).length;
}

/** Criteria (`## C1 - title` headings) in the rubric texts a reviewer is sent. */
export function criteriaIn(texts: readonly string[]): number {
  return texts.reduce((n, t) => n + (t.match(/^##\s+C\d+\b/gm)?.length ?? 0), 0);
}

/** A reviewer reply's expected tokens, never above the call's output budget. */
export function expectedReviewTokens(
  a: { leads: number; criteria: number; path: string },
  maxOutputTokens: number,
): number {
  const findings = Math.min(MAX_FINDINGS_PER_CALL, a.leads + OWN_FINDINGS);
  const tokens = REVIEW_ENVELOPE + findings * findingTokens(a.path) + a.criteria * CRITERION;
  return Math.min(maxOutputTokens, tokens);
}

/** One adjudicator decision written out, with a counter-quote (a drop needs one). */
export const SAMPLE_DECISION = {
  candidate: 'C10',
  action: 'downgrade',
  severity: 'medium',
  merge_into: null,
  reason_code: 'documented-example',
  counter_quote: prose(QUOTE_CHARS),
  trap_id: null,
  chain_with: ['C11'],
};
const DECISION = estimateTokens(JSON.stringify(SAMPLE_DECISION));
const ADJUDICATION_ENVELOPE = estimateTokens(JSON.stringify({ decisions: [], own_findings: [] }));

/** The adjudicator's expected tokens: a decision per candidate (with a counter-quote) and one finding of its own. */
export function expectedAdjudicationTokens(
  a: { candidates: number; path: string },
  maxOutputTokens: number,
): number {
  const tokens = ADJUDICATION_ENVELOPE + a.candidates * DECISION + OWN_FINDINGS * findingTokens(a.path);
  return Math.min(maxOutputTokens, tokens);
}
