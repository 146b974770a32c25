/**
 * Fault injection for the fail-closed tests: `GAVEL_TEST_FAULT=crash|hang|spin|reject` makes the hook throw, never
 * answer (waiting, or spinning synchronously so that no timer of the main thread can run), or leave a promise
 * rejected, at the point where it would judge. Only ever makes an answer stricter
 * (every fault ends in a deny), so honouring it outside tests cannot loosen anything.
 */

export type Fault = 'crash' | 'hang' | 'spin' | 'reject' | undefined;

export function faultFrom(env: Readonly<Record<string, string | undefined>>): Fault {
  const v = env.GAVEL_TEST_FAULT;
  return v === 'crash' || v === 'hang' || v === 'spin' || v === 'reject' ? v : undefined;
}

export async function injectFault(fault: Fault): Promise<void> {
  switch (fault) {
    case 'crash':
      throw new Error('injected crash');
    case 'hang':
      await new Promise(() => {});
      return;
    case 'spin':
      // A synchronous loop that never yields: only a watchdog off the main thread can end it.
      for (;;) {
        /* busy */
      }
    case 'reject':
      void Promise.reject(new Error('injected rejection'));
      await new Promise(() => {});
      return;
    case undefined:
      return;
  }
}
