/**
 * Runs git: the one effect `route` needs. The interface is passed into the collector so tests and evals
 * hold the real thing; `nodeGitRunner` spawns the real `git` binary with no shell.
 * Never runs a repository's external diff drivers or text conversions (`--no-ext-diff --no-textconv`
 * are added by callers), never prompts, and never prints git's stderr (it may quote repository text).
 */

import { execFile } from 'node:child_process';

export type GitResult = { ok: true; stdout: string } | { ok: false; code: number | null };

export type GitRunner = (args: readonly string[], cwd: string) => Promise<GitResult>;

/** A runner for the real `git`, with the environment the caller passes (route reads no environment itself). */
export const nodeGitRunner =
  (env: Readonly<Record<string, string | undefined>>): GitRunner =>
  (args, cwd) =>
    new Promise((resolve) => {
      execFile(
        'git',
        ['-c', 'core.quotepath=off', '-c', 'core.fsmonitor=false', ...args],
        {
          cwd,
          maxBuffer: 512 * 1024 * 1024,
          encoding: 'utf8',
          env: { ...env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' },
        },
        (error, stdout) => {
          if (error) resolve({ ok: false, code: typeof error.code === 'number' ? error.code : null });
          else resolve({ ok: true, stdout });
        },
      );
    });
