import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_RETRY, isRetryableStatus, retryAfterMs } from './retry-policy';

const NOW = Date.parse('2026-11-29T12:00:00Z');

describe('retry policy', () => {
  it.each([
    [{ 'retry-after': '3' }, 3000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after': 'Sun, 29 Nov 2026 12:00:10 GMT' }, 10_000],
    [{ 'retry-after': 'Sun, 29 Nov 2026 11:00:00 GMT' }, 0],
    [{ 'retry-after': 'soon' }, undefined],
    [{ 'retry-after-ms': '250', 'retry-after': '9' }, 250],
    [{}, undefined],
  ])('retry-after %o is %s ms', (headers, want) => {
    expect(retryAfterMs(new Headers(headers), NOW)).toBe(want);
  });

  it.each([
    [408, true],
    [429, true],
    [500, true],
    [529, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
  ])('status %i retryable: %s', (status, want) => {
    expect(isRetryableStatus(status)).toBe(want);
  });

  it('jitters below an exponential ceiling capped at the maximum', () => {
    expect(backoffMs(DEFAULT_RETRY, 0, () => 0.999)).toBe(249);
    expect(backoffMs(DEFAULT_RETRY, 2, () => 0.5)).toBe(500);
    expect(backoffMs(DEFAULT_RETRY, 10, () => 0.999)).toBeLessThan(DEFAULT_RETRY.maxDelayMs);
    expect(backoffMs(DEFAULT_RETRY, 0, () => 0)).toBe(0);
  });

  it('never waits less than the server asked', () => {
    expect(backoffMs(DEFAULT_RETRY, 0, () => 0, 4_000)).toBe(4_000);
  });
});
