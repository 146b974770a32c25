/**
 * The hook's killer process started before the hook bundle loads. bin/gavel runs this first
 * (dist/hook-killer.cjs), while the process is small: forking a process copies its page tables and leaves every
 * page it had mapped copy-on-write, so each later first write to one faults; forked after the bundle and its
 * code cache are in memory, that cost a hook call 10-15 ms of CPU, forked first about 5
 * (docs/decisions/0056-hook-killer-first-and-lazy-tables.md). The watchdog (./watchdog.ts) takes the started
 * killer over when its deadline is the one the watchdog computes, and otherwise stops it and starts its own.
 * One global, set only here in this process; reads nothing but the deadline variable.
 */

import { deadlineMs } from '../../runtime';
import { type Killer, killerScript, spawnShellKiller } from './spawn-killer';

/** How long after the deadline the killer fires: the main-thread timer answers with exit 2 first if it can. */
export const KILL_GRACE_MS = 500;

const STARTED = '__gavelHookKiller';

interface Started {
  pid: number;
  afterMs: number;
  killer: Killer;
}

type Holder = { [STARTED]?: Started };

/** The deadline of a hook call under `env`, when its killer fires, and the reason it gives. */
export function killerPlan(env: Readonly<Record<string, string | undefined>>): {
  ms: number;
  afterMs: number;
  reason: string;
} {
  const ms = deadlineMs(env);
  return { ms, afterMs: ms + KILL_GRACE_MS, reason: `no answer within ${ms} ms` };
}

/**
 * Starts the killer for this process under `env` and leaves it for the watchdog; it is stopped at exit should
 * the bundle never take it (a bundle that fails to load exits at once). False when the shell could not be
 * started: the watchdog then starts one itself, or its fallback. Never throws.
 */
export function startHookKiller(env: Readonly<Record<string, string | undefined>>): boolean {
  try {
    const plan = killerPlan(env);
    const killer = spawnShellKiller(killerScript(process.pid, plan.afterMs, plan.reason));
    if (!killer) return false;
    process.on('exit', () => killer.stop());
    (globalThis as Holder)[STARTED] = { pid: process.pid, afterMs: plan.afterMs, killer };
    return true;
  } catch {
    return false;
  }
}

/**
 * The killer startHookKiller left, when it fires after `afterMs` for this process; taken once. A killer with
 * any other plan is stopped and undefined returned: the caller starts the right one.
 */
export function takeStartedKiller(afterMs: number): Killer | undefined {
  const holder = globalThis as Holder;
  const started = holder[STARTED];
  delete holder[STARTED];
  if (!started) return undefined;
  if (started.pid === process.pid && started.afterMs === afterMs) return started.killer;
  started.killer.stop();
  return undefined;
}
