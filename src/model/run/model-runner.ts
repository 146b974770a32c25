/**
 * The one way capabilities call a model: refused models, estimate mode, the cache, caps with
 * admission by priority, concurrency and rpm limits, the call, strict validation with the caller's
 * zod schema, and one retry after a content-policy stop. Fails closed: every path that is not a
 * whole, valid reply is a failure value.
 * INVARIANT: only a reply that validated is returned as ok or stored in the cache.
 */

import type { Clock } from '../../core';
import { requestKey } from '../cache/cache-key';
import { NO_CACHE, type ResponseCache } from '../cache/response-cache';
import type { ModelCatalog } from '../catalog/model-catalog';
import {
  failed,
  type ModelClient,
  type ModelFailed,
  type ModelFailure,
  type ModelRequest,
  type ModelSuccess,
  type ModelUsage,
  NO_USAGE,
} from '../client';
import { estimateInputTokens } from '../structured/estimate-tokens';
import { parseReply, type ReplySchema } from '../structured/parse-reply';
import { checkSchemaSubset, isSchemaName } from '../structured/schema-subset';
import { CallScheduler } from './call-scheduler';
import { type PlannedCall, planAdmission, RunBudget, type RunCaps } from './run-budget';
import { type RunReport, roundUsd } from './run-report';

/** A model success whose text parsed into `value`, after `attempts` calls. */
export interface StructuredSuccess<T> extends ModelSuccess {
  value: T;
  attempts: number;
}

export type StructuredResult<T> = StructuredSuccess<T> | ModelFailed;

export interface RunnerOptions {
  client: ModelClient;
  catalog: ModelCatalog;
  clock: Clock;
  caps: RunCaps;
  concurrency: number;
  rpm: number;
  cache?: ResponseCache;
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
  const cache = options.cache ?? NO_CACHE;
  const budget = new RunBudget(options.caps);
  const scheduler = new CallScheduler({
    concurrency: options.concurrency,
    rpm: options.rpm,
    nowMs: () => clock.monotonicMs(),
    sleep: options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
  });
  const self = { provider: client.provider, model: client.model };
  const failures: Partial<Record<ModelFailure, number>> = {};
  const planned: PlannedCall[] = [];
  const unpriced = new Set<string>();
  let cacheHits = 0;
  const tokens = { input: 0, output: 0 };
  let expectedCostUsd = 0;
  let inputTokensPlanned = 0;
  let worstOutputTokens = 0;

  const fail = (failure: ModelFailure, detail: string, extra: { usage?: ModelUsage; ms?: number } = {}) => {
    failures[failure] = (failures[failure] ?? 0) + 1;
    return failed(self, failure, detail, extra);
  };

  async function complete<T>(request: ModelRequest, schema: ReplySchema<T>, signal?: AbortSignal) {
    const started = clock.monotonicMs();
    const subset = checkSchemaSubset(request.schema);
    if (!subset.ok)
      return fail('error', `schema of \`${request.promptId}\` at \`${subset.path}\`: ${subset.problem}`);
    if (!isSchemaName(request.schemaName))
      return fail('error', `schema name of \`${request.promptId}\` is not usable on the wire`);
    const refusal = catalog.refusal(client.model);
    if (refusal) return fail('refused-model', `model \`${client.model}\` is refused: ${refusal}`);

    const inputTokens = estimateInputTokens(request);
    const price = catalog.price(client.provider, client.model);
    if (!price.known) unpriced.add(`${client.provider}/${client.model}`);
    const worst = {
      tokens: inputTokens + request.maxOutputTokens,
      costUsd: (inputTokens * price.input + request.maxOutputTokens * price.output) / 1_000_000,
    };
    if (options.estimate) {
      const expectedOut = request.expectedOutputTokens ?? Math.ceil(request.maxOutputTokens / 4);
      planned.push({ ...worst, priority: request.priority ?? 0, seq: planned.length });
      expectedCostUsd += (inputTokens * price.input + expectedOut * price.output) / 1_000_000;
      inputTokensPlanned += inputTokens;
      worstOutputTokens += request.maxOutputTokens;
      return fail('estimate', 'estimate only: not sent');
    }

    const key = requestKey(request, client.provider, client.model);
    const hit = cache.get(key);
    if (hit) {
      const parsed = parseReply(hit.text, schema);
      if (parsed.ok) {
        cacheHits += 1;
        const ms = Math.round(clock.monotonicMs() - started);
        return {
          ok: true as const,
          value: parsed.value,
          text: hit.text,
          stop: hit.stop,
          usage: NO_USAGE,
          ...self,
          ms,
          cached: true,
          attempts: 0,
        };
      }
    }

    const release = await scheduler.acquire(request.priority ?? 0);
    try {
      let usage: ModelUsage = NO_USAGE;
      for (let attempt = 1; attempt <= 2; attempt++) {
        const admission = budget.admit(worst);
        if (!admission.ok) return fail('cap', admission.detail, { usage, ms: elapsed() });
        const result = await client.complete(request, signal);
        budget.settle(admission.ticket, result.usage);
        usage = add(usage, result.usage);
        tokens.input += result.usage.inputTokens;
        tokens.output += result.usage.outputTokens;
        if (!result.ok) {
          if (result.failure === 'refusal' && attempt === 1) continue;
          return fail(result.failure, result.detail, { usage, ms: elapsed() });
        }
        const parsed = parseReply(result.text, schema);
        if (parsed.ok) {
          // INVARIANT: a whole, valid reply is used whatever its stop reason.
          cache.put(key, { text: result.text, stop: result.stop, usage: result.usage, ...self });
          return {
            ok: true as const,
            value: parsed.value,
            text: result.text,
            stop: result.stop,
            usage,
            ...self,
            ms: elapsed(),
            cached: false,
            attempts: attempt,
          };
        }
        if (result.stop === 'content-filter') {
          if (attempt === 1) continue;
          return fail('refusal', 'the reply was stopped for content policy twice without a usable answer', {
            usage,
            ms: elapsed(),
          });
        }
        const why = result.stop === 'max-tokens' ? ' (cut off at the output cap)' : '';
        return fail('invalid-output', `${parsed.problem}${why}`, { usage, ms: elapsed() });
      }
      return fail('refusal', 'the provider refused twice', { usage, ms: elapsed() });
    } finally {
      release();
    }

    function elapsed(): number {
      return Math.round(clock.monotonicMs() - started);
    }
  }

  return {
    ...self,
    complete,
    report(): RunReport {
      const spent = budget.totals();
      const report: RunReport = {
        ...self,
        calls: spent.calls,
        cacheHits,
        inputTokens: tokens.input,
        outputTokens: tokens.output,
        costUsd: roundUsd(spent.costUsd),
        failures: { ...failures },
      };
      if (options.estimate) {
        const plan = planAdmission(options.caps, planned);
        const worstAdmitted = planned
          .filter((c) => plan.admitted.has(c.seq))
          .reduce((s, c) => s + c.costUsd, 0);
        report.estimate = {
          calls: planned.length,
          callsFit: plan.admitted.size,
          inputTokens: inputTokensPlanned,
          worstOutputTokens,
          worstCostUsd: roundUsd(planned.reduce((s, c) => s + c.costUsd, 0)),
          expectedCostUsd: roundUsd(expectedCostUsd),
          overCap: plan.refused.size > 0 || worstAdmitted > options.caps.maxCostUsd,
          unpricedModels: [...unpriced].sort(),
        };
      }
      return report;
    },
  };
}

function add(a: ModelUsage, b: ModelUsage): ModelUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    costUsd: a.costUsd + b.costUsd,
  };
}
