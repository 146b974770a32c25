/**
 * A candidate finding between the reviewers and the adjudicator: a reviewer's reply item whose quote verified,
 * with where it came from. Types only.
 */

import type { JudgeCategory } from '../types';
import type { CandidateFinding } from './reviewer-schema';

export interface Candidate {
  /** C1, C2, ... in the order the reviewers produced them: the adjudicator's handle. */
  key: string;
  category: JudgeCategory;
  item: CandidateFinding;
  /** The quote verified only after the repair round. */
  repaired: boolean;
  origin: 'reviewer' | 'adjudicator';
  /** Set by the adjudicator. */
  adjudication?: 'kept' | 'downgraded' | 'merged-into' | 'raised' | 'unadjudicated';
  /** Keys of the candidates this one is chained with. */
  chain?: string[];
}

/** A candidate that did not survive, for `--explain-drops` and the counts. */
export interface DropRecord {
  stage: 'verifier' | 'adjudicator';
  code: string;
  path: string;
  line: number;
  /** `ungrounded`, `no-convention`, `out-of-scope`, or the adjudicator's reason code. */
  reason: string;
  /** Verbatim text from the window the drop rests on (adjudicator drops only). */
  counterQuote?: string;
  rubricId?: string;
}
