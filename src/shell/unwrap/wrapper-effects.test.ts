// What a wrapper does besides running the program (wrappers.ts `outputs`, `positionalOutputs`, `changesProgram`,
// `elsewhere`, `schedules`): files it writes itself, options that make the program run another than the one named,
// and schedules. The wrapped program alone no longer decides what the segment does.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const analysis = (command: string) => analyzeShellSync(command, shellEnv());
const writes = (command: string) =>
  analysis(command)
    .segments.flatMap((s) => s.paths)
    .filter((p) => p.role === 'write')
    .map((p) => p.resolved ?? p.raw);
const uncertainCodes = (command: string) => analysis(command).uncertain.map((u) => u.code);
const categories = (command: string) => analysis(command).hits.map((h) => h.category);

beforeAll(async () => {
  await loadShellParser();
});

describe("a wrapper's own output file is a write of the segment", () => {
  it.each<[string, string, string]>([
    ['strace -o', 'strace -o /etc/x ls', '/etc/x'],
    ['strace -oFILE', 'strace -o/etc/x ls', '/etc/x'],
    ['strace --output=', 'strace --output=/home/u/.bashrc ls', '/home/u/.bashrc'],
    ['ltrace -o', 'ltrace -o ~/.profile ls', '/home/u/.profile'],
    ['GNU time -o', 'time -o /etc/x ls', '/etc/x'],
    ['time by path', '/usr/bin/time --output /etc/x ls', '/etc/x'],
    ["flock's lock file (created)", 'flock /etc/nologin true', '/etc/nologin'],
    ["daemonize's output files", 'daemonize -o /etc/x /bin/ls', '/etc/x'],
    ['a coverage report folder', 'c8 -o /etc/cov npm test', '/etc/cov'],
    ['in the workspace', 'strace -o trace.log ls', '/home/u/proj/trace.log'],
  ])('%s', (_n, command, path) => {
    expect(writes(command)).toContain(path);
  });

  it('a descriptor number given to flock is no file', () => {
    expect(writes('flock -n 9 true')).toEqual([]);
  });

  it('the file written is not the program output: a later run of it runs unknown text', () => {
    expect(uncertainCodes('strace -o x.sh ls; bash x.sh')).toContain('dynamic-script');
  });
});

describe('a wrapper option that makes the program another than the one named is uncertain', () => {
  it.each<[string, string]>([
    ['a search path', 'env -P /tmp/evil ls'],
    ['a search path, long', 'env --path=/tmp/evil ls'],
    ['another root folder', 'chroot /tmp/x ls'],
    ["another process's namespaces", 'nsenter -t 1 -m ls'],
    ['a file of screen commands', 'screen -c ./evil.rc -dm ls'],
    ['a unit property', 'systemd-run --user -p ExecStartPre=/tmp/x ls'],
    ["the unit's environment", 'systemd-run --user -E LD_PRELOAD=/tmp/x.so ls'],
    ['another host', 'systemd-run -H evil.example ls'],
    ['another bus daemon', 'dbus-run-session --dbus-daemon=/tmp/x ls'],
    ["daemonize's environment", 'daemonize -E LD_PRELOAD=/tmp/x.so /bin/ls'],
  ])('%s', (_n, command) => {
    expect(uncertainCodes(command)).toContain('dynamic-command');
  });

  it.each<[string, string]>([
    ['env with assignments only', 'env A=1 ls'],
    ['systemd-run in the user manager', 'systemd-run --user ls'],
    ['strace following forks', 'strace -f ls'],
  ])('not: %s', (_n, command) => {
    expect(uncertainCodes(command)).toEqual([]);
  });
});

describe('a wrapper option that schedules the command is persistence', () => {
  it.each<[string, string]>([
    ['a calendar timer', 'systemd-run --user --on-calendar=hourly ls'],
    ['at boot', 'systemd-run --user --on-boot=5min ls'],
    ['a timer property', 'systemd-run --user --timer-property=AccuracySec=1 ls'],
  ])('%s', (_n, command) => {
    expect(categories(command)).toContain('persistence');
  });
});

const programs = (command: string) => analysis(command).segments.map((s) => s.argv.join(' '));

