import { describe, expect, it } from 'vitest';
import type { Attachment, Unit } from '../types';
import { estimateRun, tokensOf } from './estimate-run';

const unit = (path: string, bytes: number, kind: Unit['kind'] = 'skill'): Unit => ({
  path,
  kind,
  primary: `${path}/SKILL.md`,
  files: [
    { path: `${path}/SKILL.md`, bytes, text: 'x'.repeat(bytes) },
    { path: `${path}/logo.png`, bytes: 10, gap: 'binary' },
  ],
});
const rule: Attachment = {
  path: 'CLAUDE.md',
  reason: 'ancestor-instructions',
  binding: true,
  bytes: 3000,
  sentAs: 'full',
};
const price = { model: 'test/model', inputUsdPerMTok: 3, outputUsdPerMTok: 15 };
const caps = { maxCostUsd: 2, maxCalls: 200, maxTokens: 2_000_000 };
const all = ['security', 'governance', 'quality'] as const;

describe('estimateRun', () => {
  it('plans one call per category, governance only with a convention, and one adjudicator', () => {
    const e = estimateRun(
      [
        { unit: unit('a', 3000), attached: [rule], withheld: false },
        { unit: unit('b', 3000), attached: [], withheld: false },
      ],
      all,
      price,
      caps,
      200,
    );
    expect(e.units.map((u) => u.calls)).toEqual([
      { security: 1, governance: 1, quality: 1, adjudicator: 1 },
      { security: 1, governance: 0, quality: 1, adjudicator: 1 },
    ]);
    // a: three review calls of 1,500 + 1,000 tokens, governance +1,000 attached, adjudicator 1,900.
    expect(e.units[0]?.inputTokens).toBe(3 * 2500 + 1000 + 1900);
    expect(e.units[0]?.notSent).toEqual([{ path: 'a/logo.png', reason: 'binary' }]);
    expect(e.calls).toBe(7);
    expect(e.callsFit).toBe(7);
    expect(e.overCap).toBe(false);
  });

  it('splits a large unit into chunks, at most eight per category', () => {
    const e = estimateRun(
      [{ unit: unit('big', 3 * 24_000 * 10), attached: [], withheld: false }],
      ['security'],
      price,
      caps,
      200,
    );
    expect(e.units[0]?.calls.security).toBe(8);
  });

  it('sends nothing of a withheld unit', () => {
    const e = estimateRun(
      [{ unit: unit('s', 3000), attached: [rule], withheld: true }],
      all,
      price,
      caps,
      200,
    );
    expect(e.units[0]?.calls).toEqual({ security: 0, governance: 0, quality: 0, adjudicator: 0 });
    expect(e.units[0]?.sentFiles).toEqual([]);
  });

  it('admits calls in priority order until the cap and says the rest would not fit', () => {
    const planned = Array.from({ length: 3 }, (_, i) => ({
      unit: unit(`u${i}`, 30_000),
      attached: [rule],
      withheld: false,
    }));
    const e = estimateRun(planned, all, price, { ...caps, maxCalls: 4 }, 200);
    expect(e.callsFit).toBe(4);
    expect(e.notes).toContain('8 of 12 calls would not fit under the caps; those units would be partial');
  });

  it('flags an estimate over the cost cap, and says so when more units match than a run takes', () => {
    const planned = Array.from({ length: 3 }, (_, i) => ({
      unit: unit(`u${i}`, 60_000),
      attached: [],
      withheld: false,
    }));
    const e = estimateRun(planned, all, price, { ...caps, maxCostUsd: 0.01 }, 2);
    expect(e.overCap).toBe(true);
    expect(e.notes.some((n) => n.startsWith('3 units match; a real run takes at most 2'))).toBe(true);
  });

  it('leaves costs unknown without a price, never zero', () => {
    const e = estimateRun(
      [{ unit: unit('a', 300), attached: [], withheld: false }],
      all,
      undefined,
      caps,
      200,
    );
    expect(e.expectedCostUsd).toBeNull();
    expect(e.overCap).toBe(false);
  });

  it('counts 3 bytes per token, rounding up', () =>
    expect([tokensOf(0), tokensOf(1), tokensOf(3), tokensOf(4)]).toEqual([0, 1, 1, 2]));
});
