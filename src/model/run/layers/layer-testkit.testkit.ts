/**
 * Test support for the runner's layers: a call context, a recording inner step with scripted results, and
 * result builders. Tests only.
 */

import * as z from 'zod/mini';
import { failed, type ModelFailure, type ModelUsage } from '../../client';
import { reviewRequest } from '../../testing/test-request.testkit';
import type { CallContext, Step, StructuredResult } from './call-step';

export const CALLER = { provider: 'anthropic', model: 'claude-haiku-4-5' };
export const Answer = z.strictObject({ risk: z.enum(['low', 'high']), rationale: z.string() });
export type Answer = z.infer<typeof Answer>;
export const VALID = '{"risk":"low","rationale":"reads a file"}';

export function callOf(over: Partial<CallContext<Answer>> = {}): CallContext<Answer> {
  return { request: reviewRequest(), schema: Answer, attempt: 1, ...over };
}

export const usage = (n: number): ModelUsage => ({ inputTokens: n, outputTokens: n, costUsd: n / 1000 });

export function ok(n = 1, attempts = 1): StructuredResult<Answer> {
  return {
    ok: true,
    value: { risk: 'low', rationale: 'reads a file' },
    text: VALID,
    stop: 'end',
    usage: usage(n),
    ...CALLER,
    ms: 0,
    cached: false,
    attempts,
  };
}

export function fail(failure: ModelFailure, n = 0): StructuredResult<Answer> {
  return failed(CALLER, failure, `scripted ${failure}`, { usage: usage(n) });
}

/** An inner step answering `results` in order (the last one repeated), recording the contexts it saw. */
export function innerStep(results: StructuredResult<Answer>[]): { step: Step; seen: CallContext<unknown>[] } {
  const seen: CallContext<unknown>[] = [];
  const step = (async (call: CallContext<unknown>) => {
    seen.push(call);
    return results[Math.min(seen.length - 1, results.length - 1)];
  }) as Step;
  return { step, seen };
}
