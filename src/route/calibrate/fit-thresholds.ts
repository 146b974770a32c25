/**
 * Fits routing thresholds to labelled cases by minimising a cost in which approving a change that needed a
 * person costs more than escalating one that did not. Pure; exhaustive over whole-number risk thresholds
 * and confidence steps of 0.05, so the answer is the same on every run.
 * Ties: the fewest exact misses, then the thresholds nearest the current ones.
 */

import { type Outcome, strictestOutcome } from '../../core';
import type { Thresholds } from '../route-policy';
import { routeScore, type Score } from '../score/score-signals';
import { errorKind } from './route-metrics';

export interface Costs {
  /** A change that needed a person proceeded. */
  approveBad: number;
  /** A change that could proceed was sent to a person. */
  escalateGood: number;
  /** A change that needed a flag was plainly approved. */
  missedFlag: number;
  /** Any other mismatch (escalate vs block, flag vs approve). */
  otherMiss: number;
}

export const DEFAULT_COSTS: Costs = { approveBad: 10, escalateGood: 1, missedFlag: 3, otherMiss: 0.5 };

export interface ScoredCase {
  id: string;
  right: Outcome;
  score: Score;
  /** The guarded part's outcome, when the change touches CODEOWNERS-guarded paths. */
  guarded?: Outcome;
  binary: 'approve' | 'block';
}

export function outcomeFor(c: ScoredCase, t: Thresholds): Outcome {
  const rest = routeScore(c.score, t);
  return c.guarded ? strictestOutcome(rest, c.guarded) : rest;
}

export function costOf(predicted: Outcome, right: Outcome, costs: Costs): number {
  const kind = errorKind(predicted, right);
  switch (kind) {
    case 'ok':
      return 0;
    case 'aggressive':
      return predicted === 'approve' && right === 'approve_with_flag' ? costs.missedFlag : costs.approveBad;
    case 'conservative':
      return costs.escalateGood;
    case 'exact-miss':
      return costs.otherMiss;
  }
}

export function totalCost(cases: readonly ScoredCase[], t: Thresholds, costs: Costs): number {
  return cases.reduce((n, c) => n + costOf(outcomeFor(c, t), c.right, costs), 0);
}

export interface Fit {
  thresholds: Thresholds;
  cost: number;
  currentCost: number;
}

export function fitThresholds(cases: readonly ScoredCase[], current: Thresholds, costs: Costs): Fit {
  let best = { ...current };
  let bestCost = totalCost(cases, current, costs);
  let bestMiss = misses(cases, current);
  let bestDist = 0;
  const currentCost = bestCost;
  // Only where a threshold sits between case risks matters: try each case's risk, one above it, the ends
  // and the current values (so ties can settle on the current thresholds).
  const values = [
    ...new Set([
      0,
      100,
      current.approveBelow,
      current.escalateAt,
      current.blockAt,
      ...cases.flatMap((c) => [c.score.risk, Math.min(100, c.score.risk + 1)]),
    ]),
  ].sort((x, y) => x - y);
  const confidences = [
    ...new Set([current.minConfidence, ...Array.from({ length: 21 }, (_, i) => i / 20)]),
  ].filter((c) => c >= current.escalateConfidence);
  for (const minConfidence of confidences) {
    for (const a of values) {
      for (const e of values) {
        if (e < a) continue;
        for (const b of values) {
          if (b < e) continue;
          const t: Thresholds = {
            approveBelow: a,
            escalateAt: e,
            blockAt: b,
            minConfidence,
            escalateConfidence: current.escalateConfidence,
          };
          const cost = totalCost(cases, t, costs);
          if (cost > bestCost) continue;
          const miss = misses(cases, t);
          const dist = distance(t, current);
          if (cost < bestCost || miss < bestMiss || (miss === bestMiss && dist < bestDist)) {
            best = t;
            bestCost = cost;
            bestMiss = miss;
            bestDist = dist;
          }
        }
      }
    }
  }
  return { thresholds: best, cost: bestCost, currentCost };
}

function misses(cases: readonly ScoredCase[], t: Thresholds): number {
  return cases.reduce((n, c) => n + (outcomeFor(c, t) === c.right ? 0 : 1), 0);
}

function distance(t: Thresholds, c: Thresholds): number {
  return (
    Math.abs(t.approveBelow - c.approveBelow) +
    Math.abs(t.escalateAt - c.escalateAt) +
    Math.abs(t.blockAt - c.blockAt) +
    100 * Math.abs(t.minConfidence - c.minConfidence)
  );
}
