/**
 * The run's caps around each attempt: its worst case is reserved before it is sent (or the call ends `cap`,
 * unsent) and settled with what it really used; tokens spent are tallied for the report.
 * INVARIANT: spending can never pass a cap, because admission reserves the worst case first.
 */

import type { ModelCatalog } from '../../catalog/model-catalog';
import { failed } from '../../client';
import type { RunBudget } from '../run-budget';
import type { Caller, Layer } from './call-step';
import { priceCall } from './worst-case';

export interface BudgetLayer {
  layer: Layer;
  tokens(): { input: number; output: number };
}

export function budgetLayer(caller: Caller, catalog: ModelCatalog, budget: RunBudget): BudgetLayer {
  const tokens = { input: 0, output: 0 };
  return {
    tokens: () => ({ ...tokens }),
    layer: (next) => async (call) => {
      const admission = budget.admit(priceCall(call.request, caller, catalog).worst);
      if (!admission.ok) return failed(caller, 'cap', admission.detail);
      const result = await next(call);
      budget.settle(admission.ticket, result.usage);
      tokens.input += result.usage.inputTokens;
      tokens.output += result.usage.outputTokens;
      return result;
    },
  };
}
