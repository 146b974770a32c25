/**
 * The one way capabilities call a model: a stack of small layers, outermost first: preflight (schema subset,
 * refused models), estimate mode, the reply cache, the scheduler (concurrency, rpm, priority), one retry after a
 * refusal, the run's caps per attempt, over one validated call of the client (run/layers/). This file only
 * composes them, counts failures by kind, times the call and builds the run's report.
 * Fails closed: every path that is not a whole, valid reply is a failure value.
 * INVARIANT: only a reply that validated is returned as ok or stored in the cache.
 */

import type { Clock } from '../../core';
import { NO_CACHE, type ResponseCache } from '../cache/response-cache';
import type { ModelCatalog } from '../catalog/model-catalog';
import type { ModelClient, ModelFailure, ModelRequest } from '../client';
import type { ReplySchema } from '../structured/parse-reply';
import { CallScheduler } from './call-scheduler';
import { budgetLayer } from './layers/budget-layer';
import { cacheLayer } from './layers/cache-layer';
import { compose, type StructuredResult, type StructuredSuccess } from './layers/call-step';
import { estimateLayer } from './layers/estimate-layer';
import { preflightLayer } from './layers/preflight-layer';
import { retryLayer } from './layers/retry-layer';
import { scheduleLayer } from './layers/schedule-layer';
import { validateStep } from './layers/validate-step';
import { RunBudget, type RunCaps, type SharedCaps } from './run-budget';
import { type RunReport, roundUsd } from './run-report';

export type { StructuredResult, StructuredSuccess };

export interface RunnerOptions {
  client: ModelClient;
  catalog: ModelCatalog;
  clock: Clock;
  caps: RunCaps;
  concurrency: number;
  rpm: number;
  cache?: ResponseCache;
  /** The caps counted also by a store the service's replicas share. */
  sharedCaps?: SharedCaps;
  /** Build and price every request, send none. */
  estimate?: boolean;
  sleep?: (ms: number) => Promise<void>;
}

export interface ModelRunner {
  readonly provider: string;
  readonly model: string;
  complete<T>(
    request: ModelRequest,
    schema: ReplySchema<T>,
    signal?: AbortSignal,
  ): Promise<StructuredResult<T>>;
  report(): RunReport;
}

export function createModelRunner(options: RunnerOptions): ModelRunner {
  const { client, catalog, clock } = options;
  const self = { provider: client.provider, model: client.model };
  const budget = new RunBudget(options.caps);
  const scheduler = new CallScheduler({
    concurrency: options.concurrency,
    rpm: options.rpm,
    nowMs: () => clock.monotonicMs(),
    sleep: options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
  });
  const estimate = estimateLayer(self, catalog, options.caps, options.estimate === true);
  const cache = cacheLayer(self, options.cache ?? NO_CACHE);
  const spend = budgetLayer(
    self,
    catalog,
    budget,
    options.sharedCaps ? { caps: options.caps, store: options.sharedCaps } : undefined,
  );
  const step = compose(
    [
      preflightLayer(self, catalog),
      estimate.layer,
      cache.layer,
      scheduleLayer(scheduler),
      retryLayer(),
      spend.layer,
    ],
    validateStep(client),
  );
  const failures: Partial<Record<ModelFailure, number>> = {};

  async function complete<T>(
    request: ModelRequest,
    schema: ReplySchema<T>,
    signal?: AbortSignal,
  ): Promise<StructuredResult<T>> {
    const started = clock.monotonicMs();
    const result = await step({ request, schema, ...(signal ? { signal } : {}), attempt: 1 });
    if (!result.ok) failures[result.failure] = (failures[result.failure] ?? 0) + 1;
    return { ...result, ...self, ms: Math.round(clock.monotonicMs() - started) };
  }

  return {
    ...self,
    complete,
    report(): RunReport {
      const spent = budget.totals();
      const tokens = spend.tokens();
      const plan = estimate.plan();
      return {
        ...self,
        calls: spent.calls,
        cacheHits: cache.hits(),
        inputTokens: tokens.input,
        outputTokens: tokens.output,
        costUsd: roundUsd(spent.costUsd),
        failures: { ...failures },
        ...(plan ? { estimate: plan } : {}),
      };
    },
  };
}
