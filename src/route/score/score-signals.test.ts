import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../core';
import { TEST_THRESHOLDS } from '../testdata/policy';
import type { Signal } from '../types';
import { routeScore, scoreSignals } from './score-signals';

const T = TEST_THRESHOLDS;
const sig = (risk: number, confidence = 0, floor?: Outcome): Signal => ({
  id: 'change-code',
  risk,
  confidence,
  evidence: ['x'],
  ...(floor ? { floor } : {}),
});

describe('scoreSignals', () => {
  it('sums risk, caps it at 100, and takes penalties from a confidence of 1', () => {
    expect(scoreSignals([sig(60, 0.2), sig(70, 0.3)])).toEqual({
      risk: 100,
      confidence: 0.5,
      floor: 'approve',
    });
    expect(scoreSignals([])).toEqual({ risk: 0, confidence: 1, floor: 'approve' });
    expect(scoreSignals([sig(0, 2)]).confidence).toBe(0);
  });
});

describe('routeScore', () => {
  it.each([
    ['low risk, sure', [sig(19)], 'approve'],
    ['at approve_below', [sig(20)], 'approve_with_flag'],
    ['at escalate_at', [sig(45)], 'escalate'],
    ['at block_at, sure', [sig(85)], 'block'],
    ['at block_at, unsure: a person decides', [sig(85, 0.5)], 'escalate'],
    ['low risk, confidence below min_confidence', [sig(5, 0.45)], 'approve_with_flag'],
    ['low risk, confidence below escalate_confidence', [sig(5, 0.7)], 'escalate'],
    ['a floor lifts a low score', [sig(0, 0, 'escalate')], 'escalate'],
    ['a block floor holds even when unsure', [sig(0, 0.5, 'block')], 'block'],
  ])('%s → %s', (_n, signals, want) => {
    expect(routeScore(scoreSignals(signals as Signal[]), T)).toBe(want);
  });
});
