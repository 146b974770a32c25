/**
 * The commands git runs as itself before it looks for an alias (`git <name>`): its builtins and the programs it
 * ships in its exec path, up to git 2.52 (`git --list-cmds=main`, plus what newer releases and optional packages
 * add). An alias named like one of these never runs (git runs the command); one named otherwise is expanded
 * (detect/git-aliases.ts) unless a `git-<name>` program stands in a folder of the usual PATH. `lfs` is not here: git-lfs
 * is a program of its own, and where it is not installed an alias of that name runs (final read of ADR 0135). As data.
 */
export const GIT_COMMANDS: ReadonlySet<string> = new Set(
  `add add--interactive am annotate apply archimport archive backfill bisect bisect--helper blame branch bugreport
  bundle cat-file check-attr check-ignore check-mailmap check-ref-format checkout checkout--worker checkout-index
  cherry cherry-pick citool clean clone column commit commit-graph commit-tree config count-objects credential
  credential-cache credential-cache--daemon credential-netrc credential-store cvsexportcommit cvsimport cvsserver
  daemon describe diagnose diff diff-files diff-index diff-pairs diff-tree difftool difftool--helper env--helper
  fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref for-each-repo format-patch fsck
  fsck-objects fsmonitor--daemon gc get-tar-commit-id grep gui gui--askpass hash-object help hook http-backend
  http-fetch http-push imap-send index-pack init init-db instaweb interpret-trailers last-modified log ls-files
  ls-remote ls-tree mailinfo mailsplit maintenance merge merge-base merge-file merge-index merge-octopus
  merge-one-file merge-ours merge-recursive merge-recursive-ours merge-recursive-theirs merge-resolve merge-subtree
  merge-tree mergetool mktag mktree multi-pack-index mv name-rev notes p4 pack-objects pack-redundant pack-refs
  patch-id pickaxe prune prune-packed pull push quiltimport range-diff read-tree rebase receive-pack reflog refs
  remote remote-ext remote-fd remote-ftp remote-ftps remote-http remote-https repack replace replay repo
  request-pull rerere reset restore rev-list rev-parse revert rm send-email send-pack sh-i18n--envsubst
  sh-setup shell shortlog show show-branch show-index show-ref sparse-checkout stage stash status stripspace
  submodule submodule--helper subtree survey svn switch symbolic-ref tag unpack-file unpack-objects update-index
  update-ref update-server-info upload-archive upload-archive--writer upload-pack var verify-commit verify-pack
  verify-tag version web--browse whatchanged worktree write-tree`.split(/\s+/),
);

/**
 * Folders of the usual PATH (relative ones under the home folder) where a `git-<name>` program would stand: git
 * runs such a program before it looks for an alias of that name. A PATH gavel does not see may hold others.
 */
export const DASHED_COMMAND_FOLDERS: readonly string[] = [
  '/usr/local/bin',
  '/usr/bin',
  '/bin',
  '/usr/local/sbin',
  '/usr/sbin',
  '/sbin',
  '/opt/homebrew/bin',
  '/snap/bin',
  '/usr/lib/git-core',
  '/usr/libexec/git-core',
  '/usr/local/libexec/git-core',
  '/opt/homebrew/opt/git/libexec/git-core',
  '~/.local/bin',
  '~/bin',
  '~/.cargo/bin',
  '~/go/bin',
  '~/.nix-profile/bin',
];
