/**
 * Options whose value is a command the program runs (`tar --checkpoint-action=exec=CMD`, `rsync -e CMD`, `zip -TT
 * CMD`, `sort --compress-program=PROG`, `rg --pre PROG`, `man -P PAGER`), as data: read by
 * detect/command-options.ts, which analyses the value as the shell text it is run as and reports the program
 * uncertain. `prefix`: only a value starting so runs a command, the rest of it being the command (`exec=` of a
 * checkpoint action, `ProxyCommand=` of ssh's `-o`). `inert`: a value that runs only a known program with plain
 * options (a compressor for `tar -I`, a plain `ssh` for `rsync -e`). Positional forms (`socat EXEC:cmd`) are
 * `positional`. Pure data.
 */

export interface CommandOption {
  /** Option names as written: long ones take `--opt=V` or `--opt V`, short ones `-oV` or `-o V`. */
  names: readonly string[];
  prefix?: RegExp;
  inert?: RegExp;
  /** The value is optional and only ever attached (`man -Hfirefox`, `--html=firefox`): `-H ls` is no value. */
  attachedOnly?: true;
}

/** A compressor and plain options (`zstd -T0`, `gzip -9`, `xz -d`). */
const COMPRESSOR =
  /^(?:gzip|gunzip|pigz|bzip2|pbzip2|lbzip2|xz|pixz|zstd|pzstd|lz4|lzip|plzip|lzma|lzop|brotli)(?:\s+-[\w.=-]+)*$/;
/** A plain ssh (port, identity, user, and options that run nothing): the remote side is judged as a host. */
const PLAIN_SSH =
  /^ssh(?:\s+(?:-[46AaCgKkNnqTtVvXxYy]+|-[pil]\s*[\w./~@-]+|-o\s*(?:StrictHostKeyChecking|UserKnownHostsFile|BatchMode|ConnectTimeout|Port|IdentityFile|IdentitiesOnly|ServerAliveInterval|ServerAliveCountMax|Compression|LogLevel|User)[= ][\w./~@-]+))*$/i;
/** A pager that runs nothing (`cat`, `less -R`), as the catalogue's inert PAGER values. */
const PLAIN_PAGER = /^(?:cat|more|less(?:\s+-[A-Za-z]+)*)$/;
/** ssh's `-o` keys whose value is a command ssh runs on this machine. */
const SSH_COMMAND_KEYS = /^(?:ProxyCommand|LocalCommand|KnownHostsCommand)(?:\s*=\s*|\s+)/i;

const TAR: readonly CommandOption[] = [
  { names: ['--checkpoint-action'], prefix: /^exec=/ },
  { names: ['--to-command', '--rsh-command', '--info-script', '--new-volume-script', '-F'] },
  { names: ['--use-compress-program', '-I'], inert: COMPRESSOR },
];
const SSH: readonly CommandOption[] = [{ names: ['-o'], prefix: SSH_COMMAND_KEYS }];

export const COMMAND_OPTIONS: Readonly<Record<string, readonly CommandOption[]>> = {
  tar: TAR,
  gtar: TAR,
  bsdtar: [{ names: ['--use-compress-program'], inert: COMPRESSOR }],
  rsync: [{ names: ['-e', '--rsh'], inert: PLAIN_SSH }],
  zip: [{ names: ['-TT', '--unzip-command'] }],
  sort: [{ names: ['--compress-program'], inert: COMPRESSOR }],
  rg: [{ names: ['--pre'] }],
  man: [
    { names: ['-P', '--pager'], inert: PLAIN_PAGER },
    { names: ['-H', '--html'], attachedOnly: true },
  ],
  split: [{ names: ['--filter'] }],
  ssh: SSH,
  scp: [...SSH, { names: ['-S'] }],
  sftp: [...SSH, { names: ['-S'] }],
  wget: [{ names: ['--use-askpass'] }],
  aria2c: [
    {
      names: [
        '--on-download-complete',
        '--on-download-start',
        '--on-download-error',
        '--on-download-stop',
        '--on-download-pause',
        '--on-bt-download-complete',
      ],
    },
  ],
};

/** socat addresses that run a command (`EXEC:cmd`, `SYSTEM:shell text`): the command ends at the first comma. */
export const SOCAT_COMMAND = /^(?:EXEC|SYSTEM):([^,]*)/i;

/**
 * Variables whose value is a command line a program runs (a pager, an editor, a password helper, less's input
 * filter): analysed as shell text when set on a command (`MANPAGER='sh -c …' man ls`). LESSOPEN's `|`/`||` and
 * `-` markers and `%s` are less's own syntax around the command.
 */
export const COMMAND_VARIABLES =
  /^(?:PAGER|[A-Z]+_PAGER|MANPAGER|LESSOPEN|LESSCLOSE|EDITOR|VISUAL|GIT_EDITOR|GIT_SEQUENCE_EDITOR|BROWSER|[A-Z]+_ASKPASS|GIT_SSH_COMMAND|GIT_EXTERNAL_DIFF|PROMPT_COMMAND)$/;
