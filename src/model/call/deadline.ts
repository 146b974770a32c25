/**
 * The deadline race every model-using stage runs its call under: the work gets an `AbortSignal`, a timer
 * aborts it after `timeoutMs`, and whichever ends first is the outcome. Expected endings are values: the
 * work's result, `timeout`, or `threw` (the work threw or rejected, sync or async). Owns the one timer and
 * clears it on every path; never decides what a timeout means (the caller's basis and reason).
 * INVARIANT: once the timer fires the signal is aborted before `timeout` is returned, so a call still
 * running is told to stop.
 */

export type Raced<T> = { ok: true; value: T } | { ok: false; ended: 'timeout' | 'threw' };

export async function withDeadline<T>(
  timeoutMs: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<Raced<T>> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<Raced<T>>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ ok: false, ended: 'timeout' });
    }, timeoutMs);
  });
  // A work function that throws before returning its promise is a `threw`, like one that rejects.
  const done = new Promise<T>((resolve) => resolve(work(controller.signal))).then(
    (value): Raced<T> => ({ ok: true, value }),
    (): Raced<T> => ({ ok: false, ended: 'threw' }),
  );
  try {
    return await Promise.race([done, expired]);
  } finally {
    clearTimeout(timer);
  }
}
