/**
 * TEST DOUBLE: a ModelClient that replays a script, for tests and evals only. The script has the
 * format of the product's `scripted:<file>` client: a JSON array of replies, each the raw text the
 * model returns or `{"fail": "timeout" | "refusal" | "error"}`. Replies are used in order; past the
 * end every call fails with `error`. Each request is kept so a test can read what was sent.
 */

import type { ModelClient, ModelRequest, ModelResult } from '../../model/client';

export type ScriptReply = string | { fail: 'timeout' | 'refusal' | 'error' };

export type ScriptRead = { ok: true; replies: ScriptReply[] } | { ok: false; problem: string };

export function readScript(doc: unknown): ScriptRead {
  if (!Array.isArray(doc)) return { ok: false, problem: 'a script must be a JSON array of replies' };
  for (const [i, r] of doc.entries()) {
    if (typeof r === 'string') continue;
    const fail =
      typeof r === 'object' && r !== null && Object.keys(r).length === 1
        ? (r as { fail?: unknown }).fail
        : undefined;
    if (fail !== 'timeout' && fail !== 'refusal' && fail !== 'error') {
      return {
        ok: false,
        problem: `reply ${i} must be a string or {"fail": "timeout" | "refusal" | "error"}`,
      };
    }
  }
  return { ok: true, replies: doc as ScriptReply[] };
}

export interface ScriptedTestClient extends ModelClient {
  readonly requests: ModelRequest[];
}

export function scriptedTestClient(
  replies: readonly ScriptReply[],
  name = 'scripted/test-double',
): ScriptedTestClient {
  const [provider = 'scripted', model = 'test-double'] = name.split('/');
  const requests: ModelRequest[] = [];
  let next = 0;
  return {
    provider,
    model,
    requests,
    async complete(request: ModelRequest): Promise<ModelResult> {
      requests.push(request);
      const reply = replies[next++];
      const usage = {
        inputTokens: Math.ceil((request.system.length + request.user.length) / 3),
        outputTokens: 0,
        costUsd: 0,
      };
      if (reply === undefined)
        return { ok: false, failure: 'error', detail: 'script exhausted', usage, provider, model, ms: 0 };
      if (typeof reply !== 'string')
        return { ok: false, failure: reply.fail, detail: 'scripted failure', usage, provider, model, ms: 0 };
      usage.outputTokens = Math.ceil(reply.length / 3);
      return { ok: true, text: reply, stop: 'end', usage, provider, model, ms: 0, cached: false };
    },
  };
}
