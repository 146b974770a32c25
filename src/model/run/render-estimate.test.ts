import { describe, expect, it } from 'vitest';
import { EXIT } from '../../core';
import { type EstimateView, estimateExit, estimateJson, formatUsd, renderEstimate } from './render-estimate';
import type { EstimateReport } from './run-report';

const caps = { maxCalls: 10, maxTokens: 100_000, maxCostUsd: 1, maxCallTokens: 20_000 };
const plan = (over: Partial<EstimateReport> = {}): EstimateReport => ({
  calls: 2,
  callsFit: 2,
  inputTokens: 1_000,
  worstOutputTokens: 2_048,
  worstCostUsd: 0.02,
  expectedCostUsd: 0.005,
  overCap: false,
  unpricedModels: [],
  ...over,
});
const egress = {
  provider: 'anthropic',
  model: 'claude-haiku-4-5',
  host: 'api.anthropic.com',
  source: 'config' as const,
};

describe('formatUsd', () => {
  it.each([
    ['zero', 0, '$0.0000'],
    ['a cent or more: 4 decimals', 0.25, '$0.2500'],
    ['under a cent: 6 decimals, never $0.0000', 0.000123, '$0.000123'],
  ])('%s', (_name, n, want) => {
    expect(formatUsd(n)).toBe(want);
  });
});

describe('renderEstimate', () => {
  it('prints the model it would send to, the calls, tokens and cost within the caps', () => {
    const view: EstimateView = { plan: plan(), egress, caps };
    const text = renderEstimate(view);
    expect(text).toContain('estimate: nothing was sent');
    expect(text).toContain('would send');
    expect(text).toContain('2 built, 2 within the caps');
    expect(text).toContain('worst case $0.0200, expected $0.005000');
    expect(text).toContain('within the caps');
    expect(estimateExit(view)).toBe(EXIT.ok);
  });

  it('says which calls would end with basis cap, and exits 1', () => {
    const view: EstimateView = { plan: plan({ callsFit: 1, overCap: true }), egress, caps };
    expect(renderEstimate(view)).toContain('over a cap: 1 of 2 calls fit');
    expect(estimateExit(view)).toBe(EXIT.internal);
  });

  it('says why no model would be called, with nothing planned', () => {
    const view: EstimateView = { plan: undefined, egress: undefined, caps, none: 'mode is `ask`' };
    expect(renderEstimate(view)).toContain('none: mode is `ask`');
    expect(estimateJson(view)).toMatchObject({ calls: 0, sent: 0, model: null, none: 'mode is `ask`' });
  });
});
