/**
 * Process-level guards for a hook run, so that no failure becomes an exit a harness would let through: an
 * uncaught exception or an unhandled rejection exits 2 with a reason on stderr, and the deadline
 * (src/runtime/check/deadline.ts, below the installed hook timeout) exits 2 if the answer has not been written.
 * The deadline holds even while the main thread is busy with synchronous work: a worker thread keeps the time
 * and, when it passes, interrupts the main thread through the inspector (V8 runs an inspector message between
 * two instructions of running JavaScript) to block the call. A main-thread timer stays as the fallback should
 * the worker not start. Touches `process`: hook surface only.
 */

import { closeSync, writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { deadlineMs } from '../../runtime';

const FIRE = '__gavelWatchdogFire';

// Runs in the worker: waits, then asks the main thread's inspector to evaluate FIRE(), which interrupts
// synchronous JavaScript. Plain CommonJS text: it is not bundled.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
setTimeout(() => {
  const { Session } = require('node:inspector');
  const session = new Session();
  session.connectToMainThread();
  session.post('Runtime.evaluate', { expression: 'globalThis.${FIRE}()' });
}, workerData.ms);
`;

/** Installs the guards; returns a function that disarms them once the answer is written. */
export function guardHookProcess(env: Readonly<Record<string, string | undefined>>): () => void {
  const ms = deadlineMs(env);
  const die = (why: string): never => {
    try {
      writeSync(2, `gavel: ${why}; the tool call is blocked\n`);
      // Node's inspector prints a line to stderr at exit while a session is attached; the reason stands alone.
      closeSync(2);
    } catch {
      // The exit code blocks the call whether or not the reason could be written.
    }
    process.exit(2);
  };
  process.on('uncaughtException', () => die('internal error'));
  process.on('unhandledRejection', () => die('internal error'));
  const g = globalThis as Record<string, unknown>;
  g[FIRE] = () => die(`no answer within ${ms} ms`);
  const timer = setTimeout(() => die(`no answer within ${ms} ms`), ms);
  let worker: Worker | undefined;
  try {
    // Its stdout and stderr stay its own: piping them to the process's would build a net.Socket on a pipe.
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { ms }, stdout: true, stderr: true });
    worker.unref();
    worker.on('error', () => {});
  } catch {
    // No worker: the main-thread timer still blocks a call that waits, if not one that spins.
  }
  return () => {
    clearTimeout(timer);
    delete g[FIRE];
    void worker?.terminate();
  };
}
