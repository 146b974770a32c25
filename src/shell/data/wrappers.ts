/**
 * Programs that run another program given in their arguments, and how to skip their own options to find it.
 * Pure data, read by unwrap-command.ts. `values`: options that take the next word (or `=value`/attached) as
 * value. `flags`: options without value. An option in neither list makes the unwrap uncertain
 * (`unknown-option`), because it may take a value that hides the real program.
 */

import type { Category } from '../../core';

export interface WrapperSpec {
  values: readonly string[];
  flags: readonly string[];
  /** Positional words before the wrapped program (`timeout 5 cmd`: 1). */
  positionals?: number;
  /** Leading `NAME=value` words are assignments (`env A=1 cmd`). */
  assignments?: boolean;
  /** Options after which no program runs (`command -v git` only looks it up). */
  noRun?: readonly string[];
  /**
   * The most words a `noRun` option may be followed by and still run nothing: `command -v git` looks up one
   * name (`command -v a b` is not modelled); `npx --version` prints npm's version only when nothing follows.
   * Unset: any (`sudo -l cmd` lists what cmd may do).
   */
  noRunWords?: number;
  /** Options whose value is a directory the program runs in (`env -C dir`, `sudo -D dir`). */
  chdir?: readonly string[];
  /** Options whose value is itself a command line (`env -S 'a b'`). */
  split?: readonly string[];
  /** Options whose value names a file the wrapper itself writes (`strace -o F`, `time -o F`): a write, content unknown. */
  outputs?: readonly string[];
  /** The positional words (`positionals`) name a file the wrapper opens to write, creating it (`flock F cmd`). */
  positionalOutputs?: boolean;
  /**
   * Options after which the program run, or what it loads, is not what the words say: a file of commands the
   * wrapper reads (`screen -c rc`), a search path (`env -P dir`), unit properties and environment (`systemd-run -p
   * ExecStartPre=…`, `-E LD_PRELOAD=…`), another host or user. Uncertain.
   */
  changesProgram?: readonly string[];
  /** The wrapper runs the program found elsewhere (under another root folder, in another process's namespaces). */
  elsewhere?: string;
  /** Options that schedule the command to run later or again (`systemd-run --on-calendar`): persistence. */
  schedules?: readonly string[];
  category?: Category;
  /** A subcommand word that must come first (`aws-vault exec`, `op run`); another word: not this wrapper. */
  sub?: string;
  /** Options may follow the positional words too (`aws-vault exec PROFILE --duration=1h -- cmd`). */
  optionsAfterPositionals?: boolean;
  /**
   * Options right after the positional words whose value is shell text the wrapper runs with `sh -c`
   * (`flock FILE -c 'cmd'`): the segment is judged as that `sh -c`.
   */
  shellCommand?: readonly string[];
  /**
   * Options whose value names a file of `NAME=value` lines the program is given as its environment
   * (`dotenv -e .env.test`, `op run --env-file=F`); `defaultEnvFile`: the one read when none is named.
   */
  envFiles?: readonly string[];
  defaultEnvFile?: string;
  /** The first positional word is the user the program runs as (`gosu USER cmd`): root is privilege escalation. */
  runAs?: boolean;
  /**
   * Options taking two words, a host path and the path it is mounted at (`bwrap --bind SRC DEST`): the same path
   * keeps the program's paths what they say; another remaps them (uncertain).
   */
  mounts?: readonly string[];
  /**
   * The wrapper reads options anywhere in its arguments unless a `--` ends them (`dotenv cmd --fix` drops
   * `--fix`): an option-like word after the program with no `--` before it is uncertain.
   */
  optionsAnywhere?: boolean;
  /**
   * The wrapper fills secrets into the program's environment under names it does not show (`op run` resolves every
   * `op://` reference, a prefix's or an exported variable's too): no segment it wraps is known safe, since an inert
   * name may then hold a secret (`PORT=op://… op run -- printenv PORT`).
   */
  fillsSecrets?: boolean;
}

/** Options c8 and nyc share: reporting and file selection. */
const COVERAGE_VALUES = [
  '-r',
  '--reporter',
  '--report-dir',
  '-n',
  '--include',
  '-x',
  '--exclude',
  '-e',
  '--extension',
  '--lines',
  '--branches',
  '--functions',
  '--statements',
  '--watermarks',
];
const COVERAGE_FLAGS = [
  '-a',
  '--all',
  '--check-coverage',
  '--clean',
  '--no-clean',
  '--skip-full',
  '--per-file',
  '--exclude-after-remap',
];

