import { describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../catalog/bundled-catalog';
import { RunBudget, type RunCaps } from '../run-budget';
import { budgetLayer } from './budget-layer';
import { CALLER, callOf, fail, innerStep, ok } from './layer-testkit.testkit';

const catalog = bundledCatalog();
const CAPS: RunCaps = { maxCalls: 1, maxTokens: 1_000_000, maxCostUsd: 5, maxCallTokens: 50_000 };

describe('budgetLayer', () => {
  it('admits a call within the caps, settles its real usage and tallies its tokens', async () => {
    const budget = new RunBudget(CAPS);
    const b = budgetLayer(CALLER, catalog, budget);
    expect((await b.layer(innerStep([ok(7)]).step)(callOf())).ok).toBe(true);
    expect(budget.totals()).toMatchObject({ calls: 1, tokens: 14 });
    expect(b.tokens()).toEqual({ input: 7, output: 7 });
  });

  it('ends a call past a cap as `cap`, unsent', async () => {
    const b = budgetLayer(CALLER, catalog, new RunBudget(CAPS));
    await b.layer(innerStep([ok()]).step)(callOf());
    const inner = innerStep([ok()]);
    expect(await b.layer(inner.step)(callOf())).toMatchObject({ ok: false, failure: 'cap' });
    expect(inner.seen).toHaveLength(0);
  });

  it('counts a failed attempt as a call', async () => {
    const budget = new RunBudget({ ...CAPS, maxCalls: 5 });
    await budgetLayer(CALLER, catalog, budget).layer(innerStep([fail('refusal', 3)]).step)(callOf());
    expect(budget.totals()).toMatchObject({ calls: 1, tokens: 6 });
  });
});
