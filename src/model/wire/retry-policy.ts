/**
 * When to retry a provider call and how long to wait: bounded attempts, exponential backoff with full
 * jitter, and the provider's own `retry-after` honoured. Pure: randomness and time are passed in.
 */

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = Object.freeze({
  maxAttempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
});

/** 429 and the 5xx family mean "try again later"; 529 is Anthropic's "overloaded". */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/**
 * `retry-after` in seconds or as an HTTP date, in milliseconds from `nowMs`; undefined when absent or
 * unreadable. `retry-after-ms` (sent by some OpenAI-compatible servers) wins when present.
 */
export function retryAfterMs(headers: Headers, nowMs: number): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms));
  const raw = headers.get('retry-after');
  if (raw === null) return undefined;
  const text = raw.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** Full jitter: a uniform wait in [0, min(max, base * 2^attempt)); at least the server's retry-after. */
export function backoffMs(
  policy: RetryPolicy,
  attempt: number,
  random: () => number,
  serverMs?: number,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const jittered = Math.floor(random() * ceiling);
  return serverMs === undefined ? jittered : Math.max(serverMs, jittered);
}
