import { describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../catalog/bundled-catalog';
import { reviewRequest } from '../../testing/test-request.testkit';
import type { RunCaps } from '../run-budget';
import { estimateLayer } from './estimate-layer';
import { CALLER, callOf, innerStep, ok } from './layer-testkit.testkit';

const catalog = bundledCatalog();
const CAPS: RunCaps = { maxCalls: 1, maxTokens: 1_000_000, maxCostUsd: 5, maxCallTokens: 50_000 };

describe('estimateLayer', () => {
  it('off: passes every call through and has no plan', async () => {
    const e = estimateLayer(CALLER, catalog, CAPS, false);
    const inner = innerStep([ok()]);
    expect((await e.layer(inner.step)(callOf())).ok).toBe(true);
    expect(inner.seen).toHaveLength(1);
    expect(e.plan()).toBeUndefined();
  });

  it('on: sends nothing, answers `estimate`, and plans by priority within the caps', async () => {
    const e = estimateLayer(CALLER, catalog, CAPS, true);
    const inner = innerStep([ok()]);
    const step = e.layer(inner.step);
    expect(await step(callOf())).toMatchObject({ ok: false, failure: 'estimate' });
    await step(callOf({ request: reviewRequest({ priority: 5 }) }));
    expect(inner.seen).toHaveLength(0);
    expect(e.plan()).toMatchObject({ calls: 2, callsFit: 1, overCap: true, unpricedModels: [] });
  });

  it('names a model priced at the unknown rate', async () => {
    const e = estimateLayer({ provider: 'anthropic', model: 'not-a-model' }, catalog, CAPS, true);
    await e.layer(innerStep([ok()]).step)(callOf());
    expect(e.plan()?.unpricedModels).toEqual(['anthropic/not-a-model']);
  });
});
