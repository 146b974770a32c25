/**
 * Requests for model tests: a small `ModelRequest` for tests that do not care what it asks (an empty object
 * schema named `answer`, tight limits), and a review request with a real answer schema; any field overridden.
 * Test support only; never bundled.
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

/** The answer schema of a review: a risk of `low` or `high` and a rationale. */
export const REVIEW_SCHEMA: ModelRequest['schema'] = {
  type: 'object',
  additionalProperties: false,
  properties: { risk: { type: 'string', enum: ['low', 'high'] }, rationale: { type: 'string' } },
  required: ['risk', 'rationale'],
};

/** A review of `cat README.md` answered in REVIEW_SCHEMA; `over` replaces any field. */
export function reviewRequest(over: Partial<ModelRequest> = {}): ModelRequest {
  return testRequest({
    promptId: 'test@1',
    system: 'You review actions.',
    user: 'Action: cat README.md',
    schema: REVIEW_SCHEMA,
    maxOutputTokens: 512,
    timeoutMs: 1000,
    ...over,
  });
}
