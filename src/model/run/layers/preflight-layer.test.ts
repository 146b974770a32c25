import { describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../catalog/bundled-catalog';
import { reviewRequest } from '../../testing/test-request.testkit';
import { CALLER, callOf, innerStep, ok } from './layer-testkit.testkit';
import { preflightLayer } from './preflight-layer';

const catalog = bundledCatalog();

describe('preflightLayer', () => {
  it('passes a usable request to the next layer', async () => {
    const inner = innerStep([ok()]);
    expect((await preflightLayer(CALLER, catalog)(inner.step)(callOf())).ok).toBe(true);
    expect(inner.seen).toHaveLength(1);
  });

  it.each([
    [
      'a schema outside the shared subset',
      callOf({ request: reviewRequest({ schema: { type: 'object', oneOf: [] } }) }),
      CALLER,
      'error',
    ],
    [
      'a schema name the wire cannot carry',
      callOf({ request: reviewRequest({ schemaName: 'a b' }) }),
      CALLER,
      'error',
    ],
    ['a refused model', callOf(), { provider: 'anthropic', model: 'claude-2.1' }, 'refused-model'],
  ])('refuses %s without calling on', async (_name, call, caller, failure) => {
    const inner = innerStep([ok()]);
    const result = await preflightLayer(caller, catalog)(inner.step)(call);
    expect(result).toMatchObject({ ok: false, failure });
    expect(inner.seen).toHaveLength(0);
  });
});
