/**
 * One more attempt after a refusal (a provider's refusal, or a content-policy stop with no usable answer), never
 * more; the usage of every attempt is summed into the result. Every other ending is returned as it is.
 */

import type { ModelUsage } from '../../client';
import type { Layer } from './call-step';

const ATTEMPTS = 2;

export function retryLayer(): Layer {
  return (next) => async (call) => {
    let usage: ModelUsage | undefined;
    for (let attempt = 1; ; attempt++) {
      const result = await next({ ...call, attempt });
      usage = usage ? add(usage, result.usage) : result.usage;
      const summed = { ...result, usage };
      if (result.ok || result.failure !== 'refusal' || attempt >= ATTEMPTS) return summed;
    }
  };
}

function add(a: ModelUsage, b: ModelUsage): ModelUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    costUsd: a.costUsd + b.costUsd,
  };
}
