// Programs that run a command given in their arguments, and a builtin that runs shell text later (`trap`): what
// they run is analysed as if run directly.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from './analyze-shell';
import { loadShellParser } from './load-parser';
import { shellEnv } from './testdata/shell-env';

const categories = (command: string) =>
  [...new Set(analyzeShellSync(command, shellEnv()).hits.map((h) => h.category))].sort();

beforeAll(async () => {
  await loadShellParser();
});

describe('a command run by another program', () => {
  it.each([
    ['ssh-agent', 'ssh-agent rm -rf ~'],
    ['ssh-agent with options', 'ssh-agent -s -t 60 rm -rf ~'],
    ['dbus-run-session', 'dbus-run-session -- rm -rf ~'],
    ['faketime', "faketime '2020-01-01' rm -rf ~"],
    ['faketime with -f', 'faketime -f +1d rm -rf ~'],
    ['nsenter', 'nsenter -t 1 -m -u rm -rf ~'],
    ['chroot', 'chroot / rm -rf ~'],
    ['chroot with a user', 'chroot --userspec=1000:1000 / rm -rf ~'],
    ['screen, detached', 'screen -dm rm -rf ~'],
    ['screen, named', 'screen -S job -d -m rm -rf ~'],
  ])('%s', (_name, command) => {
    expect(categories(command)).toContain('destructive_root_delete');
  });
});

describe('trap runs its action as shell text', () => {
  it.each([
    ['on EXIT', "trap 'rm -rf ~' EXIT"],
    ['on a signal, with --', "trap -- 'rm -rf ~' INT TERM"],
    ['double-quoted', 'trap "rm -rf ~" 0'],
  ])('%s', (_name, command) => {
    expect(categories(command)).toContain('destructive_root_delete');
  });

  it.each([
    ['a reset', 'trap - EXIT'],
    ['an ignore', "trap '' INT"],
    ['a listing', 'trap -p'],
    ['a harmless action', "trap 'echo bye' EXIT"],
  ])('leaves alone: %s', (_name, command) => {
    const a = analyzeShellSync(command, shellEnv());
    expect(a.hits).toEqual([]);
    expect(a.uncertain).toEqual([]);
  });

  it('an action built at run time is uncertain', () => {
    const a = analyzeShellSync('trap "$CMD" EXIT', shellEnv());
    expect(a.uncertain.map((u) => u.code)).toContain('dynamic-script');
  });
});
