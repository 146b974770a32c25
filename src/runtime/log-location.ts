/**
 * Where a decision is logged, for every composition root: the user's `audit.dir` (GAVEL_LOG_DIR) when it is
 * absolute; else `<project root>/.gavel/logs` (or the relative `audit.dir` under it) when that root is a folder
 * that exists; else the user's state folder (`$XDG_STATE_HOME/gavel/logs`, `~/.local/state/gavel/logs`). A
 * payload's `cwd` that names no existing folder never becomes a path gavel creates. A log folder gavel makes
 * inside a project gets a `.gitignore` holding `*`, so it never shows in `git status`.
 * Effects: a stat of the project root; on a log's first line, its folder and that `.gitignore`.
 */

import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { AUDIT_FILE_NAME, auditLogPath } from '../audit';
import { formatProblem, loadConfig } from '../config';
import { userStateDir } from './check/reviewer-seam';

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function decisionLogPath(input: {
  dir: string | undefined;
  projectRoot: string;
  env: Readonly<Record<string, string | undefined>>;
}): string {
  const { dir, projectRoot, env } = input;
  if (dir !== undefined && isAbsolute(dir)) return auditLogPath({ dir, projectRoot });
  if (isFolder(projectRoot)) return auditLogPath({ dir, projectRoot });
  return join(userStateDir(env, homedir()), 'logs', AUDIT_FILE_NAME);
}

/**
 * Before a log's first line: when `file` lies in a `.gavel/logs` folder of a project, makes that folder and
 * writes its `.gitignore` (`*`). Quiet on failure: writing the line reports any problem with the folder.
 */
export function ignoreLogFolder(file: string): void {
  if (existsSync(file)) return;
  const folder = dirname(file);
  if (!folder.endsWith(join('.gavel', 'logs')) || !isFolder(dirname(dirname(folder)))) return;
  try {
    // One level at a time, never { recursive: true } (Node 20 spins on it under /proc: see src/audit).
    for (const f of [dirname(folder), folder]) if (!existsSync(f)) mkdirSync(f, { mode: 0o700 });
    writeFileSync(join(folder, '.gitignore'), '*\n', { flag: 'wx', mode: 0o600 });
  } catch {
    // EEXIST (already there) or a folder that cannot be made: the append that follows says what is wrong.
  }
}

/**
 * The decision log in force where `cwd` is, read from the config there (the reader of `gavel log`): the path,
 * or the config's problem in one line when the config does not validate (then no log is guessed).
 */
export function decisionLogIn(options: {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}): { ok: true; path: string } | { ok: false; problem: string } {
  const loaded = loadConfig({ cwd: options.cwd, env: options.env });
  if (!loaded.ok) return { ok: false, problem: formatProblem(loaded.problem) };
  const path = decisionLogPath({
    dir: loaded.config.audit.dir,
    projectRoot: loaded.projectRoot,
    env: options.env,
  });
  return { ok: true, path };
}
