/**
 * What a request's input costs when part of it is a prefix other requests share (`cachePrefixChars`), from the
 * one price catalogue: the first request of a run that sends a prefix writes it to the provider's prompt cache
 * (Anthropic and Bedrock: at the cache-write price), every later one reads it (the cache-read price). A prefix
 * shorter than the model's `cacheMinTokens`, or a model with no cache price, is priced as plain input. The
 * worst case never counts on a read. Pure over the ledger of prefixes the caller keeps for one run.
 */

import { contentHash } from '../../core';
import type { ModelRequest } from '../client';
import { estimateInputTokens } from '../structured/estimate-tokens';
import type { PricePerMillion } from './model-catalog';

/** The prefixes a run has sent so far, by content hash. */
export type PrefixLedger = Set<string>;

export interface InputCost {
  /** `write` the first time a prefix is sent, `read` after; `none` when nothing is cached. */
  cache: 'write' | 'read' | 'none';
  prefixTokens: number;
  usd: number;
}

function prefixOf(request: ModelRequest): { key: string; tokens: number } | undefined {
  const at = request.cachePrefixChars ?? 0;
  if (at <= 0 || at >= request.user.length) return undefined;
  const prefix = request.user.slice(0, at);
  const parts = { system: request.system, user: prefix, schema: request.schema };
  return {
    key: contentHash({ ...parts, schemaName: request.schemaName }),
    tokens: estimateInputTokens(parts),
  };
}

/** The expected input cost of `request` (`inputTokens` in all), recording its prefix in `ledger`. */
export function expectedInputCost(
  request: ModelRequest,
  inputTokens: number,
  price: PricePerMillion,
  ledger: PrefixLedger,
): InputCost {
  const prefix = prefixOf(request);
  if (!prefix || prefix.tokens < price.cacheMinTokens)
    return { cache: 'none', prefixTokens: 0, usd: (inputTokens * price.input) / 1_000_000 };
  const read = ledger.has(prefix.key);
  ledger.add(prefix.key);
  const rest = Math.max(0, inputTokens - prefix.tokens);
  const rate = read ? price.cacheRead : price.cacheWrite;
  return {
    cache: read ? 'read' : 'write',
    prefixTokens: prefix.tokens,
    usd: (prefix.tokens * rate + rest * price.input) / 1_000_000,
  };
}

/** The worst input cost of `request`: its prefix at the dearer of input and cache write, never a read. */
export function worstInputUsd(request: ModelRequest, inputTokens: number, price: PricePerMillion): number {
  const prefix = prefixOf(request);
  const cached = prefix && prefix.tokens >= price.cacheMinTokens ? Math.min(prefix.tokens, inputTokens) : 0;
  return (
    (cached * Math.max(price.input, price.cacheWrite) + (inputTokens - cached) * price.input) / 1_000_000
  );
}
