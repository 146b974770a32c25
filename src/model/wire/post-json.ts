/**
 * One provider call over HTTP: POST JSON with a whole-call deadline (AbortController), bounded retries
 * with jitter on 408/429/5xx and network errors, and a cap on the reply's size.
 * Never throws: every ending is a value. Never puts a reply body or a request body in `detail`.
 */

import { backoffMs, isRetryableStatus, type RetryPolicy, retryAfterMs } from './retry-policy';

export interface HttpRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface PostOptions {
  /** Built again for every attempt (a signature carries the time). */
  build: () => Promise<HttpRequest> | HttpRequest;
  timeoutMs: number;
  retry: RetryPolicy;
  maxResponseBytes: number;
  /** Names the provider in `detail` (`provider \`anthropic\` ...`). */
  provider: string;
  /** Reads a provider's error code out of an error body (its `type`, never its message). */
  errorCode?: (body: unknown, headers: Headers) => string | undefined;
  /** True for a reply that means "credentials expired": retried once at once, with a fresh `build`. */
  isAuthExpired?: (status: number, code: string | undefined) => boolean;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  nowMs?: () => number;
}

export type PostOutcome =
  | { ok: true; status: number; json: unknown; attempts: number }
  | { ok: false; failure: 'timeout' | 'error'; detail: string; status?: number; attempts: number };

class Oversized extends Error {}

/**
 * Thrown by a `build` that cannot make the request (credentials that could not be obtained): the call ends at
 * once with this message, which gavel wrote (never a key, a token or a reply body), and is not retried.
 */
export class BuildRefused extends Error {}

export async function postJson(options: PostOptions): Promise<PostOutcome> {
  const now = options.nowMs ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? sleepFor;
  const doFetch = options.fetch ?? fetch;
  const deadline = now() + options.timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('deadline')), options.timeoutMs);
  const onOuterAbort = () => controller.abort(new Error('cancelled'));
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const who = `provider \`${options.provider}\``;
  let last: PostOutcome = { ok: false, failure: 'error', detail: `${who} was not called`, attempts: 0 };
  let authRetried = false;
  try {
    for (let attempt = 0; attempt < options.retry.maxAttempts; attempt++) {
      const attempts = attempt + 1;
      let waitFromServer: number | undefined;
      try {
        const req = await options.build();
        const res = await doFetch(req.url, {
          method: 'POST',
          headers: req.headers,
          body: req.body,
          signal: controller.signal,
          redirect: 'error',
        });
        const text = await readCapped(res, options.maxResponseBytes);
        if (res.ok) {
          try {
            return { ok: true, status: res.status, json: JSON.parse(text), attempts };
          } catch {
            return {
              ok: false,
              failure: 'error',
              detail: `${who} sent a reply that is not JSON`,
              status: res.status,
              attempts,
            };
          }
        }
        const rawCode = errorCodeOf(text, res.headers, options.errorCode);
        const code = rawCode ? ` \`${rawCode}\`` : '';
        last = {
          ok: false,
          failure: 'error',
          detail: `${who} answered HTTP ${res.status}${code}`,
          status: res.status,
          attempts,
        };
        if (!authRetried && options.isAuthExpired?.(res.status, rawCode)) {
          // Once per call, without using up a retry: the next build signs with fresh credentials.
          authRetried = true;
          attempt -= 1;
          continue;
        }
        if (!isRetryableStatus(res.status)) return last;
        waitFromServer = retryAfterMs(res.headers, now());
      } catch (error) {
        if (controller.signal.aborted) {
          const cancelled = options.signal?.aborted === true;
          return {
            ok: false,
            failure: cancelled ? 'error' : 'timeout',
            detail: cancelled
              ? `${who}: call cancelled`
              : `${who} did not answer within ${options.timeoutMs} ms`,
            attempts,
          };
        }
        if (error instanceof BuildRefused) {
          return { ok: false, failure: 'error', detail: `${who}: ${error.message}`, attempts };
        }
        if (error instanceof Oversized) {
          return {
            ok: false,
            failure: 'error',
            detail: `${who} sent a reply over ${options.maxResponseBytes} bytes`,
            attempts,
          };
        }
        last = {
          ok: false,
          failure: 'error',
          detail: `${who} could not be reached (${networkCode(error)})`,
          attempts,
        };
      }
      if (attempts >= options.retry.maxAttempts) break;
      const wait = backoffMs(options.retry, attempt, random, waitFromServer);
      if (now() + wait >= deadline) {
        // INVARIANT: never wait past the deadline; a retry-after longer than the budget ends the call now.
        return { ...last, detail: `${last.detail}; no time left to retry` };
      }
      try {
        await sleep(wait, controller.signal);
      } catch {
        return {
          ok: false,
          failure: 'timeout',
          detail: `${who} did not answer within ${options.timeoutMs} ms`,
          attempts,
        };
      }
    }
    return { ...last, detail: `${last.detail} after ${options.retry.maxAttempts} attempts` };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

async function readCapped(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new Oversized();
  }
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new Oversized();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function errorCodeOf(text: string, headers: Headers, read?: PostOptions['errorCode']): string | undefined {
  if (!read) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const code = read(body, headers);
  // Only a short identifier-like code is kept: a provider message could echo the prompt.
  return code && /^[A-Za-z0-9_.:-]{1,64}$/.test(code) ? code : undefined;
}

function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return code && /^[A-Z0-9_]{1,40}$/.test(code) ? code : 'network error';
}

function sleepFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
