import { describe, expect, it } from 'vitest';
import { deadlineQueue } from './deadline-queue';

const never = () => new Promise<string>(() => {});

describe('deadlineQueue', () => {
  it('work that finishes first wins and leaves nothing waiting', async () => {
    const q = deadlineQueue(10_000);
    const r = await q.race(Promise.resolve('ok'));
    expect(r).toEqual({ done: true, value: 'ok' });
    expect(q.size()).toBe(0);
  });

  it('work that never finishes is answered late', async () => {
    const q = deadlineQueue(5);
    expect(await q.race(never())).toEqual({ done: false });
    expect(q.size()).toBe(0);
  });

  it('a thrown work rejects as it would without a deadline', async () => {
    const q = deadlineQueue(10_000);
    await expect(q.race(Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(q.size()).toBe(0);
  });

  it('a result that arrives after the deadline is dropped, never a second answer', async () => {
    const q = deadlineQueue(5);
    let finish: (v: string) => void = () => {};
    const work = new Promise<string>((resolve) => {
      finish = resolve;
    });
    const raced = q.race(work);
    expect(await raced).toEqual({ done: false });
    finish('late');
    await work;
    expect(await raced).toEqual({ done: false });
  });

  it('the oldest finishing early does not stop the others from timing out, nor lets them answer early', async () => {
    let clock = 0;
    const q = deadlineQueue(20, () => clock);
    let first: (v: string) => void = () => {};
    const a = q.race(
      new Promise<string>((resolve) => {
        first = resolve;
      }),
    );
    clock = 10;
    const b = q.race(never());
    const c = q.race(Promise.resolve('c'));
    first('a');
    expect(await a).toEqual({ done: true, value: 'a' });
    expect(await c).toEqual({ done: true, value: 'c' });
    expect(q.size()).toBe(1);
    // b's deadline (30) has not come at 25: the timer armed for `a` finds it waiting and waits again.
    clock = 25;
    await new Promise((r) => setTimeout(r, 40));
    expect(q.size()).toBe(1);
    clock = 30;
    expect(await b).toEqual({ done: false });
    expect(q.size()).toBe(0);
  });
});
