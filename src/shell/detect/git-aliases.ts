/**
 * git aliases (`[alias] st = status -sb`): a subcommand git does not have is run as a `git-<name>` program found on
 * PATH, else as `alias.<name>` of its configuration (the system's, the user's XDG and home files, the repository's,
 * each with the files it includes; the last definition wins; a worktree's own configuration is not followed). A found alias is analysed as what
 * git runs: one of git arguments as `git <options given before it> <its words, split as git splits them> "$@"`; a
 * `!` alias as the shell text git runs from the top of the working tree with the arguments appended. The segment
 * is then marked (`Segment.gitAlias`) and the catalogue knows it by what follows (match-segment.ts). Pure apart
 * from the injected reader and reporting.
 * INVARIANT: an alias that cannot be read whole, is defined in a file included under a condition, has a pager of
 * its own (`pager.<name>`), sits beside a worktree's own configuration, was changed earlier in the line, or may be a
 * program of that name, and a `!` alias of a repository whose top `core.bare`/`core.worktree` move, are not
 * expanded: the command stays unknown.
 */

import { posix } from 'node:path';
import { parseGitConfig } from '../classify/git-config';
import { DASHED_COMMAND_FOLDERS, GIT_COMMANDS } from '../data/git-commands';
import { GIT_ALIAS_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import { literalWord, type Word } from '../walk/decode-word';
import { bindPositional } from '../walk/positional';
import { readBudgeted, runFileText } from './disk-scripts';
import {
  configChangedEarlier,
  findRepository,
  includedPath,
  type Repository,
  SYSTEM_GIT_CONFIGS,
  userGitConfigs,
  writtenEarlier,
} from './git-repository';
import { foldersUp, inFolder } from './project-file';

/** System configuration files, lowest precedence first (Linux, then Homebrew's prefixes). */
/** Configuration files one lookup reads, includes too. */
const MAX_FILES = 16;
/** Aliases of aliases one analysis follows (git itself stops at a loop). */
const MAX_DEPTH = 6;
/**
 * A name git can look up as a configuration variable, in lower case: git looks for a `git-<Name>` program by the
 * name as typed first, and a case-folding file system may hold one gavel does not find by another spelling.
 */
const ALIAS_NAME = /^[a-z][a-z0-9-]*$/;

interface Definition {
  value: string | undefined;
  /** Read from a file an `includeIf` names: whether it applies is not evaluated. */
  conditional: boolean;
}

interface Lookup {
  definitions: Definition[];
  /** `pager.<name>` is set: git pages the alias's output with what it says (a program, when not a boolean). */
  pager: boolean;
  /** `core.bare` or `core.worktree` is set: where git runs a `!` alias is not the top gavel finds. */
  placement: boolean;
  /** Every file looked at, a missing one too (an earlier command of the line may write it). */
  seen: Set<string>;
}

/** git's `split_cmdline`: blanks split words, quotes group them, a backslash escapes outside single quotes. */
export function splitAlias(text: string): string[] | undefined {
  const words: string[] = [];
  let word = '';
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (!quote && /[ \t\n\r]/.test(c)) {
      words.push(word);
      word = '';
      while (/[ \t\n\r]/.test(text[i + 1] ?? '')) i++;
    } else if (!quote && (c === "'" || c === '"')) quote = c;
    else if (c === quote) quote = '';
    else if (c === '\\' && quote !== "'") {
      const next = text[++i];
      if (next === undefined) return undefined;
      word += next;
    } else word += c;
  }
  if (quote) return undefined;
  words.push(word);
  return words[0] === '' ? undefined : words;
}

/** Reads one configuration file and the files it includes for `alias.<name>`; false when it cannot be followed. */
function readDefinitions(
  path: string,
  name: string,
  conditional: boolean,
  into: Lookup,
  inv: Invocation,
  r: Reporter,
): boolean {
  if (into.seen.has(path)) return true;
  into.seen.add(path);
  if (into.seen.size > MAX_FILES) return false;
  const file = readBudgeted(path, inv, r);
  if (!file || file.kind === 'unreadable') return false;
  if (file.kind === 'missing') return true;
  const entries = parseGitConfig(file.text);
  if (!entries) return false;
  for (const { key, value } of entries) {
    const lower = key.toLowerCase();
    if (/^(?:include|includeif\..+)\.path$/.test(lower)) {
      const target = value === undefined ? undefined : includedPath(value, path, r);
      if (target === undefined) return false;
      if (!readDefinitions(target, name, conditional || lower.startsWith('includeif.'), into, inv, r))
        return false;
    } else if (lower === `alias.${name}`) into.definitions.push({ value, conditional });
    else if (lower === `pager.${name}`) into.pager = true;
    else if (lower === 'core.bare' || lower === 'core.worktree') into.placement = true;
  }
  return true;
}

