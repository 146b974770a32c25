/**
 * The clock every stage is handed: wall time for records, a monotonic reading for durations.
 * Stages never call Date.now() themselves; tests pass a fixed or stepping clock.
 */

export interface Clock {
  /** Wall-clock time, for records. */
  now(): Date;
  /** Monotonic milliseconds, for measuring durations only. */
  monotonicMs(): number;
}

export const systemClock: Clock = {
  now: () => new Date(),
  monotonicMs: () => performance.now(),
};

/** A clock that stands still at `at` and advances only when told (tests, replays). */
export function fixedClock(at: Date | string): Clock & { advance(ms: number): void } {
  let wall = new Date(at).getTime();
  let mono = 0;
  return {
    now: () => new Date(wall),
    monotonicMs: () => mono,
    advance(ms: number) {
      wall += ms;
      mono += ms;
    },
  };
}
