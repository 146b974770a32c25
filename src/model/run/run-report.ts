/**
 * What a run spent and what it would spend: calls made, cache hits, tokens, cost, failures by kind,
 * and for `--estimate` the planned calls priced worst case and expected, with how many fit the caps.
 * Types and a pure tally; the runner fills it.
 */

import type { ModelFailure } from '../client';

export interface EstimateReport {
  /** Every request the run built. */
  calls: number;
  /** How many of them the caps would admit, highest priority first. */
  callsFit: number;
  inputTokens: number;
  worstOutputTokens: number;
  worstCostUsd: number;
  expectedCostUsd: number;
  /** True when the worst case of the admitted calls is over the cost cap or some calls do not fit. */
  overCap: boolean;
  /** True when some model has no price entry and was priced at the dearest known rate. */
  unpricedModels: string[];
}

export interface RunReport {
  provider: string;
  model: string;
  calls: number;
  cacheHits: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  failures: Partial<Record<ModelFailure, number>>;
  estimate?: EstimateReport;
}

export function roundUsd(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
