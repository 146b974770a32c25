/**
 * What one provider's wire format must supply: how a request becomes HTTP, and how a 200 reply becomes
 * text, a stop reason and token counts. Types only; providers/*.ts implement it, provider-client.ts runs it.
 */

import type { ModelRequest, StopReason } from '../client';
import type { HttpRequest } from '../wire/post-json';

export type WireReply =
  | {
      ok: true;
      text: string;
      stop: StopReason;
      /** Every input token, cached ones included. */
      inputTokens: number;
      outputTokens: number;
      /** Of `inputTokens`: written to the provider's prompt cache, and read from it. */
      cacheWriteTokens?: number;
      cacheReadTokens?: number;
    }
  | { ok: false; detail: string };

export interface WireAdapter {
  readonly provider: string;
  readonly model: string;
  /** Host the request goes to, printed before the first call of a run. */
  readonly egressHost: string;
  build(request: ModelRequest): Promise<HttpRequest> | HttpRequest;
  parse(json: unknown, request: ModelRequest): WireReply;
  /** The provider's error identifier in an error reply (a type or code, never its message). */
  errorCode(body: unknown, headers: Headers): string | undefined;
  /** A reply that means the credentials expired (Bedrock): retried once with freshly built credentials. */
  isAuthExpired?(status: number, code: string | undefined): boolean;
}

export { isRecord } from '../../core';

export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** `https://host:port/path` -> `host:port`; the path is not printed. */
export function hostOf(url: string): string {
  return new URL(url).host;
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
