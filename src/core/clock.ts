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
  // process.hrtime, not performance.now(): the `performance` global loads perf_hooks on first use (~1 ms of
  // every hook call). Both are monotonic; only differences between two readings mean anything.
  monotonicMs: () => {
    const [s, ns] = process.hrtime();
    return s * 1e3 + ns / 1e6;
  },
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
