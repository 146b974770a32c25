import { describe, expect, it } from 'vitest';
import type { ReviewRunSummary } from '../review-stage';
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
type Built = NonNullable<ReviewRunSummary['estimate']>;
const unitBuilt = (path: string, security: number): Built['units'][number] => ({
  path,
  calls: { security, governance: 0, quality: 1, adjudicator: 1 },
  inputTokens: 1000 * (security + 2),
  expectedCostUsd: 0.01 * (security + 2),
  worstCostUsd: 0.1 * (security + 2),
});
const built = (units: Built['units'], over: Partial<Built> = {}): Built => ({
  calls: units.reduce((n, u) => n + u.calls.security + u.calls.quality + u.calls.adjudicator, 0),
  callsFit: units.reduce((n, u) => n + u.calls.security + u.calls.quality + u.calls.adjudicator, 0),
  inputTokens: units.reduce((n, u) => n + u.inputTokens, 0),
  expectedCostUsd: units.reduce((n, u) => n + u.expectedCostUsd, 0),
  worstCostUsd: units.reduce((n, u) => n + u.worstCostUsd, 0),
  overCap: false,
  units,
  ...over,
});

describe('estimateRun', () => {
  it('shows per unit the calls, tokens and cost the stage built and priced, and what is not sent', () => {
    const b = built([unitBuilt('a', 1), unitBuilt('b', 3)]);
    const e = estimateRun(
      [
        { unit: unit('a', 3000), attached: [rule], withheld: false },
        { unit: unit('b', 3000), attached: [], withheld: false },
      ],
      b,
      price,
      caps,
      200,
    );
    expect(e.units.map((u) => u.calls)).toEqual(b.units.map((u) => u.calls));
    expect(e.units.map((u) => u.inputTokens)).toEqual([3000, 5000]);
    expect(e.units[0]?.notSent).toEqual([{ path: 'a/logo.png', reason: 'binary' }]);
    expect(e.units[0]?.attached).toEqual([rule]);
    expect([e.calls, e.callsFit, e.inputTokens, e.expectedCostUsd]).toEqual([8, 8, 8000, 0.08]);
    expect(e.overCap).toBe(false);
  });

  it('sends nothing of a withheld unit', () => {
    const e = estimateRun(
      [{ unit: unit('s', 3000), attached: [rule], withheld: true }],
      built([]),
      price,
      caps,
      200,
    );
    expect(e.units[0]?.calls).toEqual({ security: 0, governance: 0, quality: 0, adjudicator: 0 });
    expect(e.units[0]?.sentFiles).toEqual([]);
  });

  it('says what would not fit, flags a cost over the cap, and more units than a run takes', () => {
    const planned = ['u0', 'u1', 'u2'].map((p) => ({ unit: unit(p, 300), attached: [], withheld: false }));
    const b = built(
      ['u0', 'u1', 'u2'].map((p) => unitBuilt(p, 2)),
      { callsFit: 4 },
    );
    const e = estimateRun(planned, b, price, { ...caps, maxCostUsd: 0.01 }, 2);
    expect(e.notes).toContain('8 of 12 calls would not fit under the caps; those units would be partial');
    expect(e.overCap).toBe(true);
    expect(e.notes.some((n) => n.startsWith('3 units match; a real run takes at most 2'))).toBe(true);
  });

  it('leaves costs unknown without a price or a model, never zero, and says so', () => {
    const planned = [{ unit: unit('a', 300), attached: [], withheld: false }];
    const unpriced = estimateRun(planned, built([unitBuilt('a', 1)]), undefined, caps, 200);
    expect([unpriced.expectedCostUsd, unpriced.units[0]?.expectedCostUsd]).toEqual([null, null]);
    const none = estimateRun(planned, undefined, undefined, caps, 200);
    expect([none.calls, none.expectedCostUsd, none.overCap]).toEqual([0, null, false]);
    expect(none.notes[0]).toMatch(/^no model: no request was built or priced/);
  });

  it('counts 3 bytes per token, rounding up', () =>
    expect([tokensOf(0), tokensOf(1), tokensOf(3), tokensOf(4)]).toEqual([0, 1, 1, 2]));
});
