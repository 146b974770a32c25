/**
 * The seam where the model half plugs in: review -> verify -> adjudicate for one unit, after the static
 * stage and attachment, before suppressions and scoring. Types only. The static half runs without one;
 * a run that asked for a model review and has none leaves every unit partial (basis no-model).
 */

import type { DropRecord } from './review/candidate';
import type { Adjudication, Grounding } from './review/review-stats';
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
  /** One result per rubric criterion applied to the unit; `not_evaluated` when nobody reported it. */
  criteria?: CriterionResult[];
}

export interface CriterionResult {
  /** `<skill>/<Cn>` */
  id: string;
  title: string;
  result: 'pass' | 'fail' | 'not_applicable' | 'not_evaluated';
}

/** A dropped candidate, for `--explain-drops`: the stage that dropped it, why, and the counter-quote. */
export type DroppedCandidate = DropRecord & { unit: string };

/** What the model half did over the whole run, for the report. */
export interface ReviewRunSummary {
  promptVersion: string;
  models: string[];
  egressHosts: string[];
  provenance: {
    cacheHits: number;
    calls: number;
    inputTokens: number;
    outputTokens: number;
    costUsd: number;
  };
  grounding: Grounding;
  adjudication: Adjudication;
  drops: DroppedCandidate[];
  /** For `--estimate`: every planned call priced, and how many fit the caps. */
  estimate?: {
    calls: number;
    callsFit: number;
    inputTokens: number;
    worstCostUsd: number;
    expectedCostUsd: number;
    overCap: boolean;
    /** The same per unit (withheld units are not there): calls per role, input tokens, cost. */
    units: {
      path: string;
      calls: Record<JudgeCategory | 'adjudicator', number>;
      inputTokens: number;
      expectedCostUsd: number;
      worstCostUsd: number;
    }[];
  };
  notices: string[];
}

export interface ReviewStage {
  /**
   * Called once, before the first review, with every unit the run will send (withheld units left out), in
   * run order: the stage plans admission by priority over the whole run here.
   */
  begin?(
    units: readonly { unit: Unit; attached: readonly Attachment[] }[],
    categories: readonly JudgeCategory[],
  ): void;
  review(input: ReviewInput): Promise<ReviewOutput>;
  summary?(): ReviewRunSummary;
}
