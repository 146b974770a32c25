/**
 * The seam where the model half plugs in: review -> verify -> adjudicate for one unit, after the static
 * stage and attachment, before suppressions and scoring. Types only. The static half runs without one;
 * a run that asked for a model review and has none leaves every unit partial (basis no-model).
 */

import type { Attachment, Finding, JudgeCategory, Unit } from './types';

export interface ReviewInput {
  unit: Unit;
  attached: readonly Attachment[];
  /** Static findings, handed to reviewers as numbered leads; never findings on their own. */
  facts: readonly Finding[];
  categories: readonly JudgeCategory[];
}

export interface ReviewOutput {
  /** Verified and adjudicated findings (origin reviewer, adjudicator or criteria). */
  findings: Finding[];
  /** What was not reviewed and why (calls left unmade by a cap, a refusal, an invalid reply). */
  gaps: string[];
  notes: string[];
}

export interface ReviewStage {
  review(input: ReviewInput): Promise<ReviewOutput>;
}
