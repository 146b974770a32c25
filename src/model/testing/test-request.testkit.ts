/**
 * A small `ModelRequest` for tests that need one but do not care what it asks: an empty object schema named
 * `answer` and tight limits, with any field overridden. Test support only; never bundled.
 */

import type { ModelRequest } from '../client';

export function testRequest(over: Partial<ModelRequest> = {}): ModelRequest {
  return {
    promptId: 'p@1',
    system: 's',
    user: 'u',
    schema: { type: 'object', additionalProperties: false, properties: {}, required: [] },
    schemaName: 'answer',
    maxOutputTokens: 10,
    timeoutMs: 10,
    ...over,
  };
}