describe('a wrapper behind a subcommand, with options after its positional words', () => {
  it.each<[string, string, string]>([
    [
      'aws-vault exec PROFILE --',
      'aws-vault exec dev -- aws sts get-caller-identity',
      'aws sts get-caller-identity',
    ],
    ['an option after the profile', 'aws-vault exec dev --duration=1h -- aws s3 ls', 'aws s3 ls'],
    ['op run --', 'op run --no-masking -- npm test', 'npm test'],
    ['dotenv --', 'dotenv -- npm run dev', 'npm run dev'],
    ['dotenv with no option after the program', 'dotenv npm test', 'npm test'],
  ])('%s', (_n, command, inner) => {
    expect(programs(command)[0]).toBe(inner);
    expect(uncertainCodes(command)).toEqual([]);
  });

  it.each<[string, string]>([
    ['another subcommand', 'aws-vault list'],
    ['op without run', 'op item get x'],
  ])('not this wrapper: %s', (_n, command) => {
    expect(analysis(command).segments[0]?.wrappers).toEqual([]);
  });

  it.each<[string, string]>([
    ['a credential server', 'aws-vault exec --server dev -- ls'],
    ['credentials printed', 'aws-vault exec dev --json'],
    ['op with an unknown option', 'op run --config /tmp/x -- ls'],
    ['dotenv reads an option after the program without --', 'dotenv git push --dry-run origin feat'],
    ['aws-vault too', 'aws-vault exec dev aws s3 ls --region eu-west-1'],
    ['op too', 'op run npm test --watch'],
  ])('an option not known is uncertain: %s', (_n, command) => {
    expect(uncertainCodes(command)).toContain('unknown-option');
  });
});

describe('op run fills secrets in under names it does not show', () => {
  it('the segment it wraps carries a name no catalogue knows inert', () => {
    expect(analysis('PORT=op://v/i/f op run -- printenv PORT').segments[0]?.assigned).toContain('op-secrets');
  });
});

describe('flock -c runs its text with sh -c', () => {
  it.each<[string, string]>([
    ['-c', 'flock /tmp/lock -c "npm test"'],
    ['--command=', 'flock /tmp/lock --command="npm test"'],
    ['options before the file', 'flock -n -w 5 /tmp/lock -c "npm test"'],
  ])('%s', (_n, command) => {
    expect(programs(command).slice(0, 2)).toEqual(['sh -c npm test', 'npm test']);
  });

  it('the text is analysed: a floor command in it is found', () => {
    expect(categories('flock /tmp/lock -c "rm -rf ~"')).toContain('destructive_root_delete');
  });

  it('-c with no text is uncertain', () => {
    expect(uncertainCodes('flock /tmp/lock -c')).toContain('unknown-option');
  });

  it('a command given as words still runs as itself', () => {
    expect(programs('flock /tmp/lock npm test')[0]).toBe('npm test');
  });
});

describe('gosu and su-exec run the command as the user named', () => {
  it.each<[string, string]>([
    ['gosu to root', 'gosu root ls'],
    ['gosu to uid 0', 'gosu 0:0 ls'],
    ['su-exec to root with a group', 'su-exec root:wheel ls'],
    ["gosu to root's group", 'gosu nobody:0 id'],
    ['uid 0 written with more zeros', 'gosu 00 ls'],
    ['a group as good as root', 'su-exec app:docker id'],
  ])('to root is privilege escalation: %s', (_n, command) => {
    expect(categories(command)).toContain('privilege_escalation');
  });

  it.each<[string, string]>([
    ['gosu to a service user', 'gosu node npm test'],
    ['su-exec with a group', 'su-exec app:app npm test'],
  ])('another user is no category: %s', (_n, command) => {
    expect(categories(command)).toEqual([]);
    expect(programs(command)[0]).toBe('npm test');
  });

  it('a user known only at run time is uncertain', () => {
    expect(uncertainCodes('gosu "$U" ls')).toContain('unknown-option');
  });
});

describe('bwrap: a folder mounted at its own path keeps paths what they say', () => {
  it.each<[string, string]>([
    ['the root read-only', 'bwrap --ro-bind / / ls /'],
    ['with /dev, /proc and new namespaces', 'bwrap --ro-bind / / --dev /dev --proc /proc --unshare-all ls'],
    ['the workspace at itself', 'bwrap --bind /home/u/proj /home/u/proj --chdir /home/u/proj ls'],
  ])('%s', (_n, command) => {
    expect(uncertainCodes(command)).toEqual([]);
    expect(programs(command)[0]?.startsWith('ls')).toBe(true);
  });

  it('the command is judged: a recursive delete through a writable root is found', () => {
    expect(categories('bwrap --bind / / rm -rf ~/work')).not.toEqual([]);
  });

  it.each<[string, string, string]>([
    ['a folder mounted elsewhere', 'bwrap --bind /home/u/.ssh /tmp/x cat /tmp/x/k', 'dynamic-command'],
    ['a relative destination', 'bwrap --ro-bind /etc etc cat etc/shadow', 'dynamic-command'],
    ['a symlink made inside', 'bwrap --symlink /home/u/.ssh/id_rsa /tmp/k cat /tmp/k', 'unknown-option'],
    ['a variable set inside', 'bwrap --setenv LD_PRELOAD /tmp/x.so ls', 'unknown-option'],
  ])('uncertain: %s', (_n, command, code) => {
    expect(uncertainCodes(command)).toContain(code);
  });
});
