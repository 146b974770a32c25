/**
 * git configuration keys whose value makes git run a program, as data. Read by detect/detect-git.ts for
 * `git -c key=value`, `--config-env`, and persistent `git config key value`. Keys are matched
 * case-insensitively (git folds section and variable names; subsection names are matched as any text).
 * `kind` says how the value is run:
 * - `script`: a shell command line (git runs it through `sh -c`);
 * - `helper`: a credential helper (`!cmd` is a shell command; a name or path is a program git runs);
 * - `alias`: runs a shell command when the value starts with `!`; otherwise it is git arguments (which may
 *   carry `-c key=value` of their own), analysed as a `git …` command;
 * - `bang`: runs a shell command only when the value starts with `!` (`submodule.<x>.update`);
 * - `file`: another configuration file is read, whose content is not shown;
 * - `protocol`: allows a transport such as `ext::`, which runs a command named in the URL.
 * `inert` lists values that run nothing (`core.fsmonitor=false`).
 */

export type GitExecKind = 'script' | 'helper' | 'alias' | 'bang' | 'file' | 'protocol';

export interface GitExecKey {
  key: RegExp;
  kind: GitExecKind;
  inert?: RegExp;
  /**
   * The environment variable git reads in place of the key (`GIT_SSH_COMMAND` for `core.sshCommand`): a value the
   * safe catalogue knows inert for the variable (`inert_values`) is inert for the key too.
   */
  variable?: string;
}

const BOOLEAN = /^(true|false|yes|no|on|off|1|0)?$/i;

export const GIT_EXEC_KEYS: readonly GitExecKey[] = [
  { key: /^core\.fsmonitor$/i, kind: 'script', inert: BOOLEAN },
  { key: /^core\.editor$/i, kind: 'script', variable: 'GIT_EDITOR' },
  { key: /^core\.pager$/i, kind: 'script', variable: 'GIT_PAGER' },
  { key: /^core\.sshcommand$/i, kind: 'script', variable: 'GIT_SSH_COMMAND' },
  { key: /^core\.(askpass|gitproxy)$/i, kind: 'script' },
  { key: /^sequence\.editor$/i, kind: 'script', variable: 'GIT_SEQUENCE_EDITOR' },
  { key: /^diff\.external$/i, kind: 'script', variable: 'GIT_EXTERNAL_DIFF' },
  { key: /^diff\..+\.(textconv|command)$/i, kind: 'script' },
  { key: /^(difftool|mergetool)\..+\.cmd$/i, kind: 'script' },
  { key: /^merge\..+\.driver$/i, kind: 'script' },
  // git-lfs's own filter settings (what `git lfs install` writes) run git-lfs on the file, nothing else.
  {
    key: /^filter\..+\.(clean|smudge|process)$/i,
    kind: 'script',
    inert: /^git-lfs (clean|smudge) -- %f$|^git-lfs filter-process$/,
  },
  { key: /^pager\..+$/i, kind: 'script', inert: BOOLEAN },
  { key: /^gpg(\..+)?\.program$/i, kind: 'script' },
  { key: /^gpg\.ssh\.defaultkeycommand$/i, kind: 'script' },
  { key: /^uploadpack\.packobjectshook$/i, kind: 'script' },
  { key: /^remote\..+\.(uploadpack|receivepack)$/i, kind: 'script' },
  { key: /^(web\.browser|browser\..+\.(cmd|path)|man\..+\.(cmd|path))$/i, kind: 'script' },
  { key: /^(difftool|mergetool)\..+\.path$/i, kind: 'script' },
  { key: /^sendemail\.(tocmd|cccmd|sendmailcmd|smtpserver)$/i, kind: 'script' },
  { key: /^tar\..+\.command$/i, kind: 'script' },
  { key: /^trailer\..+\.(command|cmd)$/i, kind: 'script' },
  { key: /^core\.alternaterefscommand$/i, kind: 'script' },
  { key: /^interactive\.difffilter$/i, kind: 'script' },
  { key: /^submodule\..+\.update$/i, kind: 'bang' },
  { key: /^init\.templatedir$/i, kind: 'file' },
  // A bare name is one of git's own helpers (`git credential-store`); empty resets the list.
  {
    key: /^credential(\..+)?\.helper$/i,
    kind: 'helper',
    inert: /^(|store|cache|osxkeychain|manager|manager-core|libsecret|wincred)$/,
  },
  { key: /^alias\..+$/i, kind: 'alias' },
  { key: /^(include|includeif\..+)\.path$/i, kind: 'file' },
  { key: /^protocol(\..+)?\.allow$/i, kind: 'protocol', inert: /^(never|user)$/i },
];

/** The table entry for a key, if its value can run a program. */
export function gitExecKey(key: string): GitExecKey | undefined {
  return GIT_EXEC_KEYS.find((k) => k.key.test(key));
}

/** Environment variables that pass configuration to git (`GIT_CONFIG_COUNT`, `GIT_CONFIG_KEY_0`, …). */
export const GIT_CONFIG_VARIABLES =
  /^(GIT_CONFIG_COUNT|GIT_CONFIG_KEY_\d+|GIT_CONFIG_VALUE_\d+|GIT_CONFIG_PARAMETERS|GIT_CONFIG|GIT_CONFIG_GLOBAL|GIT_CONFIG_SYSTEM|GIT_ALLOW_PROTOCOL|GIT_EXEC_PATH|GIT_ASKPASS|GIT_EDITOR|GIT_SEQUENCE_EDITOR|SSH_ASKPASS|GIT_PROXY_COMMAND)$/;

/**
 * Subcommand options whose value is a command git runs (`git rebase -x 'cmd'`, `git clone -u cmd`).
 * `optional`: the option takes its value only when attached (`git grep -Ocmd`, `--open-files-in-pager=cmd`).
 */
export const GIT_EXEC_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  rebase: ['-x', '--exec'],
  difftool: ['-x', '--extcmd'],
  clone: ['-u', '--upload-pack'],
  fetch: ['--upload-pack'],
  pull: ['--upload-pack'],
  'ls-remote': ['--upload-pack'],
  push: ['--receive-pack', '--exec'],
  'send-pack': ['--receive-pack', '--exec'],
  'fetch-pack': ['--upload-pack', '--exec'],
  archive: ['--exec'],
  'send-email': ['--to-cmd', '--cc-cmd', '--sendmail-cmd', '--smtp-server'],
};
export const GIT_OPTIONAL_EXEC_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  grep: ['-O', '--open-files-in-pager'],
};
