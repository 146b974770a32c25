import { describe, expect, it } from 'vitest';
import { ROUTE_CASES } from '../corpora/route';
import { runRouteEval } from './run-route-eval';

describe('route eval corpus', () => {
  it('holds at least 20 cases covering the three failure modes of seed 002', () => {
    expect(ROUTE_CASES.length).toBeGreaterThanOrEqual(20);
    const modes = new Set(ROUTE_CASES.map((c) => c.mode));
    for (const m of ['submodule-bump', 'medium-finding', 'author-unsure', 'too-conservative'])
      expect(modes.has(m as never)).toBe(true);
    expect(new Set(ROUTE_CASES.map((c) => c.id)).size).toBe(ROUTE_CASES.length);
  });

  it('graduated routing beats the binary verdict on both error rates', { timeout: 300_000 }, async () => {
    const report = await runRouteEval();
    expect(report.graduated.aggressiveRate).toBeLessThan(report.binary.aggressiveRate);
    expect(report.graduated.conservativeRate).toBeLessThan(report.binary.conservativeRate);
    const wrong = report.rows
      .filter((r) => r.graduated !== r.right)
      .map((r) => `${r.id}: ${r.graduated} (right: ${r.right})`);
    expect(wrong).toEqual([]);
  });
});
