/**
 * What an answering stage settles on before the pipeline turns it into a Decision: a verdict, its
 * basis, a reason written by gavel, and what was used to reach it. Types only.
 */

import type { Basis, Verdict } from '../../core';
import type { FloorCause } from '../floor/check-floor';
import type { ArbiterSource } from '../limits/resolve-model';
import type { RunState } from '../limits/run-state';

export interface ModelTrace {
  provider: string;
  model: string;
  source: Exclude<ArbiterSource, 'rules'>;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

export interface Settled {
  verdict: Verdict;
  basis: Basis;
  /** One sentence in gavel's words; never question text, never model output. */
  reason: string;
  ruleId?: string;
  /** The first problem, for invalid input, facts, config or rules (gavel's vocabulary only). */
  problem?: string;
  floor?: FloorCause[];
  model?: ModelTrace;
  /** Set once a model was asked, or answered from the cache. */
  prompt?: string;
  run: RunState;
}
