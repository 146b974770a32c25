/**
 * The innermost step: one call of the client, its reply validated strictly against the caller's schema. A whole,
 * valid reply is used whatever its stop reason; a content-policy stop with no usable answer is a `refusal` (the
 * retry layer tries once more); anything else unparseable is `invalid-output`, saying when the output cap cut it.
 * INVARIANT: only a reply that validated is returned as ok.
 */

import { failed, type ModelClient } from '../../client';
import { parseReply } from '../../structured/parse-reply';
import type { Step } from './call-step';

export function validateStep(client: ModelClient): Step {
  return async (call) => {
    const result = await client.complete(call.request, call.signal);
    if (!result.ok) return result;
    const parsed = parseReply(result.text, call.schema);
    if (parsed.ok) return { ...result, value: parsed.value, cached: false, attempts: call.attempt };
    const extra = { usage: result.usage };
    if (result.stop === 'content-filter')
      return failed(
        client,
        'refusal',
        call.attempt > 1
          ? 'the reply was stopped for content policy twice without a usable answer'
          : 'the reply was stopped for content policy without a usable answer',
        extra,
      );
    const why = result.stop === 'max-tokens' ? ' (cut off at the output cap)' : '';
    return failed(client, 'invalid-output', `${parsed.problem}${why}`, extra);
  };
}