/**
 * systemd-run's options after which the command is not the one named: properties (`ExecStartPre=`, `Environment=`,
 * `User=`, `RootDirectory=`), the environment, another host, machine or user.
 */
const SYSTEMD_ELSEWHERE = [
  '-p',
  '--property',
  '-E',
  '--setenv',
  '-H',
  '--host',
  '-M',
  '--machine',
  '--uid',
  '--gid',
];

/** systemd-run's options that make a timer, path or socket unit start the command later or again. */
const SYSTEMD_SCHEDULES = [
  '--on-calendar',
  '--on-active',
  '--on-boot',
  '--on-startup',
  '--on-unit-active',
  '--on-unit-inactive',
  '--on-clock-change',
  '--on-timezone-change',
  '--timer-property',
  '--path-property',
  '--socket-property',
];

export const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  sudo: {
    values: [
      '-u',
      '--user',
      '-g',
      '--group',
      '-U',
      '--other-user',
      '-C',
      '--close-from',
      '-h',
      '--host',
      '-p',
      '--prompt',
      '-r',
      '--role',
      '-t',
      '--type',
      '-T',
      '--command-timeout',
      '-D',
      '--chdir',
      '-R',
      '--chroot',
    ],
    flags: [
      '-A',
      '--askpass',
      '-b',
      '--background',
      '-E',
      '--preserve-env',
      '-H',
      '--set-home',
      '-i',
      '--login',
      '-n',
      '--non-interactive',
      '-P',
      '--preserve-groups',
      '-S',
      '--stdin',
      '-s',
      '--shell',
      '-k',
      '--reset-timestamp',
      '-B',
      '--bell',
      '-N',
      '--no-update',
    ],
    noRun: [
      '-l',
      '--list',
      '-v',
      '--validate',
      '-V',
      '--version',
      '-K',
      '--remove-timestamp',
      '-h',
      '--help',
    ],
    chdir: ['-D', '--chdir'],
    category: 'privilege_escalation',
  },
  doas: { values: ['-u', '-C'], flags: ['-n', '-s', '-L'], category: 'privilege_escalation' },
  run0: {
    values: ['-u', '--user', '-g', '--group', '-D', '--chdir'],
    flags: [],
    category: 'privilege_escalation',
  },
  pkexec: {
    values: ['--user'],
    flags: ['--keep-cwd', '--disable-internal-agent'],
    category: 'privilege_escalation',
  },
  env: {
    values: [
      '-u',
      '--unset',
      '-C',
      '--chdir',
      '-S',
      '--split-string',
      '-P',
      '--path',
      '--block-signal',
      '--default-signal',
      '--ignore-signal',
    ],
    flags: ['-i', '--ignore-environment', '-', '-0', '--null', '-v', '--debug'],
    assignments: true,
    // `env -P dir ls` runs the `ls` found in dir.
    changesProgram: ['-P', '--path'],
    chdir: ['-C', '--chdir'],
    split: ['-S', '--split-string'],
  },
  command: { values: [], flags: ['-p'], noRun: ['-v', '-V'], noRunWords: 1 },
  builtin: { values: [], flags: [] },
  exec: { values: ['-a'], flags: ['-c', '-l'] },
  nice: { values: ['-n', '--adjustment'], flags: [] },
  ionice: { values: ['-c', '--class', '-n', '--classdata'], flags: ['-t', '--ignore'] },
  timeout: {
    values: ['-k', '--kill-after', '-s', '--signal'],
    flags: ['--preserve-status', '--foreground', '-v', '--verbose', '-f'],
    positionals: 1,
  },
  gtimeout: {
    values: ['-k', '--kill-after', '-s', '--signal'],
    flags: ['--preserve-status', '--foreground', '-v'],
    positionals: 1,
  },
  nohup: { values: [], flags: [] },
  // `cross-env A=1 cmd`: sets the variables, then runs the command (its own options are not modelled).
  'cross-env': { values: [], flags: [], assignments: true },
  // `xvfb-run cmd`: a virtual display for the command; error and auth files are not modelled.
  'xvfb-run': {
    values: ['-n', '--server-num', '-w', '--wait'],
    flags: ['-a', '--auto-servernum'],
  },
  setsid: { values: [], flags: ['-c', '--ctty', '-f', '--fork', '-w', '--wait'] },
  stdbuf: { values: ['-i', '--input', '-o', '--output', '-e', '--error'], flags: [] },
  time: {
    // The keyword times a whole simple command, assignments included (`time A=1 cmd`).
    assignments: true,
    values: ['-f', '--format', '-o', '--output'],
    flags: ['-p', '--portability', '-a', '--append', '-v', '--verbose', '-q', '--quiet'],
    outputs: ['-o', '--output'],
  },
  chrt: { values: [], flags: ['-b', '-f', '-i', '-o', '-r', '-d', '-R', '-a', '-v'], positionals: 1 },
  taskset: { values: [], flags: ['-a', '--all-tasks'], positionals: 1 },
  unbuffer: { values: [], flags: ['-p'] },
  chronic: { values: [], flags: ['-e', '-v'] },
  caffeinate: { values: ['-t', '-w'], flags: ['-d', '-i', '-m', '-s', '-u'] },
  flock: {
    values: ['-w', '--timeout', '-E', '--conflict-exit-code'],
    flags: ['-s', '--shared', '-x', '--exclusive', '-n', '--nonblock', '-o', '--close', '-u', '--unlock'],
    positionals: 1,
    positionalOutputs: true,
    shellCommand: ['-c', '--command'],
  },
  // `gosu USER cmd`, `su-exec USER[:GROUP] cmd`: run by root to drop to another user; to root is escalation.
  gosu: { values: [], flags: [], positionals: 1, runAs: true },
  'su-exec': { values: [], flags: [], positionals: 1, runAs: true },
  // `aws-vault exec PROFILE -- cmd`: the command with the profile's temporary AWS credentials in its environment.
  // Options that start a credential server, print the credentials or run a password command are not listed. Like
  // `op` and `dotenv`, it takes its own options from among the command's words unless a `--` ends them.
  'aws-vault': {
    sub: 'exec',
    values: ['-d', '--duration', '--region', '-t', '--mfa-token', '--backend', '--keychain', '--prompt'],
    flags: ['-n', '--no-session', '--debug'],
    positionals: 1,
    optionsAfterPositionals: true,
    optionsAnywhere: true,
  },
  // `op run [--env-file F] -- cmd`: the command with `op://` references in its environment (and F's variables)
  // replaced by the secrets they name.
  op: {
    sub: 'run',
    values: ['--env-file', '--account'],
    flags: ['--no-masking', '--cache', '--iso-timestamps'],
    envFiles: ['--env-file'],
    optionsAnywhere: true,
    fillsSecrets: true,
  },
  // dotenv-cli: `dotenv [-e F]... -- cmd` runs the command with F's variables (`.env` when none is named).
  dotenv: {
    values: ['-e'],
    flags: ['--no-expand', '--debug', '--quiet', '-o', '--override'],
    envFiles: ['-e'],
    defaultEnvFile: '.env',
    optionsAnywhere: true,
  },
  // `bwrap [opts] cmd`: the command in a sandbox. A folder mounted at its own path keeps paths what they say
  // (a read-only or new empty mount only narrows what the command can reach); a mount elsewhere, a symlink, data
  // from a descriptor or a variable set are not listed.
  bwrap: {
    values: [
      '--dev',
      '--proc',
      '--tmpfs',
      '--dir',
      '--mqueue',
      '--remount-ro',
      '--unsetenv',
      '--uid',
      '--gid',
      '--hostname',
      '--chdir',
    ],
    mounts: ['--bind', '--bind-try', '--ro-bind', '--ro-bind-try', '--dev-bind', '--dev-bind-try'],
    flags: [
      '--unshare-all',
      '--unshare-user',
      '--unshare-user-try',
      '--unshare-ipc',
      '--unshare-pid',
      '--unshare-net',
      '--unshare-uts',
      '--unshare-cgroup',
      '--unshare-cgroup-try',
      '--share-net',
      '--die-with-parent',
      '--new-session',
      '--as-pid-1',
      '--clearenv',
    ],
    chdir: ['--chdir'],
  },
  busybox: { values: [], flags: [] },
  // `daemonize [opts] PATH args`: PATH runs detached (its pid, lock and output files are options).
  daemonize: {
    values: ['-c', '-E', '-e', '-o', '-p', '-l', '-u'],
    flags: ['-a', '-v'],
    chdir: ['-c'],
    outputs: ['-e', '-o', '-p', '-l'],
    changesProgram: ['-E', '-u'],
  },
  // `fakeroot cmd`: the command runs as itself, told it is root (file owners faked); `-l`/`-s`/`-i` (a library, a
  // state file) are not listed.
  fakeroot: { values: [], flags: ['-u', '--unknown-is-real'] },
  // `unshare -r cmd`: the command in new namespaces (root only inside its own user namespace); options that set up
  // mounts, a propagation or a root folder are not listed.
  unshare: {
    values: [],
    flags: [
      '-r',
      '--map-root-user',
      '-c',
      '--map-current-user',
      '-U',
      '--user',
      '-n',
      '--net',
      '-i',
      '--ipc',
      '-u',
      '--uts',
      '-p',
      '--pid',
      '-f',
      '--fork',
      '-C',
      '--cgroup',
      '--kill-child',
    ],
  },
  'ssh-agent': { values: ['-a', '-E', '-t', '-P', '-O'], flags: ['-c', '-s', '-D', '-d'], noRun: ['-k'] },
  'dbus-run-session': {
    values: ['--config-file', '--dbus-daemon'],
    flags: [],
    changesProgram: ['--config-file', '--dbus-daemon'],
  },
  faketime: { values: ['-p'], flags: ['-f', '-m', '--exclude-monotonic'], positionals: 1 },
  nsenter: {
    elsewhere: "runs the program in another process's namespaces, its files those that process sees",
    values: ['-t', '--target', '-S', '--setuid', '-G', '--setgid'],
    flags: [
      '-a',
      '--all',
      '-m',
      '--mount',
      '-u',
      '--uts',
      '-i',
      '--ipc',
      '-n',
      '--net',
      '-p',
      '--pid',
      '-U',
      '--user',
      '-C',
      '--cgroup',
      '-T',
      '--time',
      '-r',
      '--root',
      '-w',
      '--wd',
      '-F',
      '--no-fork',
      '--preserve-credentials',
    ],
  },
  strace: {
    outputs: ['-o', '--output'],
    values: [
      '-o',
      '--output',
      '-e',
      '-s',
      '-p',
      '-P',
      '-u',
      '--user',
      '-E',
      '--env',
      '-a',
      '-b',
      '-I',
      '-X',
      '-O',
      '-S',
      '-U',
    ],
    flags: [
      '-f',
      '-ff',
      '--follow-forks',
      '-c',
      '-C',
      '--summary-only',
      '--summary',
      '-d',
      '-D',
      '-DD',
      '-F',
      '-i',
      '-k',
      '-n',
      '-q',
      '-qq',
      '-r',
      '-t',
      '-tt',
      '-ttt',
      '-T',
      '-v',
      '-w',
      '-x',
      '-xx',
      '-y',
      '-yy',
      '-Z',
      '-z',
    ],
  },
  ltrace: {
    outputs: ['-o', '--output'],
    values: [
      '-o',
      '--output',
      '-e',
      '-s',
      '-u',
      '-n',
      '--indent',
      '-l',
      '--library',
      '-p',
      '-a',
      '--align',
      '-A',
      '-D',
      '-F',
      '-w',
      '--where',
      '-x',
    ],
    flags: [
      '-f',
      '-c',
      '-S',
      '-i',
      '-t',
      '-tt',
      '-ttt',
      '-T',
      '-C',
      '--demangle',
      '-b',
      '--no-signals',
      '-r',
      '-L',
    ],
  },
  // valgrind's checking options (`--leak-check=full`): they change what it reports, never what runs; output files
  // (`--log-file`, `--xml-file`), suppressions and debugger hooks (`--db-command`, `--vgdb*`) are not listed.
  valgrind: {
    values: [],
    // Read as flags: valgrind takes these only as `--name=value`, so a next word is never their value.
    flags: [
      '--tool',
      '--leak-check',
      '--show-leak-kinds',
      '--errors-for-leak-kinds',
      '--track-origins',
      '--track-fds',
      '--show-reachable',
      '--undef-value-errors',
      '--error-exitcode',
      '--num-callers',
      '--trace-children',
      '--gen-suppressions',
      '--leak-resolution',
      '--read-var-info',
      '--expensive-definedness-checks',
      '-q',
      '--quiet',
      '-v',
      '--verbose',
      '-s',
    ],
  },

  entr: { values: [], flags: ['-a', '-c', '-cc', '-d', '-n', '-p', '-r', '-z'] },
  runuser: {
    values: [
      '-u',
      '--user',
      '-g',
      '--group',
      '-G',
      '--supp-group',
      '-w',
      '--whitelist-environment',
      '-s',
      '--shell',
    ],
    flags: ['-l', '--login', '-m', '-p', '--preserve-environment', '-P', '--pty', '-f', '--fast'],
    category: 'privilege_escalation',
  },
  chroot: {
    values: ['--userspec', '--groups'],
    flags: ['--skip-chdir'],
    positionals: 1,
    elsewhere: 'runs the program found under another root folder',
  },
  screen: {
    values: ['-S', '-dmS', '-c', '-e', '-h', '-p', '-T', '-t', '-s', '-Logfile'],
    // `-c rc`: a file of screen commands (`exec`, `screen cmd`); `-s`: the shell of new windows.
    changesProgram: ['-c', '-s'],
    outputs: ['-Logfile'],
    flags: [
      '-d',
      '-m',
      '-dm',
      '-D',
      '-q',
      '-U',
      '-a',
      '-A',
      '-l',
      '-ln',
      '-O',
      '-i',
      '-L',
      '-f',
      '-fn',
      '-fa',
    ],
  },
  coproc: { values: [], flags: [] },
  'systemd-run': {
    values: [
      '--unit',
      '-u',
      '--description',
      '--slice',
      ...SYSTEMD_SCHEDULES,
      ...SYSTEMD_ELSEWHERE,
      '--working-directory',
      '--nice',
    ],
    chdir: ['--working-directory'],
    changesProgram: SYSTEMD_ELSEWHERE,
    schedules: SYSTEMD_SCHEDULES,
    flags: [
      '--user',
      '--system',
      '--scope',
      '-t',
      '--pty',
      '--wait',
      '-G',
      '--collect',
      '-q',
      '--quiet',
      '-r',
      '--remain-after-exit',
      '--no-block',
      '-P',
      '--pipe',
      '-d',
      '--same-dir',
    ],
  },
  npx: {
    values: ['-p', '--package'],
    noRun: ['--version', '-v', '--help', '-h'],
    noRunWords: 0,
    flags: ['-y', '--yes', '--no', '-q', '--quiet', '--no-install', '--ignore-existing', '--prefer-offline'],
  },
  bunx: { values: ['-p', '--package'], flags: ['--bun'] },
  // Coverage runners: `c8 [opts] cmd`, `nyc [opts] cmd` run the command (their `--require`/`-i` hooks are not listed).
  c8: {
    values: [...COVERAGE_VALUES, '-o', '--reports-dir', '--temp-directory', '--src'],
    outputs: ['--report-dir', '-o', '--reports-dir', '--temp-directory'],
    flags: [
      ...COVERAGE_FLAGS,
      '--100',
      '--exclude-node-modules',
      '--merge-async',
      '--omit-relative',
      '--allow-external',
    ],
  },
  nyc: {
    values: [...COVERAGE_VALUES, '--temp-dir', '-t'],
    outputs: ['--report-dir', '--temp-dir', '-t'],
    flags: [
      ...COVERAGE_FLAGS,
      '--silent',
      '-s',
      '--cache',
      '--no-cache',
      '--source-map',
      '--produce-source-map',
      '--skip-empty',
    ],
  },
  xargs: {
    values: [
      '-I',
      '-L',
      '-l',
      '-n',
      '-P',
      '-s',
      '-d',
      '-E',
      '-e',
      '-a',
      '-J',
      '--arg-file',
      '--delimiter',
      '--max-args',
      '--max-procs',
      '--max-lines',
      '--eof',
      '--max-chars',
      '--process-slot-var',
    ],
    flags: [
      '-0',
      '-r',
      '-t',
      '-p',
      '-x',
      '-o',
      '--null',
      '--no-run-if-empty',
      '--verbose',
      '--interactive',
      '--exit',
      '--open-tty',
      '--show-limits',
      '-i',
      '--replace',
    ],
  },
};

/** Shells that run a script given with `-c`, from a file argument, or from stdin. */
export const SHELLS: ReadonlySet<string> = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'ash',
  'fish',
  'csh',
  'tcsh',
  'rbash',
]);

/** Shell options that take the next word as value. */
export const SHELL_VALUE_OPTIONS: ReadonlySet<string> = new Set([
  '-o',
  '+o',
  '-O',
  '+O',
  '--rcfile',
  '--init-file',
]);
