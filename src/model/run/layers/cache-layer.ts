/**
 * The reply cache around a call: a stored reply that still validates against the caller's schema is the answer
 * (no usage, `cached`, 0 attempts); a reply the layers below validated is stored. Never stores a failure.
 * INVARIANT: only a reply that validated is stored or served.
 * A store that fails (a shared one that is unreachable) is a miss on read and nothing on write: only slower.
 */

import { requestKey } from '../../cache/cache-key';
import type { ResponseCache } from '../../cache/response-cache';
import { NO_USAGE } from '../../client';
import { parseReply } from '../../structured/parse-reply';
import type { Caller, Layer } from './call-step';

export interface CacheLayer {
  layer: Layer;
  hits(): number;
}

export function cacheLayer(caller: Caller, cache: ResponseCache): CacheLayer {
  let hits = 0;
  const self = { provider: caller.provider, model: caller.model };
  return {
    hits: () => hits,
    layer: (next) => async (call) => {
      const key = requestKey(call.request, caller.provider, caller.model);
      let hit: Awaited<ReturnType<ResponseCache['get']>>;
      try {
        hit = await cache.get(key);
      } catch {
        hit = undefined;
      }
      if (hit) {
        const parsed = parseReply(hit.text, call.schema);
        if (parsed.ok) {
          hits += 1;
          return {
            ok: true as const,
            value: parsed.value,
            text: hit.text,
            stop: hit.stop,
            usage: NO_USAGE,
            ...self,
            ms: 0,
            cached: true,
            attempts: 0,
          };
        }
      }
      const result = await next(call);
      if (result.ok) {
        try {
          await cache.put(key, { text: result.text, stop: result.stop, usage: result.usage, ...self });
        } catch {
          // Not stored: the next identical call asks the model again.
        }
      }
      return result;
    },
  };
}
