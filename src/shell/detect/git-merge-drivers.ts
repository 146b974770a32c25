/**
 * When git runs a merge driver of the configuration (`merge.<driver>.driver`) or a configured diff or merge tool
 * (`difftool.<tool>.cmd`, `mergetool.<tool>.cmd`, their `.path`): a driver only when git merges a file's content
 * three ways (`merge`, `pull`, `rebase`, `cherry-pick`, `revert`, `am`, a stash applied, `merge-tree`, a checkout,
 * switch or restore told to merge), a tool only under its own subcommand. Measured with git 2.39 (a driver that
 * records each call): `status`, `diff`, `log -p`, `stash`, `commit`, `switch` never ran it; `merge`, `rebase`,
 * `cherry-pick` and `merge-tree --write-tree` did. A subcommand git does not define (an alias) may be any of them.
 * Pure.
 */

/** Keys of merge drivers and of configured tools. */
const MERGE_DRIVER = /^merge\..+\.driver$/i;
const TOOL = /^(difftool|mergetool)\..+\.(?:cmd|path)$/i;

/** Subcommands that may merge a file three ways, whatever their options. */
const MERGES = new Set([
  'merge',
  'pull',
  'rebase',
  'cherry-pick',
  'revert',
  'am',
  'merge-tree',
  'merge-recursive',
  'merge-ours',
  'merge-subtree',
  'merge-index',
  'mergetool',
]);
/** Subcommands that merge only when told to (`checkout -m`, `stash apply`). */
const MERGING = (o: readonly string[]) => o.some((x) => /^-[A-Za-z]*m|^--merge$|^--conflict(?:=|$)/.test(x));
const MERGES_WITH: Readonly<Record<string, (options: readonly string[], first: string) => boolean>> = {
  // `--conflict=STYLE` implies `--merge`.
  checkout: MERGING,
  switch: MERGING,
  restore: MERGING,
  stash: (_o, first) => ['apply', 'pop', 'branch'].includes(first),
  // `git apply --3way` falls back on a three-way merge.
  apply: (o) => o.some((x) => /^-[A-Za-z]*3|^--3way$/.test(x)),
  notes: (_o, first) => first === 'merge',
  // A submodule updated by merge or rebase (or by its configured `update` mode) merges in the submodule.
  submodule: (_o, first) => first === 'update',
  // A merge commit shown as its re-done merge (`--remerge-diff`, or `-m`/`--diff-merges` as configured).
  show: (o) => o.some((x) => /^--remerge-diff$|^--diff-merges|^-m$/.test(x)),
  log: (o) => o.some((x) => /^--remerge-diff$|^--diff-merges|^-m$/.test(x)),
};
/**
 * Subcommands git defines that never merge a file's content, and programs git runs as subcommands that never merge
 * one (`git lfs`, `git cliff`; an alias of the same name is followed on its own).
 */
const NEVER = new Set(
  'status diff blame annotate grep fetch push add commit branch tag config remote rev-parse ls-files ls-tree ls-remote describe shortlog reflog whatchanged init clone worktree mv rm clean gc maintenance fsck count-objects for-each-ref show-ref symbolic-ref update-ref update-index merge-base name-rev version help var check-ignore check-attr check-ref-format sparse-checkout prune repack pack-refs verify-commit verify-tag cherry hash-object mktree write-tree read-tree commit-tree archive bundle rerere format-patch range-diff diff-tree diff-index diff-files cat-file rev-list bisect reset difftool send-email request-pull merge-file replace lfs cliff'.split(
    ' ',
  ),
);

/** Does `git SUB` with these options and positional words run what `key` names? True for any other key. */
export function mergeToolRuns(
  key: string,
  sub: string,
  options: readonly string[],
  positionals: readonly string[],
): boolean {
  const tool = TOOL.exec(key);
  // `git difftool` falls back on a merge tool's command of the same name.
  if (tool) return sub === (tool[1] as string).toLowerCase() || sub === 'difftool' || !known(sub);
  if (!MERGE_DRIVER.test(key)) return true;
  // A fast-forward only moves the branch: nothing is merged (git refuses otherwise). The last of `--ff`,
  // `--no-ff`, `--ff-only` given wins.
  const ff = options.filter((o) => /^--(?:no-)?ff(?:-only)?$/.test(o));
  if ((sub === 'merge' || sub === 'pull') && ff[ff.length - 1] === '--ff-only') return false;
  if (MERGES.has(sub)) return true;
  const told = MERGES_WITH[sub];
  if (told) return told(options, positionals[0] ?? '');
  return !NEVER.has(sub);
}

const known = (sub: string) => MERGES.has(sub) || MERGES_WITH[sub] !== undefined || NEVER.has(sub);
