/**
 * `--estimate`: every call is priced (worst case and expected), planned with its priority and answered
 * `estimate` without being sent; `plan()` says what the run would spend and how much of it fits the caps.
 * Off, it passes every call through untouched.
 */

import type { ModelCatalog } from '../../catalog/model-catalog';
import { expectedInputCost, type PrefixLedger } from '../../catalog/prompt-cache-price';
import { failed } from '../../client';
import { type PlannedCall, planAdmission, type RunCaps } from '../run-budget';
import { type EstimateReport, roundUsd } from '../run-report';
import type { Caller, Layer } from './call-step';
import { priceCall } from './worst-case';

export interface EstimateLayer {
  layer: Layer;
  /** The plan so far; undefined when the run is not an estimate. */
  plan(): EstimateReport | undefined;
}

export function estimateLayer(
  caller: Caller,
  catalog: ModelCatalog,
  caps: RunCaps,
  enabled: boolean,
): EstimateLayer {
  const planned: PlannedCall[] = [];
  const unpriced = new Set<string>();
  let expectedCostUsd = 0;
  let inputTokens = 0;
  let worstOutputTokens = 0;
  // A prefix the run sends a second time is a prompt-cache read, as the provider will bill it.
  const prefixes: PrefixLedger = new Set();
  return {
    layer: (next) => async (call) => {
      if (!enabled) return next(call);
      const { request } = call;
      const priced = priceCall(request, caller, catalog);
      if (!priced.price.known) unpriced.add(`${caller.provider}/${caller.model}`);
      const expectedOut = request.expectedOutputTokens ?? Math.ceil(request.maxOutputTokens / 4);
      planned.push({ ...priced.worst, priority: request.priority ?? 0, seq: planned.length });
      const expected =
        expectedInputCost(request, priced.inputTokens, priced.price, prefixes).usd +
        (expectedOut * priced.price.output) / 1_000_000;
      expectedCostUsd += expected;
      inputTokens += priced.inputTokens;
      worstOutputTokens += request.maxOutputTokens;
      return {
        ...failed(caller, 'estimate', 'estimate only: not sent'),
        estimated: {
          inputTokens: priced.inputTokens,
          expectedCostUsd: expected,
          worstCostUsd: priced.worst.costUsd,
        },
      };
    },
    plan() {
      if (!enabled) return undefined;
      const admission = planAdmission(caps, planned);
      const worstAdmitted = planned
        .filter((c) => admission.admitted.has(c.seq))
        .reduce((s, c) => s + c.costUsd, 0);
      return {
        calls: planned.length,
        callsFit: admission.admitted.size,
        inputTokens,
        worstOutputTokens,
        worstCostUsd: roundUsd(planned.reduce((s, c) => s + c.costUsd, 0)),
        expectedCostUsd: roundUsd(expectedCostUsd),
        overCap: admission.refused.size > 0 || worstAdmitted > caps.maxCostUsd,
        unpricedModels: [...unpriced].sort(),
      };
    },
  };
}
