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

describe('tmux runs shell text', () => {
  it.each([
    ['a detached session', "tmux new -d 'rm -rf ~'"],
    ['a named session', "tmux new-session -d -s work 'rm -rf ~'"],
    ['a session with words', 'tmux new-session -d rm -rf ~'],
    ['a window', "tmux new-window -t work -n x 'rm -rf ~'"],
    ['a split', "tmux splitw -h 'rm -rf ~'"],
    ['run-shell', "tmux run-shell 'rm -rf ~'"],
    ['run-shell with a delay', "tmux run -d 1 'rm -rf ~'"],
    ['keys typed into a pane', "tmux send-keys -t work 'rm -rf ~' Enter"],
    ['keys typed, C-m', 'tmux send -t work rm Space -rf Space ~ C-m'],
    ['the -c option', "tmux -c 'rm -rf ~'"],
    ['after a socket option', "tmux -L s new -d 'rm -rf ~'"],
  ])('%s', (_name, command) => {
    expect(categories(command)).toContain('destructive_root_delete');
  });

  it.each([
    ['listing sessions', 'tmux ls'],
    ['attaching', 'tmux attach -t work'],
    ['a plain new session', 'tmux new -s work'],
  ])('leaves alone: %s', (_name, command) => {
    const a = analyzeShellSync(command, shellEnv());
    expect(a.hits).toEqual([]);
    expect(a.uncertain).toEqual([]);
  });
});
