/**
 * When git runs a diff driver of the repository configuration (`diff.<driver>.textconv`, `diff.<driver>.command`,
 * `diff.external`): only when it shows the content of a change, which `git status`, `fetch`, `push`, `commit`,
 * `merge` or `log --stat` never do, nor plumbing (`diff-tree -p`) or `bisect` unless told to. An external diff
 * program runs by default for `git diff` and `git difftool` only: `show`, `log -p`, `blame`, `stash show -p`,
 * `add -p` and plumbing run it only with `--ext-diff` (measured with git 2.39: a driver that records each call).
 * `show REV:PATH` is not told apart here: a word of that shape may still name a commit (a submodule entry, `:/text`);
 * git-driver-paths.ts asks git its type. Over-approximated by subcommand and options here; which files carry the
 * driver's attribute is git-driver-paths.ts's. Pure.
 */

/** Keys of a diff driver: the text conversion, and the external diff programs. */
const TEXTCONV = /^diff\..+\.textconv$/i;
const EXTERNAL = /^(?:diff\..+\.command|diff\.external)$/i;

/** Subcommands that show a diff unless an option limits them to names or counts. */
const SHOWS_DIFF = new Set(['diff', 'show', 'blame', 'annotate', 'range-diff', 'difftool']);
/**
 * Subcommands that show a diff only when an option asks for one, and those options: a patch, a pickaxe search
 * (`-S`, `-G`), a line log (`-L`), combined diffs (log's family); interactive hunks (`add -p`, `stash show -p`); the
 * staged diff shown with the message (`commit -v`, `status -v`). Short options by their letter anywhere in a cluster
 * (the options list is cut before a letter that takes a value).
 */
const PATCH = /^-[A-Za-z]*p|^--patch/;
const LOG_CONTENT =
  /^(?:-[A-Za-z]*[puUGSLWcm]|--(?:patch|binary|unified|word-diff|color-words|cc|dd|full-diff|textconv|ext-diff|patch-with-raw|patch-with-stat|function-context|pickaxe|diff-merges|combined|remerge-diff|find-object|line-prefix))/;
const ON_REQUEST: Readonly<Record<string, RegExp>> = {
  log: LOG_CONTENT,
  reflog: LOG_CONTENT,
  whatchanged: LOG_CONTENT,
  'rev-list': LOG_CONTENT,
  'format-patch': /^--(?:textconv|ext-diff)/,
  // Plumbing converts text or calls an external diff only when told to by name, `-p` or not.
  'diff-tree': /^--(?:textconv|ext-diff)$/,
  'diff-index': /^--(?:textconv|ext-diff)$/,
  'diff-files': /^--(?:textconv|ext-diff)$/,
  add: /^-[A-Za-z]*[pie]|^--(?:patch|interactive|edit)/,
  checkout: PATCH,
  reset: PATCH,
  restore: PATCH,
  stash: PATCH,
  commit: /^-[A-Za-z]*[pv]|^--(?:patch|verbose|interactive)/,
  status: /^-[A-Za-z]*v|^--verbose/,
};
/** Subcommands that show no diff whatever their options: any other (an alias, `bisect`, `gui`) may show one. */
const NEVER = new Set(
  'fetch push pull merge rebase branch switch tag remote rev-parse config init clone worktree mv rm ls-files ls-tree ls-remote describe shortlog cherry-pick revert am apply clean gc maintenance fsck count-objects for-each-ref show-ref symbolic-ref update-ref update-index merge-base name-rev version help var check-ignore check-attr check-ref-format submodule sparse-checkout prune repack pack-refs verify-commit verify-tag cherry hash-object mktree write-tree read-tree commit-tree archive bundle notes rerere'.split(
    ' ',
  ),
);
/** Options that limit a diff to names, counts or nothing: no content is converted or compared by a driver. */
const NO_CONTENT =
  /^(?:--(?:stat|numstat|shortstat|dirstat|name-only|name-status|summary|raw|no-patch|check)(?:=.*)?|-s)$/;
/** Subcommands that convert text only when told to by name (`git grep --textconv`, `git cat-file --filters`). */
const BY_NAME: Readonly<Record<string, RegExp>> = {
  grep: /^--textconv$/,
  'cat-file': /^--(?:textconv|filters)$/,
};

/** bisect's subcommands that show history as `git log` does (with any options given): the others show no diff. */
const BISECT_SHOWS = new Set(['visualize', 'view']);

/** Subcommands that run an external diff program without being told to (`--ext-diff`). */
const EXTERNAL_BY_DEFAULT = new Set(['diff', 'difftool']);
/** Subcommands git itself defines: an alias or a `git-<name>` program may run `git diff`. */
const KNOWN = new Set([
  ...SHOWS_DIFF,
  ...Object.keys(ON_REQUEST),
  ...Object.keys(BY_NAME),
  ...NEVER,
  'bisect',
]);

/**
 * Does `git SUB` with these options (lower-cased long, short as given) and positional words run diff driver
 * `key`?
 */
export function diffDriverRuns(
  key: string,
  sub: string,
  options: readonly string[],
  positionals: readonly string[] = [],
): boolean {
  const textconv = TEXTCONV.test(key);
  if (!textconv && !EXTERNAL.test(key)) return true;
  // The switch that turns the driver off, given after any that turns it on.
  const off = textconv ? '--no-textconv' : '--no-ext-diff';
  const on = textconv ? '--textconv' : '--ext-diff';
  if (options.lastIndexOf(off) > options.lastIndexOf(on)) return false;
  if (!textconv && KNOWN.has(sub) && !EXTERNAL_BY_DEFAULT.has(sub) && !options.includes(on)) return false;
  const named = BY_NAME[sub];
  if (named) return textconv && options.some((o) => named.test(o));
  if (SHOWS_DIFF.has(sub))
    return options.some((o) => LOG_CONTENT.test(o)) || !options.some((o) => NO_CONTENT.test(o));
  if (sub === 'bisect') return BISECT_SHOWS.has(positionals[0] ?? '');
  const asks = ON_REQUEST[sub];
  if (asks) return options.some((o) => asks.test(o));
  return !NEVER.has(sub);
}
