/**
 * What the model half did over a run, for the report: grounding (quotes verified first time, after the repair
 * round, deleted), the adjudicator's effect, and every dropped candidate for `--explain-drops`. A mutable
 * tally owned by one review stage; pure.
 */

import type { DropRecord } from './candidate';

export interface Grounding {
  verified: number;
  repaired: number;
  deleted: number;
}

export interface Adjudication {
  calls: number;
  kept: number;
  downgraded: number;
  dropped: number;
  merged: number;
  raised: number;
  /** Security drops or downgrades refused for want of a benign context and a verbatim counter-quote. */
  refused: number;
}

export interface ReviewStats {
  grounding: Grounding;
  adjudication: Adjudication;
  drops: (DropRecord & { unit: string })[];
}

export function emptyStats(): ReviewStats {
  return {
    grounding: { verified: 0, repaired: 0, deleted: 0 },
    adjudication: { calls: 0, kept: 0, downgraded: 0, dropped: 0, merged: 0, raised: 0, refused: 0 },
    drops: [],
  };
}
