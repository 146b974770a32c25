import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../core';
import { TEST_THRESHOLDS } from '../testdata/policy';
import { calibrate } from './calibrate-report';
import { DEFAULT_COSTS, fitThresholds, outcomeFor, type ScoredCase, totalCost } from './fit-thresholds';
import { errorKind, errorRates } from './route-metrics';

const T = TEST_THRESHOLDS;
const c = (id: string, risk: number, right: Outcome, extra: Partial<ScoredCase> = {}): ScoredCase => ({
  id,
  right,
  score: { risk, confidence: 1, floor: 'approve' },
  binary: 'approve',
  ...extra,
});

describe('errorKind', () => {
  it.each([
    ['approve', 'approve', 'ok'],
    ['approve', 'escalate', 'aggressive'],
    ['approve_with_flag', 'block', 'aggressive'],
    ['approve', 'approve_with_flag', 'aggressive'],
    ['block', 'approve_with_flag', 'conservative'],
    ['escalate', 'approve', 'conservative'],
    ['block', 'escalate', 'exact-miss'],
    ['approve_with_flag', 'approve', 'exact-miss'],
  ] as const)('%s for a case that needed %s is %s', (predicted, right, want) => {
    expect(errorKind(predicted, right)).toBe(want);
  });

  it('computes both rates over the cases each can happen on', () => {
    const r = errorRates([
      { predicted: 'approve', right: 'escalate' },
      { predicted: 'escalate', right: 'escalate' },
      { predicted: 'escalate', right: 'approve' },
      { predicted: 'approve', right: 'approve' },
    ]);
    expect(r).toMatchObject({
      aggressive: 1,
      conservative: 1,
      aggressiveRate: 0.5,
      conservativeRate: 0.5,
      exact: 2,
    });
  });
});

describe('fitThresholds', () => {
  const cases = [
    c('a', 10, 'approve'),
    c('b', 30, 'escalate'),
    c('c', 33, 'escalate'),
    c('d', 12, 'approve_with_flag'),
    c('e', 90, 'block'),
  ];

  it('finds thresholds that cost no more than the current ones, and here cost nothing', () => {
    const fit = fitThresholds(cases, T, DEFAULT_COSTS);
    expect(fit.currentCost).toBeGreaterThan(0);
    expect(fit.cost).toBe(0);
    for (const k of cases) expect(outcomeFor(k, fit.thresholds)).toBe(k.right);
    expect(totalCost(cases, fit.thresholds, DEFAULT_COSTS)).toBe(fit.cost);
  });

  it('keeps the current thresholds when they already cost nothing', () => {
    const fine = [c('a', 10, 'approve'), c('b', 30, 'approve_with_flag'), c('c', 60, 'escalate')];
    expect(fitThresholds(fine, T, DEFAULT_COSTS).thresholds).toEqual(T);
  });

  it('leans strict when approving a bad change costs more than escalating a good one', () => {
    // same risk, opposite labels: only one can be right
    const split = [c('good', 30, 'approve_with_flag'), c('bad', 30, 'escalate')];
    expect(outcomeFor(split[0] as ScoredCase, fitThresholds(split, T, DEFAULT_COSTS).thresholds)).toBe(
      'escalate',
    );
    const lenient = fitThresholds(split, T, { ...DEFAULT_COSTS, approveBad: 1, escalateGood: 10 });
    expect(outcomeFor(split[0] as ScoredCase, lenient.thresholds)).toBe('approve_with_flag');
  });

  it('finds a cost no threshold triple beats (checked by brute force on seeded random cases)', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const outcomes: Outcome[] = ['approve', 'approve_with_flag', 'escalate', 'block'];
    const random = Array.from({ length: 40 }, (_, i) =>
      c(`r${i}`, Math.floor(next() * 101), outcomes[Math.floor(next() * 4)] as Outcome, {
        score: {
          risk: Math.floor(next() * 101),
          confidence: Math.round(next() * 100) / 100,
          floor: 'approve',
        },
      }),
    );
    const fit = fitThresholds(random, T, DEFAULT_COSTS);
    expect(totalCost(random, fit.thresholds, DEFAULT_COSTS)).toBeCloseTo(fit.cost, 6);
    for (let a = 0; a <= 100; a += 5)
      for (let e = a; e <= 100; e += 5)
        for (let b = e; b <= 100; b += 5) {
          for (const minConfidence of [0.35, 0.6, 0.9]) {
            const t = { approveBelow: a, escalateAt: e, blockAt: b, minConfidence, escalateConfidence: 0.35 };
            expect(totalCost(random, t, DEFAULT_COSTS)).toBeGreaterThanOrEqual(fit.cost - 1e-9);
          }
        }
  });

  it('never fits a guarded part below escalate', () => {
    const guarded = [c('g', 0, 'approve', { guarded: 'escalate' })];
    expect(outcomeFor(guarded[0] as ScoredCase, fitThresholds(guarded, T, DEFAULT_COSTS).thresholds)).toBe(
      'escalate',
    );
  });

  it('reports the binary verdict beside graduated routing', () => {
    const r = calibrate([...cases, c('f', 5, 'approve_with_flag', { binary: 'block' })], T, DEFAULT_COSTS);
    expect(r.binary.conservative).toBe(1);
    expect(r.text).toContain('binary verdict:');
    expect(r.text).toContain('graduated routing (current thresholds):');
  });
});
