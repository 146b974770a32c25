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
