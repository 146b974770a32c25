/**
 * What a read of git's configuration prints (`git config --list`, `--get-regexp '^remote\.'`, `--get KEY`,
 * `git config list`): the values of the files git reads (the system's, the user's, the repository's and its
 * worktree's, and every file they include), a credential among them as `cat` of the file would print it (a token
 * in `http.extraHeader`, a password in a remote's URL). A read of one key prints only that key's values; any other
 * read counts every entry. A file that cannot be read or parsed, or an include gavel cannot place, counts as
 * carrying one. Reads of a file named on the line (`--file`, `--blob`) are the catalogue's to refuse. Pure apart
 * from the injected reader and reporting.
 */

import { parseGitConfig } from '../classify/git-config';
import { configEntryCarries } from '../classify/secret-content';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { readBudgeted } from './disk-scripts';
import { findRepository, includedPath, SYSTEM_GIT_CONFIGS, userGitConfigs } from './git-repository';

/** Files followed through `include.path` in one read. */
const MAX_FILES = 16;

/** The verbs and options that read values (`--name-only` prints names, still read as values). */
const READS = /^(?:--list|-l|--get|--get-all|--get-regexp|--get-urlmatch|list|get)$/;
/** Reads of one key by name: the key is the first positional. */
const ONE_KEY = /^(?:--get|--get-all|get)$/;
/** Options that only choose the files read or how entries print. */
const SHOWS =
  /^(?:--show-origin|--show-scope|--name-only|--global|--local|--system|--worktree|--includes|--no-includes|-z|--null)$/;
/** Options that write: no read. */
const WRITES = /^--(?:unset|unset-all|add|replace-all|rename-section|remove-section|edit)$|^-e$/;

/**
 * The configuration values `git config` with these options and positional words prints: `all`, one key (lower-cased),
 * or undefined when it prints none (a write, a set of a key).
 */
export function configValuesPrinted(
  options: readonly string[],
  positionals: readonly string[],
): 'all' | string | undefined {
  if (options.some((o) => WRITES.test(o))) return undefined;
  // An option with a value of its own (`--type bool`, `--default x`) moves the words: every entry counts.
  if (options.some((o) => !READS.test(o) && !SHOWS.test(o))) return 'all';
  const words = [...positionals];
  // git 2.46's verbs that write (`git config edit`, `set`, `unset`, ...): no read.
  if (/^(?:edit|set|unset|rename-section|remove-section)$/.test(words[0] ?? '')) return undefined;
  const verb = ['list', 'get', 'get-regexp'].includes(words[0] ?? '') ? words.shift() : undefined;
  const read = [...options, ...(verb ? [verb] : [])].filter((o) => READS.test(o) || o === 'get-regexp');
  // `git config KEY` reads one key; `git config KEY VALUE` sets it.
  if (read.length === 0) return words.length === 1 ? (words[0] as string).toLowerCase() : undefined;
  if (read.every((o) => ONE_KEY.test(o)) && words[0] !== undefined) return words[0].toLowerCase();
  return 'all';
}

/**
 * Does a value the read prints carry a credential? `folder`: where git works (its repository's files count).
 */
export function configValuesCarry(
  printed: 'all' | string,
  folder: string | undefined,
  inv: Invocation,
  r: Reporter,
): boolean {
  // Without a reader nothing of the repository is read (as gitRepository): the surfaces always give one.
  if (!r.env.readScript) return false;
  const files = [...SYSTEM_GIT_CONFIGS, ...userGitConfigs(r.scope.home)];
  if (folder === undefined) return true;
  const repo = findRepository(folder, inv, r);
  if (repo === 'unknown') return true;
  if (repo !== 'none') files.push(`${repo.commonDir}/config`, `${repo.gitDir}/config.worktree`);
  const seen = new Set<string>();
  const carries = (file: string): boolean => {
    if (seen.has(file)) return false;
    seen.add(file);
    if (seen.size > MAX_FILES) return true;
    const read = readBudgeted(file, inv, r, true);
    if (read === undefined) return true;
    if (read.kind === 'missing') return false;
    if (read.kind !== 'text') return true;
    const entries = parseGitConfig(read.text);
    if (!entries) return true;
    return entries.some(({ key, value }) => {
      if (/^include(?:if\..+)?\.path$/i.test(key)) {
        const target = value === undefined ? undefined : includedPath(value, file, r);
        return target === undefined || carries(target);
      }
      return (printed === 'all' || key.toLowerCase() === printed) && configEntryCarries(key, value);
    });
  };
  return files.some(carries);
}
