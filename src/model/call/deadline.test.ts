import { describe, expect, it } from 'vitest';
import { withDeadline } from './deadline';

describe('withDeadline', () => {
  it('returns the value of work that ends before the deadline', async () => {
    expect(await withDeadline(10_000, async () => 42)).toEqual({ ok: true, value: 42 });
  });

  it('is a timeout, and aborts the signal, when the work never ends', async () => {
    let seen: AbortSignal | undefined;
    const raced = await withDeadline(1, (signal) => {
      seen = signal;
      return new Promise<number>(() => {});
    });
    expect(raced).toEqual({ ok: false, ended: 'timeout' });
    expect(seen?.aborted).toBe(true);
  });

  it('is `threw` when the work rejects', async () => {
    expect(await withDeadline(10_000, async () => Promise.reject(new Error('broken')))).toEqual({
      ok: false,
      ended: 'threw',
    });
  });

  it('is `threw` when the work throws before returning a promise', async () => {
    const work = (): Promise<number> => {
      throw new Error('sync');
    };
    expect(await withDeadline(10_000, work)).toEqual({ ok: false, ended: 'threw' });
  });

  it('leaves the signal unaborted when the work wins', async () => {
    let seen: AbortSignal | undefined;
    await withDeadline(10_000, async (signal) => {
      seen = signal;
      return 'done';
    });
    expect(seen?.aborted).toBe(false);
  });
});
