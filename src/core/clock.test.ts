import { describe, expect, it } from 'vitest';
import { fixedClock, systemClock } from './clock';

describe('fixedClock', () => {
  it.each([
    ['an ISO string', '2026-11-29T12:00:00.000Z'],
    ['a Date', new Date('2026-11-29T12:00:00.000Z')],
  ])('starts at %s and stands still', (_name, at) => {
    const clock = fixedClock(at);
    expect(clock.now().toISOString()).toBe('2026-11-29T12:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-11-29T12:00:00.000Z');
    expect(clock.monotonicMs()).toBe(0);
    expect(clock.monotonicMs()).toBe(0);
  });

  it('advances wall and monotonic time together, only when told', () => {
    const clock = fixedClock('2026-11-29T12:00:00.000Z');
    clock.advance(1500);
    expect(clock.now().toISOString()).toBe('2026-11-29T12:00:01.500Z');
    expect(clock.monotonicMs()).toBe(1500);
    clock.advance(250);
    expect(clock.now().toISOString()).toBe('2026-11-29T12:00:01.750Z');
    expect(clock.monotonicMs()).toBe(1750);
  });

  it('hands out a fresh Date each time, so a caller cannot move the clock', () => {
    const clock = fixedClock('2026-11-29T12:00:00.000Z');
    clock.now().setUTCFullYear(1999);
    expect(clock.now().toISOString()).toBe('2026-11-29T12:00:00.000Z');
  });

  it('does not follow the Date it was built from', () => {
    const at = new Date('2026-11-29T12:00:00.000Z');
    const clock = fixedClock(at);
    at.setUTCHours(0);
    expect(clock.now().toISOString()).toBe('2026-11-29T12:00:00.000Z');
  });

  it('keeps two clocks apart', () => {
    const a = fixedClock('2026-01-01T00:00:00Z');
    const b = fixedClock('2026-01-01T00:00:00Z');
    a.advance(10);
    expect(b.monotonicMs()).toBe(0);
    expect(b.now().getTime()).toBe(a.now().getTime() - 10);
  });
});

describe('systemClock', () => {
  it('reads wall time near Date.now()', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('reads the monotonic clock in milliseconds', () => {
    const start = systemClock.monotonicMs();
    const wallStart = Date.now();
    while (Date.now() - wallStart < 20) {
      // wait at least 20 ms of wall time
    }
    const elapsed = systemClock.monotonicMs() - start;
    expect(elapsed).toBeGreaterThanOrEqual(15);
    expect(elapsed).toBeLessThan(20_000);
  });

  it('never goes backwards on the monotonic reading', () => {
    let last = systemClock.monotonicMs();
    for (let i = 0; i < 1000; i++) {
      const next = systemClock.monotonicMs();
      expect(next).toBeGreaterThanOrEqual(last);
      last = next;
    }
  });
});
