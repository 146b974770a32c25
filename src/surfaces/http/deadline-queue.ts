/**
 * The request timeout of `gavel serve`, one timer for every request in flight instead of a timer (and a
 * Promise.race) per request. Every request gets the same time, so deadlines arrive in the order requests
 * started: a list in start order, where a request that finishes unlinks itself (it stays no longer than it
 * runs), and one timer armed for the oldest. Owns timing only; decides nothing and never settles a request
 * twice: whichever comes first, the work or its deadline, wins.
 */

export type Raced<T> = { done: true; value: T } | { done: false };

interface Entry {
  at: number;
  late: () => void;
  prev: Entry | undefined;
  next: Entry | undefined;
}

export interface DeadlineQueue {
  /** The work's value, or `{done: false}` once `ms` have passed; a work that throws rejects, as it would. */
  race<T>(work: Promise<T>): Promise<Raced<T>>;
  /** Requests waiting (for tests). */
  size(): number;
}

export function deadlineQueue(ms: number, now: () => number = () => performance.now()): DeadlineQueue {
  let head: Entry | undefined;
  let tail: Entry | undefined;
  let size = 0;
  let timer: NodeJS.Timeout | undefined;

  const unlink = (e: Entry) => {
    if (e.prev) e.prev.next = e.next;
    else head = e.next;
    if (e.next) e.next.prev = e.prev;
    else tail = e.prev;
    e.prev = undefined;
    e.next = undefined;
    size -= 1;
  };

  // Fires every deadline that has come, then waits for the oldest left. A request that finished early only
  // unlinked itself: the timer armed for it finds a later head and waits again.
  const sweep = () => {
    timer = undefined;
    const t = now();
    while (head && head.at <= t) {
      const e = head;
      unlink(e);
      e.late();
    }
    arm();
  };
  const arm = () => {
    if (timer || !head) return;
    // Kept referenced, as a timer per request was: a request in flight keeps the process up until it is answered.
    timer = setTimeout(sweep, Math.max(0, Math.ceil(head.at - now())));
  };

  return {
    race<T>(work: Promise<T>): Promise<Raced<T>> {
      return new Promise<Raced<T>>((resolve, reject) => {
        let settled = false;
        // The sweep unlinks an entry before calling `late`; a work that finishes after that is dropped.
        const late = () => {
          settled = true;
          resolve({ done: false });
        };
        const e: Entry = { at: now() + ms, late, prev: tail, next: undefined };
        if (tail) tail.next = e;
        else head = e;
        tail = e;
        size += 1;
        arm();
        const finish = () => {
          if (settled) return false;
          settled = true;
          unlink(e);
          return true;
        };
        work.then(
          (value) => {
            if (finish()) resolve({ done: true, value });
          },
          (error: unknown) => {
            if (finish()) reject(error);
          },
        );
      });
    },
    size: () => size,
  };
}
