// Programs that run a command given in their arguments, and a builtin that runs shell text later (`trap`): what
// they run is analysed as if run directly.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

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

describe('a command run by a tracer, a watcher or another user', () => {
  it.each([
    ['strace', 'strace -f -o /tmp/t rm -rf ~'],
    ['ltrace', 'ltrace -c rm -rf ~'],
    ['valgrind', 'valgrind -q rm -rf ~'],
    ['entr', 'entr -r rm -rf ~ < list'],
    ['runuser', 'runuser -u root -- rm -rf ~'],
    ['sg -c', "sg wheel -c 'rm -rf ~'"],
    ['nodemon --exec', "nodemon --exec 'rm -rf ~'"],
    ['perf record', 'perf record -g -- rm -rf ~'],
    ['perf stat', 'perf stat rm -rf ~'],
  ])('%s', (_name, command) => {
    expect(categories(command)).toContain('destructive_root_delete');
  });
});

describe('a command run by a package or environment manager', () => {
  it.each([
    ['npm exec --', 'npm exec -- rm -rf ~'],
    ['npm x', 'npm x --yes -- rm -rf ~'],
    ['npm exec -c', "npm exec -c 'rm -rf ~'"],
    ['pnpm exec', 'pnpm exec rm -rf ~'],
    ['pnpm dlx', 'pnpm dlx rm -rf ~'],
    ['yarn exec', 'yarn exec rm -rf ~'],
    ['yarn dlx', 'yarn dlx rm -rf ~'],
    ['bun x', 'bun x rm -rf ~'],
    ['uv run', 'uv run rm -rf ~'],
    ['uv run with a value option', 'uv run --with requests rm -rf ~'],
    ['poetry run', 'poetry run rm -rf ~'],
    ['uvx', 'uvx rm -rf ~'],
    ['uvx with a value option', 'uvx --python 3.12 rm -rf ~'],
    ['pipx run', 'pipx run rm -rf ~'],
    ['pipx run with a spec', 'pipx run --spec x rm -rf ~'],
    ['pipenv run', 'pipenv run rm -rf ~'],
    ['conda run', 'conda run -n base rm -rf ~'],
    ['mise exec', 'mise exec -- rm -rf ~'],
    ['direnv exec', 'direnv exec . rm -rf ~'],
    ['nix-shell --run', "nix-shell --run 'rm -rf ~'"],
    ['nix develop -c', 'nix develop -c rm -rf ~'],
  ])('%s', (_name, command) => {
    expect(categories(command)).toContain('destructive_root_delete');
  });

  it('an option it does not know is uncertain, not skipped', () => {
    const a = analyzeShellSync('uv run --frobnicate x rm -rf ~', shellEnv());
    expect(a.hits.length + a.uncertain.length).toBeGreaterThan(0);
  });

  it.each([
    ['npm test', 'npm test'],
    ['npm run', 'npm run build'],
    ['uv run of a test runner', 'uv run pytest -q'],
    ['poetry install', 'poetry install'],
  ])('leaves alone: %s', (_name, command) => {
    const a = analyzeShellSync(command, shellEnv());
    expect(a.hits).toEqual([]);
    expect(a.uncertain).toEqual([]);
  });
});

describe('sed runs shell text with its `e` command and flag', () => {
  it.each([
    ['the e command', "sed -n '1e rm -rf ~' f"],
    ['the e command after -e', "sed -e '1e rm -rf ~' f"],
    ['the e flag of s', "sed 's/.*/rm -rf ~/e' f"],
  ])('%s', (_name, command) => {
    const a = analyzeShellSync(command, shellEnv());
    expect(a.hits.map((h) => h.category)).toContain('destructive_root_delete');
  });

  it.each([
    ['a substitution', "sed -i 's/foo/bar/g' f"],
    ['a word with e', "sed -n '/error/p' log"],
    ['an expression with e in it', "sed 's/e/E/' f"],
  ])('leaves alone: %s', (_name, command) => {
    const a = analyzeShellSync(command, shellEnv());
    expect(a.hits).toEqual([]);
    expect(a.uncertain).toEqual([]);
  });
});

describe('removing gavel itself', () => {
  it.each([
    ['npm uninstall -g', 'npm uninstall -g gavel'],
    ['npm rm', 'npm rm -g gavel'],
    ['pnpm remove', 'pnpm remove -g gavel'],
    ['yarn global remove', 'yarn global remove gavel'],
    ['bun remove', 'bun remove -g gavel'],
  ])('%s', (_name, command) => {
    expect(categories(command)).toContain('disable_security_control');
  });

  it('removing another package is not', () => {
    expect(categories('npm uninstall left-pad')).toEqual([]);
  });
});

describe('gdb and expect, which run commands of their own', () => {
  const codes = (command: string) => analyzeShellSync(command, shellEnv()).uncertain.map((u) => u.code);

  it.each([
    ['gdb -ex shell', "gdb -batch -ex 'shell rm -rf ~' ./app"],
    ['gdb -ex with !', "gdb -ex '!rm -rf ~'"],
    ['gdb --eval-command=', "gdb --eval-command='shell rm -rf ~'"],
  ])('%s: the shell command is analysed', (_name, command) => {
    expect(categories(command)).toContain('destructive_root_delete');
  });

  it.each([
    ['a gdb command file', 'gdb -x cmds.gdb ./app'],
    ['an expect script given inline', "expect -c 'spawn rm -rf ~'"],
    ['an expect script file', 'expect login.exp'],
  ])('%s is uncertain', (_name, command) => {
    expect(codes(command)).toContain('dynamic-script');
  });

  it.each([
    ['gdb breakpoints and run', 'gdb -batch -ex "break main" -ex run ./app'],
    ['expect --version', 'expect --version'],
  ])('%s: nothing found', (_name, command) => {
    expect(categories(command)).toEqual([]);
    expect(codes(command)).toEqual([]);
  });
});
