/**
 * The run's caps around each attempt: its worst case is reserved before it is sent (or the call ends `cap`,
 * unsent) and settled with what it really used; tokens spent are tallied for the report.
 * INVARIANT: spending can never pass a cap, because admission reserves the worst case first.
 * With caps shared by several processes, the call must be admitted by both this run's budget and the shared
 * one; a shared store that cannot answer is a failure (`error`), and the call is not sent.
 */

import type { ModelCatalog } from '../../catalog/model-catalog';
import { failed } from '../../client';
import type { RunBudget, RunCaps, SharedCaps } from '../run-budget';
import type { Caller, Layer } from './call-step';
import { priceCall } from './worst-case';

export interface BudgetLayer {
  layer: Layer;
  tokens(): { input: number; output: number };
}

export function budgetLayer(
  caller: Caller,
  catalog: ModelCatalog,
  budget: RunBudget,
  shared?: { caps: RunCaps; store: SharedCaps },
): BudgetLayer {
  const tokens = { input: 0, output: 0 };
  return {
    tokens: () => ({ ...tokens }),
    layer: (next) => async (call) => {
      const worst = priceCall(call.request, caller, catalog).worst;
      const admission = budget.admit(worst);
      if (!admission.ok) return failed(caller, 'cap', admission.detail);
      let ticket: string | undefined;
      if (shared) {
        let held: Awaited<ReturnType<SharedCaps['admit']>>;
        try {
          held = await shared.store.admit(worst, shared.caps);
        } catch {
          budget.release(admission.ticket);
          return failed(caller, 'error', 'the shared run caps cannot be reached; the call is not sent');
        }
        if (!held.ok) {
          budget.release(admission.ticket);
          return failed(caller, 'cap', held.detail);
        }
        ticket = held.ticket;
      }
      const result = await next(call);
      budget.settle(admission.ticket, result.usage);
      if (shared && ticket !== undefined) {
        // The reservation stays at the worst case when this fails: stricter, never looser.
        await shared.store.settle(ticket, worst, result.usage).catch(() => {});
      }
      tokens.input += result.usage.inputTokens;
      tokens.output += result.usage.outputTokens;
      return result;
    },
  };
}
