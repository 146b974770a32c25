/**
 * Process-level guards for a hook run, so that no failure becomes an exit a harness would let through: an
 * uncaught exception or an unhandled rejection exits 2 with a reason on stderr, and the deadline
 * (src/runtime/check/deadline.ts, below the installed hook timeout) exits 2 if the answer has not been written.
 * The deadline holds even while the main thread is busy with synchronous work: a killer process (`/bin/sh`
 * sleeping in its own process group) writes the reason to the hook's stderr and SIGKILLs the hook a little
 * after the deadline; the command `gavel init` installs ends in `|| exit 2`, which turns the killed process into
 * a block, and pi's extension blocks on any non-zero exit (docs/decisions/0034-killer-process-watchdog.md). A hook
 * whose parent is the installed command's `timeout -s KILL`, firing no later, starts no killer (ADR 0069).
 * The main-thread timer answers first whenever the event loop is free. Touches `process`: hook surface only.
 * Never kills anything but this process and its own killer.
 */

import { closeSync, writeSync } from 'node:fs';
import { deadlineMs } from '../../runtime';
import { outsideKillCovers, outsideKillMs } from './outside-deadline';
import { type Killer, killerScript, spawnKiller } from './spawn-killer';

/** How long after the deadline the killer fires: the main-thread timer answers with exit 2 first if it can. */
export const KILL_GRACE_MS = 500;

/** The killer is the parent `timeout`: nothing to stop, it ends with this process. */
const OUTSIDE: Killer = { stop() {} };

/** Installs the guards; returns a function that disarms them once the answer is written. */
export function guardHookProcess(env: Readonly<Record<string, string | undefined>>): () => void {
  const ms = deadlineMs(env);
  const reason = `no answer within ${ms} ms`;
  const killAfter = ms + KILL_GRACE_MS;
  // Started under the installed command's `timeout -s KILL` (./outside-deadline.ts), the hook is killed in time
  // without a killer of its own; forking one is the costliest step of a call (ADR 0069).
  const killer = outsideKillCovers(outsideKillMs(), killAfter)
    ? OUTSIDE
    : spawnKiller(killerScript(process.pid, killAfter, reason), { afterMs: killAfter, reason });
  let armed = true;
  const disarmKiller = (): void => {
    if (!armed) return;
    armed = false;
    killer?.stop();
  };
  // Whatever way this process exits, its killer goes first: it holds the hook's stderr open.
  process.on('exit', disarmKiller);
  const die = (why: string): never => {
    disarmKiller();
    try {
      writeSync(2, `gavel: ${why}; the tool call is blocked\n`);
      closeSync(2);
    } catch {
      // The exit code blocks the call whether or not the reason could be written.
    }
    process.exit(2);
  };
  process.on('uncaughtException', () => die('internal error'));
  process.on('unhandledRejection', () => die('internal error'));
  // No killer (no /bin/sh and no worker): a busy main thread could outlive the harness's timeout, which some
  // harnesses read as go-ahead. Nothing can guard this call, so it is blocked.
  if (!killer) die('no watchdog could be started');
  const timer = setTimeout(() => die(reason), ms);
  // Once the answer is written only the timer goes: the killer stays until the process exits, so a handle left
  // open after the answer cannot keep the hook alive past the harness's timeout.
  return () => {
    clearTimeout(timer);
  };
}
