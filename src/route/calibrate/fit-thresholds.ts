/**
 * Fits routing thresholds to labelled cases by minimising a cost in which approving a change that needed a
 * person costs more than escalating one that did not. Pure; exhaustive over every whole-number
 * approve_below <= escalate_at <= block_at in 0..100 and min_confidence in steps of 0.05 (prefix sums make
 * each candidate cost constant time), so the answer is the same on every run.
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
  const currentCost = totalCost(cases, current, costs);
  let best = { ...current };
  let bestCost = currentCost;
  let bestMiss = misses(cases, current);
  let bestDist = 0;
  const confidences = [...new Set([current.minConfidence, ...Array.from({ length: 21 }, (_, i) => i / 20)])]
    .filter((c) => c >= current.escalateConfidence)
    .sort((x, y) => x - y);
  for (const minConfidence of confidences) {
    // Each case's cost and miss for each outcome the risk thresholds can give it, summed by risk value, so
    // any (approve_below, escalate_at, block_at) is priced in constant time from prefix sums.
    const cost = BY_RISK.map(() => new Array<number>(102).fill(0));
    const miss = BY_RISK.map(() => new Array<number>(102).fill(0));
    for (const c of cases) {
      const r = Math.min(100, Math.max(0, Math.ceil(c.score.risk)));
      for (const [k, byRisk] of BY_RISK.entries()) {
        const t: Thresholds = { ...PINNED, minConfidence, escalateConfidence: current.escalateConfidence };
        const predicted = outcomeFor({ ...c, score: { ...c.score, risk: RISK_FOR[byRisk] } }, t);
        const costRow = cost[k] as number[];
        const missRow = miss[k] as number[];
        costRow[r + 1] = (costRow[r + 1] as number) + costOf(predicted, c.right, costs);
        missRow[r + 1] = (missRow[r + 1] as number) + (predicted === c.right ? 0 : 1);
      }
    }
    const P = cost.map(prefix);
    const M = miss.map(prefix);
    const sum = (S: number[][], a: number, e: number, b: number) =>
      at(S[0], a) + at(S[1], e) - at(S[1], a) + at(S[2], b) - at(S[2], e) + at(S[3], 101) - at(S[3], b);
    for (let a = 0; a <= 100; a++) {
      for (let e = a; e <= 100; e++) {
        for (let b = e; b <= 100; b++) {
          const total = sum(P, a, e, b);
          if (total > bestCost + 1e-9) continue;
          const t: Thresholds = {
            approveBelow: a,
            escalateAt: e,
            blockAt: b,
            minConfidence,
            escalateConfidence: current.escalateConfidence,
          };
          const m = sum(M, a, e, b);
          const dist = distance(t, current);
          if (total < bestCost - 1e-9 || m < bestMiss || (m === bestMiss && dist < bestDist)) {
            best = t;
            bestCost = total;
            bestMiss = m;
            bestDist = dist;
          }
        }
      }
    }
  }
  return { thresholds: best, cost: round(bestCost), currentCost: round(currentCost) };
}

const BY_RISK = ['approve', 'approve_with_flag', 'escalate', 'block'] as const;
/** Thresholds 1/2/3 with risks 0..3 make the risk rule give each outcome in turn, the rest held equal. */
const PINNED = { approveBelow: 1, escalateAt: 2, blockAt: 3 };
const RISK_FOR: Record<(typeof BY_RISK)[number], number> = {
  approve: 0,
  approve_with_flag: 1,
  escalate: 2,
  block: 3,
};

/** prefix[k] = sum of per-risk values for risks below k; per-risk values sit at index risk + 1. */
function prefix(values: number[]): number[] {
  const out = new Array<number>(values.length).fill(0);
  for (let i = 1; i < values.length; i++) out[i] = (out[i - 1] as number) + (values[i] as number);
  return out;
}

const at = (S: number[] | undefined, k: number) => (S as number[])[k] as number;
const round = (n: number) => Math.round(n * 1000) / 1000;

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
