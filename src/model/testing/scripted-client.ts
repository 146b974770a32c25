/**
 * The scripted client, shipped for evals and adversarial tests (`--model scripted:<file>`): a JSON
 * array of replies returned in order, each the raw text a model would return or
 * `{"fail": "timeout" | "refusal" | "error"}`. Sends nothing anywhere; tokens are estimated, cost is 0.
 * A script that runs out answers `error`, so a test that makes one call too many fails closed.
 */

import { failed, type ModelClient, type ModelRequest, type ModelResult } from '../client';
import { estimateInputTokens, estimateTokens } from '../structured/estimate-tokens';

export const SCRIPTED_FAILS = ['timeout', 'refusal', 'error'] as const;
export type ScriptedReply = string | { fail: (typeof SCRIPTED_FAILS)[number] };

export type ScriptParse = { ok: true; replies: ScriptedReply[] } | { ok: false; problem: string };

export function parseScript(text: string): ScriptParse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'is not JSON' };
  }
  if (!Array.isArray(json)) return { ok: false, problem: 'must be a JSON array of replies' };
  const replies: ScriptedReply[] = [];
  for (const [i, item] of json.entries()) {
    if (typeof item === 'string') {
      replies.push(item);
      continue;
    }
    const fail = (item as { fail?: unknown } | null)?.fail;
    const keys = item && typeof item === 'object' && !Array.isArray(item) ? Object.keys(item) : [];
    if (keys.length === 1 && SCRIPTED_FAILS.includes(fail as never)) {
      replies.push({ fail: fail as ScriptedReply extends { fail: infer F } ? F : never });
      continue;
    }
    return {
      ok: false,
      problem: `reply ${i} must be a string or {"fail": "${SCRIPTED_FAILS.join('" | "')}"}`,
    };
  }
  return { ok: true, replies };
}

export interface ScriptedClient extends ModelClient {
  /** How many replies were handed out. */
  used(): number;
}

export function scriptedClient(replies: readonly ScriptedReply[], name = 'scripted'): ScriptedClient {
  const self = { provider: 'scripted', model: name };
  let next = 0;
  return {
    ...self,
    used: () => next,
    async complete(request: ModelRequest): Promise<ModelResult> {
      const reply = replies[next];
      if (reply === undefined)
        return failed(self, 'error', `scripted replies exhausted after ${replies.length}`);
      next += 1;
      const inputTokens = estimateInputTokens(request);
      if (typeof reply === 'string') {
        const usage = { inputTokens, outputTokens: estimateTokens(reply), costUsd: 0 };
        return { ok: true, text: reply, stop: 'end', usage, ...self, ms: 0, cached: false };
      }
      const usage = { inputTokens, outputTokens: 0, costUsd: 0 };
      switch (reply.fail) {
        case 'timeout':
          return failed(self, 'timeout', `scripted reply ${next - 1}: timeout`, { usage });
        case 'refusal':
          return failed(self, 'refusal', `scripted reply ${next - 1}: refusal`, { usage });
        case 'error':
          return failed(self, 'error', `scripted reply ${next - 1}: error`, { usage });
        default: {
          const never: never = reply.fail;
          return failed(self, 'error', `scripted reply of unknown kind \`${String(never)}\``);
        }
      }
    },
  };
}
