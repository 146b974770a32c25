import { describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../catalog/bundled-catalog';
import { RunBudget, type RunCaps, type SharedCaps } from '../run-budget';
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

  describe('with caps shared by replicas', () => {
    const store = (answer: 'ok' | 'full' | 'down'): SharedCaps & { settled: number } => {
      const s = {
        settled: 0,
        admit: async () => {
          if (answer === 'down') throw new Error('unreachable');
          return answer === 'ok'
            ? { ok: true as const, ticket: 't' }
            : { ok: false as const, detail: 'the shared cap is reached' };
        },
        settle: async () => {
          s.settled += 1;
        },
      };
      return s;
    };

    it('a call the shared store refuses ends `cap`, unsent, and costs this run nothing', async () => {
      const budget = new RunBudget(CAPS);
      const inner = innerStep([ok()]);
      const b = budgetLayer(CALLER, catalog, budget, { caps: CAPS, store: store('full') });
      expect(await b.layer(inner.step)(callOf())).toMatchObject({ ok: false, failure: 'cap' });
      expect(inner.seen).toHaveLength(0);
      expect(budget.totals().calls).toBe(0);
      // The local reservation was released: the run's one call is still there to make.
      expect((await budgetLayer(CALLER, catalog, budget).layer(innerStep([ok()]).step)(callOf())).ok).toBe(
        true,
      );
    });

    it('a shared store that cannot answer: the call is not sent (`error`)', async () => {
      const inner = innerStep([ok()]);
      const b = budgetLayer(CALLER, catalog, new RunBudget(CAPS), { caps: CAPS, store: store('down') });
      expect(await b.layer(inner.step)(callOf())).toMatchObject({ ok: false, failure: 'error' });
      expect(inner.seen).toHaveLength(0);
    });

    it('an admitted call is settled in the shared store too', async () => {
      const shared = store('ok');
      const b = budgetLayer(CALLER, catalog, new RunBudget(CAPS), { caps: CAPS, store: shared });
      expect((await b.layer(innerStep([ok()]).step)(callOf())).ok).toBe(true);
      expect(shared.settled).toBe(1);
    });
  });
});
