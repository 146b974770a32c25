/**
 * Runs git with every behaviour a repository (or the user's git setup) could use to change what gavel reads
 * pinned, in one place. The list below is the whole contract; docs/decisions/0022-hardened-reader.md
 * explains each entry. Never runs a shell, never prompts, never prints git's stderr (it may quote
 * repository text), and never waits on git for more than GIT_TIMEOUT_MS.
 */

import { execFile } from 'node:child_process';

export type GitResult = { ok: true; stdout: string } | { ok: false; code: number | null };
/** `input`, when given, is written to git's stdin (for `cat-file --batch`). */
export type GitRunner = (args: readonly string[], cwd: string, input?: string) => Promise<GitResult>;

/** A git call that takes longer is killed and fails (never a hang). */
export const GIT_TIMEOUT_MS = 120_000;

/**
 * Config pinned on every call (`-c` wins over every config file). With `GIT_CONFIG_NOSYSTEM` and
 * `GIT_CONFIG_GLOBAL=/dev/null` below, the only config file git still reads is the repository's own, and
 * every key of it that changes what gavel reads is overridden here. Readers that need more go through
 * the object view (object-view.ts), where not even the repository's config is read.
 */
export const PINNED_CONFIG: readonly string[] = [
  'core.fsmonitor=false', // the repository's fsmonitor command never runs
  'core.hooksPath=/dev/null', // no hook runs
  'core.attributesFile=/dev/null', // no user attributes file
  'core.quotePath=false', // paths come out as bytes (callers also use -z)
  'core.pager=cat',
  'core.untrackedCache=false',
  'diff.ignoreSubmodules=none', // a submodule bump is always shown
  'diff.renames=false',
  'diff.relative=false', // every path, not only those under the current folder
  'diff.noprefix=false',
  'diff.mnemonicPrefix=false',
  'diff.external=', // with --no-ext-diff from callers: no external diff driver
  'submodule.recurse=false',
  'log.showSignature=false', // no gpg
  'log.mailmap=false',
  'mailmap.file=/dev/null',
  'i18n.logOutputEncoding=UTF-8',
  'color.ui=never',
  'protocol.allow=never', // never the network
  'gc.auto=0',
  'maintenance.auto=false',
];

/** Global options before every subcommand: replace objects (`refs/replace/`) never substitute a commit. */
const GLOBAL_OPTIONS = ['--no-replace-objects', '--no-pager'];

/** The environment git runs in: the caller's PATH/HOME and friends, minus every GIT_* variable, plus these. */
export const PINNED_ENV: Readonly<Record<string, string>> = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_NO_REPLACE_OBJECTS: '1',
  GIT_ATTR_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
  GIT_OPTIONAL_LOCKS: '0',
  GIT_PAGER: 'cat',
  PAGER: 'cat',
  GIT_NO_LAZY_FETCH: '1',
  GIT_LITERAL_PATHSPECS: '1', // a path named like `:(glob)*` is a path, not a pattern
  LC_ALL: 'C',
};

/** The full argv of one call: global options, the pins, then the caller's arguments. */
export function pinnedArgs(args: readonly string[]): string[] {
  return [...GLOBAL_OPTIONS, ...PINNED_CONFIG.flatMap((c) => ['-c', c]), ...args];
}

export function pinnedEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    // Every GIT_* variable is dropped: GIT_DIR, GIT_EXTERNAL_DIFF, GIT_CONFIG_*, GIT_OBJECT_DIRECTORY...
    if (v !== undefined && !k.startsWith('GIT_')) out[k] = v;
  }
  return { ...out, ...PINNED_ENV };
}

/**
 * A runner for the real `git` with everything above pinned; `env` is the caller's (PATH, HOME). `index` is
 * the one GIT_* variable gavel itself may set: the index file a work-tree view reads (work-tree-view.ts).
 */
export const pinnedGitRunner =
  (env: Readonly<Record<string, string | undefined>>, index?: { GIT_INDEX_FILE: string }): GitRunner =>
  (args, cwd, input) =>
    new Promise((resolve) => {
      const child = execFile(
        'git',
        pinnedArgs(args),
        {
          cwd,
          maxBuffer: 512 * 1024 * 1024,
          encoding: 'utf8',
          timeout: GIT_TIMEOUT_MS,
          killSignal: 'SIGKILL',
          env: index === undefined ? pinnedEnv(env) : { ...pinnedEnv(env), ...index },
        },
        (error, stdout) => {
          if (error) resolve({ ok: false, code: typeof error.code === 'number' ? error.code : null });
          else resolve({ ok: true, stdout });
        },
      );
      // git may exit before reading all of it (EPIPE): the callback above reports the exit.
      child.stdin?.on('error', () => {});
      child.stdin?.end(input ?? '');
    });
