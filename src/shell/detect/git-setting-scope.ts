/**
 * Which git subcommands consult a setting of the configuration files, beyond what git-diff-drivers.ts says of diff
 * drivers: the file-system monitor hook (`core.fsmonitor`) runs only when git reads the index, and a setting given
 * for this one command (`git -c core.fsmonitor=false`, `GIT_SSH_COMMAND=ssh git …`) replaces the files' value of a
 * single-valued key. Measured with git 2.39 (a hook that records each call, every subcommand below run in a
 * repository with a changed file): the subcommands listed never ran it; `describe --dirty`, `blame`, `grep`,
 * `ls-files`, `check-attr`, `diff` of the working tree or index, and any revision naming the index (`:file`) did.
 * Anything not listed is taken to read the index. Pure.
 */

/** A revision naming the index: `:file`, `:0:file`, and in a range or negation (`HEAD..:file`, `^:file`). */
const INDEX_NAME = /(?:^|\.\.|\^)\s*:/;
/** Subcommands that never read the index, whatever their options (except those named in `READS_WITH`). */
const NO_INDEX = new Set(
  'log show rev-parse branch tag config ls-remote for-each-ref shortlog cat-file ls-tree rev-list merge-base whatchanged name-rev show-ref count-objects archive describe symbolic-ref help version var format-patch cherry verify-commit verify-tag check-ref-format'.split(
    ' ',
  ),
);
/** Subcommands that read no index only with one of these first words (`git stash list`, `git remote -v`). */
const NO_INDEX_VERBS: Readonly<Record<string, ReadonlySet<string>>> = {
  stash: new Set(['list', 'show']),
  remote: new Set(['', 'show', 'get-url']),
  reflog: new Set(['', 'show']),
  worktree: new Set(['list']),
  notes: new Set(['', 'list', 'show']),
};
/** Options with which a subcommand of `NO_INDEX` compares the working tree after all. */
const READS_WITH: Readonly<Record<string, RegExp>> = {
  describe: /^--(?:dirty|broken)(?:=.*)?$/,
};

/**
 * Does `git SUB` with these options (lower-cased long, short as given) and positional words run the
 * `core.fsmonitor` hook? A word or option value starting with `:` names the index (`git show :file`,
 * `branch --contains=:file`), and so may a revision read from standard input.
 */
export function readsIndex(sub: string, options: readonly string[], positionals: readonly string[]): boolean {
  if (positionals.some((p) => INDEX_NAME.test(p))) return true;
  // A revision given as an option's value (`--contains=:file`) or read from standard input (`--stdin`,
  // `cat-file --batch`).
  if (
    options.some(
      (o) => INDEX_NAME.test(o.slice(o.indexOf('=') + 1)) || o === '--stdin' || o.startsWith('--batch'),
    )
  )
    return true;
  const verbs = NO_INDEX_VERBS[sub];
  if (verbs) return !verbs.has(positionals[0] ?? '');
  if (!NO_INDEX.has(sub)) return true;
  const reads = READS_WITH[sub];
  return reads !== undefined && options.some((o) => reads.test(o));
}

/**
 * Subcommands that work on the local repository only (no credential helper, transport or ssh command): any other
 * (`fetch`, `push`, `lfs`, `maintenance`, `request-pull`, an alias) is taken to talk to a remote.
 */
const LOCAL = new Set(
  `${[...NO_INDEX].filter((s) => s !== 'ls-remote' && s !== 'archive').join(' ')} status diff add commit checkout switch restore reset merge rebase cherry-pick revert stash mv rm init clean grep blame annotate bisect worktree notes apply am reflog show-branch range-diff diff-tree diff-index diff-files ls-files check-ignore check-attr update-index update-ref hash-object read-tree write-tree commit-tree mktree prune repack pack-refs fsck gc sparse-checkout rerere difftool mergetool`.split(
    ' ',
  ),
);

/**
 * Does `git SUB` talk to a remote? Only the subcommands known local do not; `git remote -v`, `get-url`, `show -n`
 * and `archive` of a local tree read only the configuration; any `git remote` verb not named here (`update`,
 * `prune`) is taken to ask the remote.
 */
export function contactsRemote(
  sub: string,
  options: readonly string[],
  positionals: readonly string[],
): boolean {
  if (sub === 'archive') return options.some((o) => /^--remote(?:=|$)/.test(o));
  if (sub !== 'remote') return !LOCAL.has(sub);
  const verb = positionals[0] ?? '';
  if (verb === 'show') return !options.includes('-n');
  if (verb === 'set-head') return options.some((o) => o === '-a' || o === '--auto');
  if (verb === 'add') return options.some((o) => o === '-f' || o === '--fetch');
  return !/^(?:|get-url|rename|remove|rm|set-url|set-branches)$/.test(verb);
}

/** Keys git reads as one value, the last one given winning: a value for this command replaces the files'. */
const SINGLE_VALUED =
  /^(?:core\.(?:fsmonitor|editor|pager|sshcommand|askpass|hookspath)|sequence\.editor|diff\.external|diff\..+\.(?:textconv|command)|pager\..+|gpg(?:\..+)?\.program|alias\..+|merge\..+\.driver|filter\..+\.(?:clean|smudge|process))$/;
/** Variables of the command's own environment that git reads in place of a key of its configuration. */
const VARIABLE_KEYS: Readonly<Record<string, string>> = {
  GIT_SSH_COMMAND: 'core.sshcommand',
  GIT_EDITOR: 'core.editor',
  GIT_SEQUENCE_EDITOR: 'sequence.editor',
  GIT_EXTERNAL_DIFF: 'diff.external',
};

/** A key as git compares it: section and variable names fold case, a subsection's does not. */
export function keyOfSetting(key: string): string {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first < 0) return key.toLowerCase();
  if (first === last) return key.toLowerCase();
  return `${key.slice(0, first).toLowerCase()}${key.slice(first, last)}${key.slice(last).toLowerCase()}`;
}

/**
 * The keys whose configured value this command does not use: single-valued keys given with `-c`/`--config-env`,
 * and those a variable of the program's own environment replaces (`GIT_PAGER` every pager setting).
 */
export function replacedKeys(settings: readonly string[], variables: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const key of settings) {
    const k = keyOfSetting(key);
    if (SINGLE_VALUED.test(k.toLowerCase())) out.add(k);
  }
  for (const name of variables) {
    const key = VARIABLE_KEYS[name];
    if (key) out.add(key);
    if (name === 'GIT_PAGER') out.add('core.pager').add('pager.*');
  }
  return out;
}

/** Whether the configured `key` is replaced for this command (`replacedKeys`). */
export function isReplaced(key: string, replaced: ReadonlySet<string>): boolean {
  const k = keyOfSetting(key);
  if (replaced.has(k)) return true;
  return replaced.has('pager.*') && /^pager\./.test(k);
}
