/**
 * Runs a calibration over scored cases and renders it: the fitted thresholds (as a `[route]` snippet),
 * the cost before and after, and the confusion table of the binary verdict beside graduated routing with
 * the current and the fitted thresholds. Pure.
 */

import type { Outcome } from '../../core';
import type { Thresholds } from '../route-policy';
import { type Costs, type Fit, fitThresholds, outcomeFor, type ScoredCase } from './fit-thresholds';
import { confusion, type ErrorRates, errorRates, percent, renderConfusion } from './route-metrics';

export interface Calibration {
  fit: Fit;
  costs: Costs;
  binary: ErrorRates;
  current: ErrorRates;
  fitted: ErrorRates;
  text: string;
}

export function calibrate(cases: readonly ScoredCase[], current: Thresholds, costs: Costs): Calibration {
  const fit = fitThresholds(cases, current, costs);
  const pairs = (predict: (c: ScoredCase) => Outcome) =>
    cases.map((c) => ({ predicted: predict(c), right: c.right }));
  const binaryPairs = pairs((c) => (c.binary === 'approve' ? 'approve' : 'block'));
  const currentPairs = pairs((c) => outcomeFor(c, current));
  const fittedPairs = pairs((c) => outcomeFor(c, fit.thresholds));
  const binary = errorRates(binaryPairs);
  const cur = errorRates(currentPairs);
  const fitted = errorRates(fittedPairs);
  const t = fit.thresholds;
  const rate = (name: string, r: ErrorRates) =>
    `  ${name.padEnd(30)} exact ${r.exact}/${r.cases}   too aggressive ${r.aggressive} (${percent(r.aggressiveRate)})   too conservative ${r.conservative} (${percent(r.conservativeRate)})`;
  const lines = [
    `calibration over ${cases.length} case(s); cost: approving a bad change ${costs.approveBad}, escalating a good one ${costs.escalateGood}, a missed flag ${costs.missedFlag}, other misses ${costs.otherMiss}`,
    `cost with the current thresholds ${fit.currentCost}, with the fitted ones ${fit.cost} (fitted on these same cases: check them on others before trusting them)`,
    '',
    'fitted thresholds (a repository may only tighten: lower approve_below/escalate_at/block_at, higher min_confidence):',
    '  [route]',
    `  approve_below = ${t.approveBelow}`,
    `  escalate_at = ${t.escalateAt}`,
    `  block_at = ${t.blockAt}`,
    `  min_confidence = ${t.minConfidence}`,
    '',
    'error rates:',
    rate('binary (approve unless high+)', binary),
    rate('graduated, current thresholds', cur),
    rate('graduated, fitted thresholds', fitted),
    '',
    ...renderConfusion('binary verdict:', confusion(binaryPairs), ['approve', 'block']),
    '',
    ...renderConfusion('graduated routing (current thresholds):', confusion(currentPairs)),
    '',
    ...renderConfusion('graduated routing (fitted thresholds):', confusion(fittedPairs)),
    '',
  ];
  return { fit, costs, binary, current: cur, fitted, text: lines.join('\n') };
}
