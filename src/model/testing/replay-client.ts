/**
 * Recorded request -> reply cassettes (`--model replay:<dir>`), one JSON file per request digest
 * (`<dir>/<sha256>.json`). `replayClient` answers from them and sends nothing; a request with no
 * cassette is an `error`. `recordingClient` wraps a real client and writes what it answered.
 * A cassette holds the digest, the prompt id and the reply, never the request's text.
 */

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replayKey } from '../cache/cache-key';
import {
  failed,
  MODEL_FAILURES,
  type ModelClient,
  type ModelFailure,
  type ModelRequest,
  type ModelResult,
  type ModelUsage,
  type StopReason,
} from '../client';

export interface Cassette {
  v: 1;
  key: string;
  promptId: string;
  recordedWith: { provider: string; model: string };
  reply:
    | { text: string; stop: StopReason; usage: ModelUsage }
    | { fail: ModelFailure; detail: string; usage: ModelUsage };
}

const STOPS: readonly StopReason[] = ['end', 'max-tokens', 'content-filter', 'other'];

export function cassettePath(dir: string, request: ModelRequest): string {
  return join(dir, `${replayKey(request)}.json`);
}

export function replayClient(dir: string): ModelClient {
  const self = { provider: 'replay', model: 'replay' };
  return {
    ...self,
    async complete(request: ModelRequest): Promise<ModelResult> {
      const key = replayKey(request);
      let cassette: Cassette;
      try {
        cassette = JSON.parse(readFileSync(join(dir, `${key}.json`), 'utf8')) as Cassette;
      } catch {
        return failed(
          self,
          'error',
          `no cassette for \`${request.promptId}\` request \`${key.slice(0, 12)}\``,
        );
      }
      if (
        cassette?.v !== 1 ||
        cassette.key !== key ||
        typeof cassette.reply !== 'object' ||
        cassette.reply === null
      ) {
        return failed(self, 'error', `cassette \`${key.slice(0, 12)}\` is malformed`);
      }
      // A replay spends nothing: tokens are kept for the record, cost is zero.
      const usage = { ...validUsage(cassette.reply.usage), costUsd: 0 };
      const reply = cassette.reply;
      if ('fail' in reply) {
        if (!MODEL_FAILURES.includes(reply.fail))
          return failed(self, 'error', `cassette \`${key.slice(0, 12)}\` is malformed`);
        return failed(self, reply.fail, `replayed: ${String(reply.detail)}`, { usage });
      }
      if (typeof reply.text !== 'string' || !STOPS.includes(reply.stop)) {
        return failed(self, 'error', `cassette \`${key.slice(0, 12)}\` is malformed`);
      }
      return { ok: true, text: reply.text, stop: reply.stop, usage, ...self, ms: 0, cached: false };
    },
  };
}

export function recordingClient(inner: ModelClient, dir: string): ModelClient {
  return {
    provider: inner.provider,
    model: inner.model,
    async complete(request: ModelRequest, signal?: AbortSignal): Promise<ModelResult> {
      const result = await inner.complete(request, signal);
      const key = replayKey(request);
      const cassette: Cassette = {
        v: 1,
        key,
        promptId: request.promptId,
        recordedWith: { provider: inner.provider, model: inner.model },
        reply: result.ok
          ? { text: result.text, stop: result.stop, usage: result.usage }
          : { fail: result.failure, detail: result.detail, usage: result.usage },
      };
      mkdirSync(dir, { recursive: true });
      const path = join(dir, `${key}.json`);
      writeFileSync(`${path}.tmp`, `${JSON.stringify(cassette, null, 2)}\n`);
      renameSync(`${path}.tmp`, path);
      return result;
    },
  };
}

function validUsage(value: unknown): ModelUsage {
  const u = value as Partial<ModelUsage> | undefined;
  const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : 0);
  return { inputTokens: n(u?.inputTokens), outputTokens: n(u?.outputTokens), costUsd: n(u?.costUsd) };
}
