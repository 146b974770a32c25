/**
 * The cache key: sha256 of everything in a request that can change the answer (prompt id and version,
 * provider, model, schema, system text, user text, output cap, temperature, reasoning effort when
 * asked for: a request without one keeps the key it had before the field existed). Pure.
 * INVARIANT: only the digest is ever stored; the request's plaintext never reaches the cache directory.
 */

import { contentHash } from '../../core';
import type { ModelRequest } from '../client';

export function requestKey(request: ModelRequest, provider: string, model: string): string {
  return contentHash({
    v: 1,
    provider,
    model,
    promptId: request.promptId,
    schemaName: request.schemaName,
    schema: request.schema,
    system: request.system,
    user: request.user,
    maxOutputTokens: request.maxOutputTokens,
    temperature: request.temperature ?? null,
    ...(request.effort !== undefined ? { effort: request.effort } : {}),
  });
}

/** The same digest without provider and model: replay cassettes answer whichever model recorded them. */
export function replayKey(request: ModelRequest): string {
  return requestKey(request, '', '');
}