/**
 * Is there a `git-<name>` program in a folder of the usual PATH or of the surface's PATH, or in a `node_modules/.bin`
 * above `folder`?
 */
function dashedProgram(name: string, folder: string, inv: Invocation, r: Reporter): boolean {
  // The usual folders, and those of the PATH the surface runs with (the agent's shell starts from it).
  const folders = [
    ...DASHED_COMMAND_FOLDERS.map((d) => (d.startsWith('~/') ? posix.join(r.scope.home, d.slice(2)) : d)),
    ...(r.env.pathFolders ?? []),
  ];
  for (const dir of foldersUp(folder)) folders.push(inFolder(dir, 'node_modules/.bin'));
  return folders.some((dir) => readBudgeted(inFolder(dir, `git-${name}`), inv, r)?.kind !== 'missing');
}

/** The effective definition of `alias.<name>` for a command run in `folder`, or undefined. */
function lookUp(
  name: string,
  folder: string,
  inv: Invocation,
  r: Reporter,
): { value: string; repo: Repository | 'none'; files: string[]; placement: boolean } | undefined {
  const repo = findRepository(folder, inv, r);
  if (repo === 'unknown') return undefined;
  // A worktree's own configuration: which git versions read it for aliases differs (2.39 does not), so an alias
  // beside one is not expanded.
  if (repo !== 'none')
    for (const dir of new Set([repo.gitDir, repo.commonDir]))
      if (readBudgeted(inFolder(dir, 'config.worktree'), inv, r)?.kind !== 'missing') return undefined;
  const files = [
    ...SYSTEM_GIT_CONFIGS,
    ...userGitConfigs(r.scope.home),
    ...(repo === 'none' ? [] : [inFolder(repo.commonDir, 'config')]),
  ];
  const into: Lookup = { definitions: [], pager: false, placement: false, seen: new Set() };
  for (const file of files) if (!readDefinitions(file, name, false, into, inv, r)) return undefined;
  const last = into.definitions[into.definitions.length - 1];
  if (last?.value === undefined || into.pager || into.definitions.some((d) => d.conditional))
    return undefined;
  // Every file looked at, a missing one too: an earlier command of the line may write it.
  return { value: last.value, repo, files: [...into.seen], placement: into.placement };
}

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * Expands `git [globals] <name> [rest]` when `name` is an alias git would run: analyses what it runs and marks the
 * segment. False (nothing reported) when `name` is a command of git's, not an alias found, or not followed.
 */
export function expandGitAlias(
  name: string,
  globals: readonly Word[],
  rest: readonly Word[],
  folder: string,
  inv: Invocation,
  r: Reporter,
): boolean {
  if (!r.env.readScript || GIT_COMMANDS.has(name) || !ALIAS_NAME.test(name)) return false;
  const segment = r.segments[inv.segment];
  if (!segment || segment.wrappers.filter((w) => w === GIT_ALIAS_WRAPPER).length >= MAX_DEPTH) return false;
  if (!globals.every(isLiteral) || dashedProgram(name, folder, inv, r)) return false;
  const found = lookUp(name, folder, inv, r);
  if (!found) return false;
  // A configuration an earlier command of the line changes is not the one read now.
  if (configChangedEarlier(inv, r) || writtenEarlier(found.files, inv, r)) return false;
  const value = found.value;
  let text: string;
  let zero = literalWord('git');
  if (value.startsWith('!')) {
    // A shell alias runs from the top of the working tree (`core.bare` or `core.worktree` move it: not followed),
    // its arguments appended: `sh -c '<text> "$@"' '<text>' ARGS...`, so `$0` is the text itself.
    if (found.placement) return false;
    const top = found.repo === 'none' || found.repo.top === found.repo.gitDir ? undefined : found.repo.top;
    zero = literalWord(value.slice(1));
    text = `${top === undefined ? '' : `cd -- ${quote(top)} || exit 1\n`}${value.slice(1)}${rest.length > 0 ? ' "$@"' : ''}`;
  } else {
    const words = splitAlias(value);
    if (!words) return false;
    const given = rest.length > 0 ? ['"$@"'] : [];
    text = ['git', ...globals.map((w) => quote(plain(w))), ...words.map(quote), ...given].join(' ');
  }
  segment.gitAlias = true;
  runFileText(
    text,
    inv,
    r,
    GIT_ALIAS_WRAPPER,
    { positional: bindPositional(zero, rest), shell: 'new' },
    'alias',
  );
  return true;
}
