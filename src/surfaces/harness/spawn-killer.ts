/**
 * The hook's killer process: a `/bin/sh` in its own process group that sleeps past the deadline, then writes the
 * reason to the hook's stderr and SIGKILLs the hook, unless the hook has died meanwhile (its parent is then no
 * longer the hook: a reused process id is never killed). Started through Node's process wrapper directly, not
 * `node:child_process`, whose import loads `net` and the stream modules (about 8 ms of every hook call); should
 * that internal ever be missing, a worker thread interrupts the main thread through the inspector instead (the
 * costlier mechanism this replaced). Never reads the request; the script's only inputs are numbers and a
 * fixed reason.
 */

import { closeSync, writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

export interface Killer {
  /** Ends the killer (and its `sleep`): the hook answered or is exiting. Never throws. */
  stop(): void;
}

/** A fixed PATH for the killer: the user's PATH may name other `sleep` or `ps` programs. */
const KILLER_PATH = 'PATH=/usr/bin:/bin:/usr/sbin:/sbin';

/**
 * The killer's shell script for hook process `pid`: after `afterMs`, if its parent is still `pid` (or the
 * parent cannot be told), say `reason` on stderr and SIGKILL `pid`. `reason` must be fixed text without quotes.
 */
export function killerScript(pid: number, afterMs: number, reason: string): string {
  if (!Number.isInteger(pid) || pid <= 1) throw new Error(`killer: bad process id \`${pid}\``);
  if (/['\\\n]/.test(reason)) throw new Error('killer: the reason must hold no quote or newline');
  const seconds = (Math.max(afterMs, 1) / 1000).toFixed(3);
  const whole = Math.ceil(afterMs / 1000);
  return [
    // POSIX sleep takes whole seconds; GNU, BSD and busybox take fractions.
    `sleep ${seconds} 2>/dev/null || sleep ${whole}`,
    `p=$(ps -o ppid= -p $$ 2>/dev/null | tr -d ' ')`,
    `if [ -z "$p" ] || [ "$p" = "${pid}" ]; then`,
    `  printf '%s\\n' 'gavel: ${reason}; the tool call is blocked' >&2`,
    `  kill -9 ${pid}`,
    'fi',
  ].join('\n');
}

interface ProcessWrap {
  onexit: () => void;
  pid: number;
  spawn(options: unknown): number;
  unref(): void;
}

/** Starts `script` under `/bin/sh` in a new process group, stdin and stdout closed, stderr the hook's own. */
function spawnShell(script: string): Killer | undefined {
  const binding = (process as unknown as { binding(name: string): unknown }).binding('process_wrap') as {
    Process: new () => ProcessWrap;
  };
  const child = new binding.Process();
  child.onexit = () => {};
  const error = child.spawn({
    file: '/bin/sh',
    args: ['/bin/sh', '-c', script],
    envPairs: [KILLER_PATH],
    stdio: [{ type: 'ignore' }, { type: 'ignore' }, { type: 'fd', fd: 2 }],
    detached: true,
  });
  if (error !== 0 || !(child.pid > 0)) return undefined;
  child.unref();
  const pid = child.pid;
  return {
    stop() {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    },
  };
}

// The fallback: a worker that, at the deadline, makes the main thread's inspector run FIRE(), which
// interrupts synchronous JavaScript. Plain CommonJS text: it is not bundled.
const FIRE = '__gavelWatchdogFire';
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
setTimeout(() => {
  const { Session } = require('node:inspector');
  const session = new Session();
  session.connectToMainThread();
  session.post('Runtime.evaluate', { expression: 'globalThis.${FIRE}()' });
}, workerData.ms);
`;

function startInterruptWorker(afterMs: number, reason: string): Killer | undefined {
  const g = globalThis as Record<string, unknown>;
  g[FIRE] = () => {
    try {
      writeReason(reason);
    } finally {
      process.exit(2);
    }
  };
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { ms: afterMs },
    stdout: true,
    stderr: true,
  });
  worker.unref();
  worker.on('error', () => {});
  return {
    stop() {
      delete g[FIRE];
      void worker.terminate();
    },
  };
}

function writeReason(reason: string): void {
  writeSync(2, `gavel: ${reason}; the tool call is blocked\n`);
  // Node's inspector prints a line to stderr at exit while a session is attached; the reason stands alone.
  closeSync(2);
}

/**
 * Starts a killer for `script` (built by `killerScript`), or the worker fallback firing after `afterMs`.
 * Undefined when neither starts: the caller's main-thread timer is then all there is.
 */
export function spawnKiller(
  script: string,
  fallback?: { afterMs: number; reason: string },
): Killer | undefined {
  try {
    const killer = spawnShell(script);
    if (killer) return killer;
  } catch {
    // no process wrapper in this Node: the fallback below
  }
  if (!fallback) return undefined;
  try {
    return startInterruptWorker(fallback.afterMs, fallback.reason);
  } catch {
    return undefined;
  }
}
