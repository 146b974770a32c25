/**
 * Who may call next: at most `concurrency` calls at once and `rpm` call starts in any 60 s window;
 * waiting calls are started highest priority first, then in arrival order. Time is passed in.
 */

export interface SchedulerOptions {
  concurrency: number;
  /** Call starts per minute; 0 means no limit. */
  rpm: number;
  nowMs: () => number;
  sleep: (ms: number) => Promise<void>;
}

interface Waiter {
  priority: number;
  seq: number;
  wake: () => void;
}

export class CallScheduler {
  private readonly options: SchedulerOptions;
  private running = 0;
  private seq = 0;
  private readonly waiting: Waiter[] = [];
  private readonly starts: number[] = [];
  private pumping = false;

  constructor(options: SchedulerOptions) {
    this.options = { ...options, concurrency: Math.max(1, options.concurrency) };
  }

  /** Resolves when the call may start; the returned function must be called once it ends. */
  acquire(priority: number): Promise<() => void> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        priority,
        seq: this.seq++,
        wake: () => {
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            this.running -= 1;
            void this.pump();
          });
        },
      };
      this.waiting.push(waiter);
      this.waiting.sort((a, b) => b.priority - a.priority || a.seq - b.seq);
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiting.length > 0 && this.running < this.options.concurrency) {
        const wait = this.rpmWaitMs();
        if (wait > 0) {
          await this.options.sleep(wait);
          continue;
        }
        const next = this.waiting.shift();
        if (!next) break;
        this.running += 1;
        this.starts.push(this.options.nowMs());
        next.wake();
      }
    } finally {
      this.pumping = false;
    }
  }

  private rpmWaitMs(): number {
    if (this.options.rpm <= 0) return 0;
    const now = this.options.nowMs();
    while (this.starts.length > 0 && (this.starts[0] ?? 0) <= now - 60_000) this.starts.shift();
    if (this.starts.length < this.options.rpm) return 0;
    return (this.starts[0] ?? now) + 60_000 - now;
  }
}
