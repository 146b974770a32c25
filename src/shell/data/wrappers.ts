/**
 * Programs that run another program given in their arguments, and how to skip their own options to find it.
 * Pure data, read by unwrap-command.ts. `values`: options that take the next word (or `=value`/attached) as
 * value. `flags`: options without value. An option in neither list makes the unwrap uncertain
 * (`unknown-option`), because it may take a value that hides the real program.
 */

import type { Category } from '../category';

export interface WrapperSpec {
  values: readonly string[];
  flags: readonly string[];
  /** Positional words before the wrapped program (`timeout 5 cmd`: 1). */
  positionals?: number;
  /** Leading `NAME=value` words are assignments (`env A=1 cmd`). */
  assignments?: boolean;
  /** Options after which no program runs (`command -v git` only looks it up). */
  noRun?: readonly string[];
  /** Options whose value is a directory the program runs in (`env -C dir`, `sudo -D dir`). */
  chdir?: readonly string[];
  /** Options whose value is itself a command line (`env -S 'a b'`). */
  split?: readonly string[];
  category?: Category;
}

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
    chdir: ['-C', '--chdir'],
    split: ['-S', '--split-string'],
  },
  command: { values: [], flags: ['-p'], noRun: ['-v', '-V'] },
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
  setsid: { values: [], flags: ['-c', '--ctty', '-f', '--fork', '-w', '--wait'] },
  stdbuf: { values: ['-i', '--input', '-o', '--output', '-e', '--error'], flags: [] },
  time: {
    values: ['-f', '--format', '-o', '--output'],
    flags: ['-p', '--portability', '-a', '--append', '-v', '--verbose', '-q', '--quiet'],
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
  },
  busybox: { values: [], flags: [] },
  coproc: { values: [], flags: [] },
  'systemd-run': {
    values: [
      '-p',
      '--property',
      '--unit',
      '-u',
      '--description',
      '--slice',
      '-E',
      '--setenv',
      '--on-calendar',
      '--on-active',
      '-H',
      '--host',
      '-M',
      '--machine',
      '--uid',
      '--gid',
      '--working-directory',
      '--nice',
    ],
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
    flags: ['-y', '--yes', '--no', '-q', '--quiet', '--no-install', '--ignore-existing', '--prefer-offline'],
  },
  bunx: { values: ['-p', '--package'], flags: ['--bun'] },
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
