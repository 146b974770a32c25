/**
 * The paths a read-only git command's patches would cover, asked of git itself with everything pinned
 * (pinned-git.ts): `git diff|show|log|stash show --name-only -z ...`, run synchronously for the shell analyzer
 * (ShellEnv.gitPaths). Only those subcommands with `--name-only -z` run, and never an option that writes a file,
 * runs a program or opens a pager; besides them, `cat-file -t <rev>`, whose one word is the object's type, and
 * `ls-files -z [--others --exclude-standard] -- <paths>` (what git tracks, or would add, below paths) and
 * `check-attr -z diff -- <paths>` (the diff driver each path's attributes name); a call slower than GIT_PATHS_TIMEOUT_MS, printing more than
 * GIT_PATHS_MAX_BYTES, or failing answers undefined (the caller keeps its cautious answer). Never prints git's
 * stderr (it may quote repository text).
 */

import { execFileSync } from 'node:child_process';
import { pinnedArgs, pinnedEnv } from './pinned-git';

/**
 * The paths (relative to the top of the work tree) git names for `args` (for `cat-file -t`, the type); undefined
 * when not told.
 */
export type GitPaths = (cwd: string, args: readonly string[]) => readonly string[] | undefined;

export const GIT_PATHS_TIMEOUT_MS = 2_000;
export const GIT_PATHS_MAX_BYTES = 4 * 1024 * 1024;

const SUBCOMMANDS = new Set(['diff', 'show', 'log', 'stash']);
/** Options that write a file, run a program, open a pager or change where git looks. */
const REFUSED =
  /^(?:--output|-o|--ext-diff|--textconv|--open-files-in-pager|-O|--git-dir|--work-tree|--exec|--upload-pack|--paginate|-p$|--patch)/;

/** Whether `args` are a name listing gavel runs: a known subcommand, `--name-only -z`, nothing refused. */
export function namesOnlyCall(args: readonly string[]): boolean {
  const sub = args[0] ?? '';
  // `ls-files -z [--others --exclude-standard] -- <path>`: what git tracks below a path, or what it would add.
  if (sub === 'ls-files') return lsFilesCall(args);
  if (sub === 'cat-file') return args.length === 3 && args[1] === '-t' && !(args[2] ?? '-').startsWith('-');
  // `check-attr -z diff -- <paths>`: which diff driver the attributes bind each path to.
  if (sub === 'check-attr')
    return args[1] === '-z' && args[2] === 'diff' && args[3] === '--' && args.length > 4;
  if (!SUBCOMMANDS.has(sub) || (sub === 'stash' && args[1] !== 'show')) return false;
  if (!args.includes('--name-only') || !args.includes('-z')) return false;
  const end = args.indexOf('--');
  const options = end < 0 ? args : args.slice(0, end);
  return !options.some((a) => REFUSED.test(a));
}

function lsFilesCall(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  if (end < 0 || end === args.length - 1 || args[1] !== '-z') return false;
  const options = args.slice(2, end).join(' ');
  return options === '' || options === '--others --exclude-standard';
}

export const pinnedGitPaths =
  (env: Readonly<Record<string, string | undefined>>): GitPaths =>
  (cwd, args) => {
    if (!namesOnlyCall(args)) return undefined;
    try {
      const out = execFileSync('git', pinnedArgs(args), {
        cwd,
        env: pinnedEnv(env),
        encoding: 'utf8',
        timeout: GIT_PATHS_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        maxBuffer: GIT_PATHS_MAX_BYTES,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      // Only the empty piece after the last separator is dropped: a file may be named by a newline alone.
      return out.split('\u0000').filter((p) => p !== '');
    } catch {
      return undefined;
    }
  };
