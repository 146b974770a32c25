/**
 * Turns a wire adapter into a `ModelClient`: one HTTP call with deadline and retries, the reply parsed,
 * tokens priced from the catalogue. A content-policy stop with no text is a `refusal`; any other reply
 * is returned with its stop reason for the runner to validate (a whole, valid reply is used whatever
 * its stop). Never throws for an expected failure.
 */

import type { ModelCatalog } from '../catalog/model-catalog';
import { failed, type ModelClient, type ModelRequest, type ModelResult, type ModelUsage } from '../client';
import { postJson } from '../wire/post-json';
import { DEFAULT_RETRY, type RetryPolicy } from '../wire/retry-policy';
import type { WireAdapter } from './wire-adapter';

export interface TransportOptions {
  catalog: ModelCatalog;
  retry?: RetryPolicy;
  /** Largest reply body accepted, in bytes; default 1 MiB. */
  maxResponseBytes?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  monotonicMs?: () => number;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

export interface ProviderClient extends ModelClient {
  readonly egressHost: string;
}

/** Prices a call's tokens; `cache` is the part of `input` written to or read from the prompt cache. */
export function priceUsage(
  catalog: ModelCatalog,
  provider: string,
  model: string,
  input: number,
  output: number,
  cache: { write?: number; read?: number } = {},
): ModelUsage {
  const price = catalog.price(provider, model);
  const write = Math.min(cache.write ?? 0, input);
  const read = Math.min(cache.read ?? 0, input - write);
  const costUsd =
    ((input - write - read) * price.input +
      write * price.cacheWrite +
      read * price.cacheRead +
      output * price.output) /
    1_000_000;
  return { inputTokens: input, outputTokens: output, costUsd: Math.round(costUsd * 1e9) / 1e9 };
}

export function providerClient(adapter: WireAdapter, options: TransportOptions): ProviderClient {
  const clock = options.monotonicMs ?? (() => performance.now());
  const self = { provider: adapter.provider, model: adapter.model };
  return {
    ...self,
    egressHost: adapter.egressHost,
    async complete(request: ModelRequest, signal?: AbortSignal): Promise<ModelResult> {
      const started = clock();
      const post = await postJson({
        build: () => adapter.build(request),
        timeoutMs: request.timeoutMs,
        retry: options.retry ?? DEFAULT_RETRY,
        maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
        provider: adapter.provider,
        errorCode: adapter.errorCode,
        ...(adapter.isAuthExpired ? { isAuthExpired: adapter.isAuthExpired } : {}),
        ...(signal ? { signal } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.sleep ? { sleep: options.sleep } : {}),
        ...(options.random ? { random: options.random } : {}),
      });
      const ms = Math.round(clock() - started);
      if (!post.ok) return failed(self, post.failure, post.detail, { ms });
      const reply = adapter.parse(post.json, request);
      if (!reply.ok)
        return failed(self, 'error', `provider \`${adapter.provider}\`: ${reply.detail}`, { ms });
      const usage = priceUsage(
        options.catalog,
        adapter.provider,
        adapter.model,
        reply.inputTokens,
        reply.outputTokens,
        {
          ...(reply.cacheWriteTokens !== undefined ? { write: reply.cacheWriteTokens } : {}),
          ...(reply.cacheReadTokens !== undefined ? { read: reply.cacheReadTokens } : {}),
        },
      );
      if (reply.stop === 'content-filter' && reply.text.trim() === '') {
        return failed(
          self,
          'refusal',
          `provider \`${adapter.provider}\` stopped the reply for its content policy`,
          {
            usage,
            ms,
          },
        );
      }
      return { ok: true, text: reply.text, stop: reply.stop, usage, ...self, ms, cached: false };
    },
  };
}
