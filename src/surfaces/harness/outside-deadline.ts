/**
 * A deadline kept outside the hook process: the command `gavel init` installs for a user on Linux starts gavel
 * under coreutils `timeout -s KILL <seconds>`, which SIGKILLs it (and itself) when the seconds are up, and the
 * command's `|| exit 2` turns that into a block. A hook whose parent is such a `timeout`, no later than its own
 * killer would fire, needs no killer process of its own: forking one from a process of 100 MB costs a hook call
 * 10-15 ms of CPU (docs/decisions/0069-hook-deadline-kept-outside.md). Anything else (another parent, busybox's
 * `timeout`, which runs the program as the shell's child, no /proc, a file that cannot be read) is no outside
 * deadline, and the hook starts its killer as before. Reads /proc only; never runs anything.
 */

import { accessSync, constants, readFileSync, readlinkSync, statSync } from 'node:fs';
import { DEFAULT_DEADLINE_MS } from '../../runtime';

/** Places a `timeout` that SIGKILLs its child is looked for when the hook is installed (user scope, Linux). */
const TIMEOUT_PROGRAMS = ['/usr/bin/timeout', '/bin/timeout'];

/**
 * The whole seconds the installed command gives gavel before `timeout` kills it: the hook's own deadline plus
 * its killer's grace (20.5 s) rounded up, below the 30 s the harnesses wait.
 */
export const OUTSIDE_DEADLINE_S = 21;

/** The granularity of `OUTSIDE_DEADLINE_S`: an outside kill up to this much after the hook's own killer counts. */
const WHOLE_SECOND_MS = 1000;

/** The `timeout` program the installed command runs gavel under, or undefined (not Linux, none found). */
export function outsideDeadlineProgram(
  platform: string = process.platform,
  exists: (file: string) => boolean = isProgram,
): string | undefined {
  if (platform !== 'linux') return undefined;
  return TIMEOUT_PROGRAMS.find((p) => exists(p));
}

function isProgram(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Reads what the hook's parent is; a seam for tests. Throws when it cannot be told. */
export interface ParentProbe {
  ppid: number;
  exe(pid: number): string;
  cmdline(pid: number): string;
}

const procProbe = (): ParentProbe => ({
  ppid: process.ppid,
  exe: (pid) => readlinkSync(`/proc/${pid}/exe`),
  cmdline: (pid) => readFileSync(`/proc/${pid}/cmdline`, 'latin1'),
});

/**
 * Milliseconds after which this process's parent SIGKILLs it: the parent is the program `timeout`, run as
 * `timeout -s KILL <whole seconds> ...`. Undefined for any other parent or when it cannot be told.
 */
export function outsideKillMs(probe: () => ParentProbe = procProbe): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const p = probe();
    if (!Number.isInteger(p.ppid) || p.ppid <= 1) return undefined;
    const exe = p.exe(p.ppid);
    if (exe.slice(exe.lastIndexOf('/') + 1) !== 'timeout') return undefined;
    const argv = p.cmdline(p.ppid).split('\0');
    const name = argv[0] ?? '';
    if (name.slice(name.lastIndexOf('/') + 1) !== 'timeout') return undefined;
    if (argv[1] !== '-s' || argv[2] !== 'KILL' || !/^[1-9][0-9]{0,3}$/.test(argv[3] ?? '')) return undefined;
    return Number(argv[3]) * 1000;
  } catch {
    return undefined;
  }
}

/** Is an outside kill after `outsideMs` soon enough to stand in for the hook's own killer at `killAfterMs`? */
export function outsideKillCovers(outsideMs: number | undefined, killAfterMs: number): boolean {
  return (
    outsideMs !== undefined &&
    outsideMs <= killAfterMs + WHOLE_SECOND_MS &&
    outsideMs <= DEFAULT_DEADLINE_MS + 2 * WHOLE_SECOND_MS
  );
}
