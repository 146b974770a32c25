/**
 * Programs that run a command or shell text given in their arguments behind a subcommand or an option: package
 * and environment managers (`npm exec`, `uv run`, `poetry run`, `nix-shell --run`, ...), `sg`, `nodemon --exec`,
 * `perf record`, and sed's `e` command and flag. What they run is analysed as a command of its own. An option
 * not in a runner's table is `unknown-option` (it may take a value that hides the program). Pure apart from
 * reporting.
 */

import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { filteredPackage, pnpmWorkspaceRoot } from './package-scripts';
import { resolveArg } from './path-effects';

interface RunnerSpec {
  /** Subcommands that run a command (`exec`, `run`, two words: `tool run`); empty: the program itself does. */
  subs: readonly string[];
  /** Options before the subcommand that take the next word (`hatch -e ENV run`): the value is not the subcommand. */
  globalValues?: readonly string[];
  values: readonly string[];
  flags: readonly string[];
  /** Options whose value is shell text (`npm exec -c 'a b'`). */
  shell?: readonly string[];
  /** Positional words before the command (`direnv exec DIR cmd`). */
  positionals?: number;
  /** Only the words after `--` are the command (`mise exec node@20 -- cmd`). */
  afterDashDash?: boolean;
  /** Options after which no command follows (`uv run -m module`). */
  noCommand?: readonly string[];
  /** Options whose value is the folder the command runs in (`uv run --directory D cmd`, `conda run --cwd D`). */
  cwdValues?: readonly string[];
  /** Options whose value selects the workspace packages the command runs in (`pnpm --filter web exec cmd`). */
  packageValues?: readonly string[];
  /** Flags that run the command at the workspace's root (`pnpm -w exec cmd`). */
  rootFlags?: readonly string[];
}

const QUIET = ['-q', '--quiet', '-v', '--verbose', '-s', '--silent'];
/** Options of a one-off uv tool run (`uv tool run`, `uvx`) that take a value: the package, the index, Python. */
const UV_TOOL_VALUES = [
  '--from',
  '--with',
  '--with-requirements',
  '--with-editable',
  '--python',
  '-p',
  '--index',
  '--index-url',
  '--extra-index-url',
];

const RUNNERS: Readonly<Record<string, RunnerSpec>> = {
  npm: {
    subs: ['exec', 'x'],
    values: ['-p', '--package', '-w', '--workspace', '--prefix'],
    flags: [...QUIET, '-y', '--yes', '--no', '--workspaces', '-ws', '--include-workspace-root'],
    shell: ['-c', '--call'],
  },
  pnpm: {
    subs: ['exec', 'dlx'],
    globalValues: ['-C', '--dir', '--filter', '-F'],
    values: ['--filter', '-F', '-C', '--dir', '--package'],
    cwdValues: ['-C', '--dir'],
    packageValues: ['--filter', '-F'],
    rootFlags: ['-w', '--workspace-root'],
    flags: [...QUIET, '-r', '--recursive', '--parallel', '-w', '--workspace-root', '--no-bail'],
    shell: ['-c', '--shell-mode'],
  },
  yarn: { subs: ['exec', 'dlx'], values: ['-p', '--package'], flags: QUIET },
  bun: { subs: ['x'], values: ['-p', '--package'], flags: [...QUIET, '--bun'] },
  uv: {
    subs: ['run', 'tool run'],
    globalValues: ['--directory', '--project', '--cache-dir', '--config-file', '--color'],
    values: [...UV_TOOL_VALUES, '--project', '--directory', '--package', '--env-file', '--extra', '--group'],
    flags: [
      ...QUIET,
      '--frozen',
      '--locked',
      '--no-sync',
      '--isolated',
      '--all-extras',
      '--no-dev',
      '--no-project',
      '--active',
      '--offline',
      '--no-cache',
      '--script',
    ],
    noCommand: ['-m', '--module'],
    cwdValues: ['--directory'],
  },
  // `uvx TOOL ARGS` is `uv tool run TOOL ARGS`; `pipx run TOOL ARGS` runs TOOL from a throwaway environment.
  uvx: {
    subs: [],
    values: UV_TOOL_VALUES,
    flags: [...QUIET, '--isolated', '--offline', '--no-cache'],
  },
  pipx: {
    subs: ['run'],
    values: ['--spec', '--python', '--pip-args', '--index-url'],
    flags: [...QUIET, '--no-cache', '--system-site-packages'],
  },
  poetry: {
    subs: ['run'],
    globalValues: ['-C', '--directory', '-P', '--project'],
    values: ['-C', '--directory', '-P', '--project'],
    cwdValues: ['-C', '--directory'],
    flags: [...QUIET, '-n', '--no-interaction', '--no-ansi', '--ansi'],
  },
  pipenv: { subs: ['run'], values: [], flags: QUIET },
  bundle: { subs: ['exec'], values: [], flags: ['--keep-file-descriptors'] },
  conda: {
    subs: ['run'],
    values: ['-n', '--name', '-p', '--prefix', '--cwd'],
    flags: [...QUIET, '--no-capture-output', '--live-stream'],
    cwdValues: ['--cwd'],
  },
  mamba: {
    subs: ['run'],
    values: ['-n', '--name', '-p', '--prefix', '--cwd'],
    flags: [...QUIET, '--no-capture-output', '--live-stream'],
    cwdValues: ['--cwd'],
  },
  mise: {
    subs: ['exec', 'x'],
    values: ['-C', '--cd', '-j', '--jobs'],
    cwdValues: ['-C', '--cd'],
    flags: [...QUIET, '--raw'],
    shell: ['-c', '--command'],
    afterDashDash: true,
  },
  direnv: { subs: ['exec'], values: [], flags: [], positionals: 1 },
  // `rustup run TOOLCHAIN cmd`, `asdf exec cmd`: the command runs with a tool version chosen.
  rustup: { subs: ['run'], values: [], flags: [...QUIET, '--install'], positionals: 1 },
  asdf: { subs: ['exec'], values: [], flags: [] },
  // Version managers that run a command with a chosen version, and project runners whose first word may be a
  // script of the project file (`hatch run test`): the words are analysed as a command either way, so a floor
  // command is seen; the runner itself stays unknown to the catalogue.
  rbenv: { subs: ['exec'], values: [], flags: [] },
  pyenv: { subs: ['exec'], values: [], flags: [] },
  goenv: { subs: ['exec'], values: [], flags: [] },
  nodenv: { subs: ['exec'], values: [], flags: [] },
  jenv: { subs: ['exec'], values: [], flags: [] },
  plenv: { subs: ['exec'], values: [], flags: [] },
  fnm: { subs: ['exec'], values: ['--using'], flags: ['--using-file'] },
  volta: {
    subs: ['run'],
    values: ['--node', '--npm', '--yarn', '--pnpm'],
    flags: ['--bundled-npm', '--no-yarn'],
  },
  hatch: {
    subs: ['run'],
    globalValues: ['-e', '--env', '-p', '--project', '--data-dir', '--cache-dir', '--config', '--color'],
    values: ['-e', '--env'],
    flags: QUIET,
  },
  // `dotnet exec APP args`, `dotnet tool run TOOL args`: the assembly or local tool runs with the words after it.
  dotnet: {
    subs: ['exec', 'tool run'],
    values: [
      '--runtimeconfig',
      '--depsfile',
      '--additionalprobingpath',
      '--additional-deps',
      '--fx-version',
      '--roll-forward',
    ],
    flags: ['--allow-roll-forward'],
  },
  // `podman unshare cmd`, `buildah unshare cmd`: the command in the rootless user namespace (as its root).
  podman: { subs: ['unshare'], values: [], flags: [] },
  buildah: { subs: ['unshare'], values: ['-m', '--mount'], flags: [] },
  // `machinectl shell [USER@]MACHINE PATH args`: PATH runs in a local container or the host (`.host`, `root@`).
  machinectl: {
    subs: ['shell'],
    globalValues: ['-M', '--machine', '-H', '--host'],
    values: ['--uid', '-E', '--setenv'],
    flags: [...QUIET],
    positionals: 1,
  },
  // `devbox run cmd`, `flox activate -- cmd`, `toolbox run cmd`: the command in a prepared environment.
  devbox: {
    subs: ['run'],
    values: ['-c', '--config', '-e', '--env', '--env-file'],
    flags: [...QUIET, '--pure'],
  },
  toolbox: { subs: ['run'], values: ['-c', '--container', '-d', '--distro', '-r', '--release'], flags: [] },
  rye: { subs: ['run'], values: ['--pyproject'], flags: QUIET },
  // `pdm run NAME`: a script of [tool.pdm.scripts] (read by pyproject-scripts.ts) or a program of the project's
  // environment, analysed as a command either way.
  pdm: {
    subs: ['run'],
    globalValues: ['-p', '--project', '-c', '--config'],
    values: ['-p', '--project', '--venv', '--skip'],
    flags: [...QUIET, '-s', '--site-packages', '--recreate', '-g', '--global'],
  },

  pixi: {
    subs: ['run', 'exec'],
    values: ['-e', '--environment', '--manifest-path'],
    flags: [...QUIET, '--frozen', '--locked'],
  },
  nodemon: { subs: [], values: [], flags: [], shell: ['--exec', '-x'] },
  perf: {
    subs: ['record', 'stat', 'trace'],
    values: [
      '-o',
      '--output',
      '-e',
      '--event',
      '-F',
      '--freq',
      '-c',
      '--count',
      '-p',
      '--pid',
      '-t',
      '--tid',
      '-C',
      '--cpu',
      '--call-graph',
      '-r',
      '--repeat',
      '-I',
      '-x',
    ],
    flags: [...QUIET, '-g', '-a', '--all-cpus', '-n', '-d', '-B', '-N', '-R', '-T', '-i', '-A'],
  },
};

/** Runs `rest` as a command, or reports it. */
function runWords(rest: Word[], inv: Invocation, r: Reporter, wrapper: string): void {
  if (rest.length > 0) r.command(rest, inv, wrapper);
}

/** Shell text in `word`: analysed when literal, else uncertain. */
function runShell(word: Word | undefined, inv: Invocation, r: Reporter, wrapper: string): void {
  if (!word) return;
  if (isLiteral(word)) r.script(plain(word), inv, 'shell-string', wrapper);
  else if (word.flow.network)
    r.hit('remote_code_execution', `\`${wrapper}\` runs code fetched from the network`, inv.segment);
  else r.uncertain('dynamic-script', `\`${wrapper}\` runs code built at run time`, inv.segment);
}

function runner(spec: RunnerSpec, inv: Invocation, r: Reporter): void {
  const args = inv.args;
  let k = 0;
  let wrapper = inv.program;
  // The folder the command runs in, when an option names one (`uv --directory D run cmd`) or one workspace
  // package (`pnpm --filter web exec cmd`); a second such option is not followed (`-C a --filter b`).
  let at: Invocation = inv;
  let placed = false;
  const moveTo = (w: Word | undefined, pkg: boolean): boolean => {
    if (!w || !isLiteral(w) || placed) return false;
    const dir = pkg ? filteredPackage(w, inv.cwd ?? '/', inv, r) : resolveArg(w, inv, r).resolved;
    if (dir === undefined || (pkg && inv.cwd === undefined)) return false;
    at = { ...inv, cwd: dir };
    placed = true;
    return true;
  };
  const unplaced = () =>
    r.uncertain(
      'dynamic-script',
      `\`${wrapper}\` runs its command in a folder gavel cannot place`,
      inv.segment,
    );
  /**
   * Follows a folder or package option at `k` (`--dir D`, `--dir=D`, `-CD`); how many words it took (0: it is
   * none), or undefined when the folder cannot be placed (said).
   */
  const place = (k: number): number | undefined => {
    const w = args[k] as Word;
    const t = plain(w);
    const eq = t.startsWith('--') ? t.indexOf('=') : -1;
    const name = eq >= 0 ? t.slice(0, eq) : /^-[A-Za-z]./.test(t) ? t.slice(0, 2) : t;
    if (spec.rootFlags?.includes(t)) {
      const root = inv.cwd === undefined || placed ? undefined : pnpmWorkspaceRoot(inv.cwd, inv, r);
      if (root === undefined) {
        unplaced();
        return undefined;
      }
      at = { ...inv, cwd: root };
      placed = true;
      return 1;
    }
    const pkg = spec.packageValues?.includes(name) ?? false;
    if (!pkg && !spec.cwdValues?.includes(name)) return 0;
    const joined = name !== t;
    const value = joined
      ? { text: w.text.slice(w.text.indexOf(eq >= 0 ? '=' : name) + (eq >= 0 ? 1 : 2)), flow: w.flow }
      : args[k + 1];
    if (moveTo(value, pkg)) return joined ? 1 : 2;
    unplaced();
    return undefined;
  };
  if (spec.subs.length > 0) {
    // The subcommand is the first word that is not an option or a global option's value (`hatch -e test run`).
    // Folder options before it are followed once the subcommand is one that runs a command (`pnpm -F web dev` is not).
    const before: number[] = [];
    while (k < args.length && plain(args[k]).startsWith('-')) {
      before.push(k);
      k += spec.globalValues?.includes(plain(args[k])) ? 2 : 1;
    }
    const one = plain(args[k]);
    const sub = spec.subs.includes(one) ? one : `${one} ${plain(args[k + 1])}`;
    if (!spec.subs.includes(sub)) return;
    wrapper = `${inv.program} ${sub}`;
    for (const i of before) if (place(i) === undefined) return;
    k += sub.split(' ').length;
  }
  if (spec.afterDashDash) {
    const shellAt = args.findIndex((w, i) => i >= k && (spec.shell ?? []).includes(plain(w)));
    if (shellAt >= 0) runShell(args[shellAt + 1], inv, r, wrapper);
    const dd = args.findIndex((w, i) => i >= k && plain(w) === '--');
    for (let i = k; i < (dd < 0 ? args.length : dd); i++) if (place(i) === undefined) return;
    if (dd >= 0) runWords(args.slice(dd + 1), at, r, wrapper);
    return;
  }
  for (; k < args.length; k++) {
    const t = plain(args[k]);
    if (t === '--') {
      k++;
      break;
    }
    if (!t.startsWith('-') || t === '-') break;
    if (spec.shell?.includes(t)) {
      runShell(args[k + 1], inv, r, wrapper);
      return;
    }
    if (spec.noCommand?.includes(t)) return;
    const took = place(k);
    if (took === undefined) return;
    if (took > 0) k += took - 1;
    else if (spec.values.includes(t)) k++;
    else if (!spec.flags.includes(t) && !(t.startsWith('--') && t.includes('='))) {
      r.uncertain(
        'unknown-option',
        `\`${wrapper}\` has an option gavel does not know (\`${t.slice(0, 40)}\`): what it runs is uncertain`,
        inv.segment,
      );
      return;
    }
  }
  runWords(args.slice(k + (spec.positionals ?? 0)), at, r, wrapper);
}

/** `nix-shell --run 'cmd'`, `nix develop -c cmd ...`, `nix shell pkg -c cmd ...`. */
function nix(inv: Invocation, r: Reporter): void {
  const args = inv.args;
  const at = args.findIndex((w) => ['--run', '--command', '-c'].includes(plain(w)));
  if (at < 0) return;
  const opt = plain(args[at]);
  if (inv.program === 'nix-shell') {
    if (opt !== '-c') runShell(args[at + 1], inv, r, `nix-shell ${opt}`);
    return;
  }
  if (['develop', 'shell'].includes(plain(args[0])))
    runWords(args.slice(at + 1), inv, r, `nix ${plain(args[0])}`);
}

/** `sg GROUP -c 'cmd'`, `sg GROUP cmd ...`: the command is shell text run by /bin/sh. */
function sg(inv: Invocation, r: Reporter): void {
  const args = inv.args.filter((w) => plain(w) !== '-');
  const rest = args.slice(1);
  if (rest.length === 0) return;
  const text = plain(rest[0]) === '-c' ? rest[1] : rest.length === 1 ? rest[0] : undefined;
  if (text) runShell(text, inv, r, 'sg');
  else if (rest.every(isLiteral)) r.script(rest.map((w) => plain(w)).join(' '), inv, 'shell-string', 'sg');
  else r.uncertain('dynamic-script', '`sg` runs code built at run time', inv.segment);
}

/** sed's `e COMMAND` runs COMMAND; its `s///e` flag runs the pattern space after the substitution. */
function sed(inv: Invocation, r: Reporter): void {
  const args = inv.args;
  const scripts: Word[] = [];
  let sawScript = false;
  for (let k = 0; k < args.length; k++) {
    const t = plain(args[k]);
    if (t === '-e' || t === '--expression') {
      const w = args[++k];
      if (w) scripts.push(w);
      sawScript = true;
    } else if (t.startsWith('--expression=')) {
      scripts.push({
        text: (args[k] as Word).text.slice((args[k] as Word).text.indexOf('=') + 1),
        flow: (args[k] as Word).flow,
      });
      sawScript = true;
    } else if (t === '-f' || t === '--file') {
      k++;
      sawScript = true;
    } else if (!t.startsWith('-') && !sawScript) {
      scripts.push(args[k] as Word);
      sawScript = true;
    }
  }
  for (const w of scripts) {
    if (!isLiteral(w)) continue;
    const text = plain(w);
    for (const m of text.matchAll(
      /(?:^|[;\n{}])\s*(?:\d+|\$|\/(?:\\.|[^/\n])*\/)?\s*(?:,\s*(?:\d+|\$|\/(?:\\.|[^/\n])*\/))?\s*!?\s*e(?:\s+([^;\n}]*))?(?=$|[;\n}])/g,
    )) {
      if (m[1]?.trim()) r.script(m[1], inv, 'shell-string', 'sed e');
      else r.uncertain('dynamic-script', '`sed e` runs text it computes', inv.segment);
    }
    for (const m of text.matchAll(
      /(?:^|[;\n{}])\s*(?:\S*?)s(.)((?:\\.|(?!\1).)*)\1((?:\\.|(?!\1).)*)\1([gpiImM0-9e]*)/g,
    )) {
      if (!(m[4] ?? '').includes('e')) continue;
      const replacement = m[3] ?? '';
      r.script(replacement, inv, 'shell-string', 'sed s///e');
      if (/&|\\\d/.test(replacement))
        r.uncertain('dynamic-script', '`sed s///e` runs text it computes', inv.segment);
    }
  }
}

/**
 * gdb's `shell CMD` and `!CMD` (in `-ex`/`--eval-command`/`-iex` values) run CMD through a shell. A command
 * file (`-x`/`--command`) may too, and is not read: uncertain.
 */
function gdb(inv: Invocation, r: Reporter): void {
  const args = inv.args;
  for (let k = 0; k < args.length; k++) {
    const t = plain(args[k]);
    const inline = /^--(?:eval-command|init-eval-command)=/.exec(t);
    const value = inline
      ? args[k]
      : ['-ex', '-iex', '--eval-command', '--init-eval-command'].includes(t)
        ? args[++k]
        : undefined;
    if (['-x', '-ix', '--command', '--init-command'].includes(t) || /^--(?:init-)?command=/.test(t)) {
      r.uncertain('dynamic-script', '`gdb` runs a command file, which may run shell commands', inv.segment);
      continue;
    }
    if (!value) continue;
    if (!isLiteral(value)) {
      r.uncertain('dynamic-script', '`gdb` runs a command built at run time', inv.segment);
      continue;
    }
    const text = (inline ? plain(value).slice(inline[0].length) : plain(value)).trimStart();
    const shell = /^(?:shell\b|!)\s*([\s\S]*)$/.exec(text);
    if (shell) r.script(shell[1] ?? '', inv, 'shell-string', 'gdb shell');
  }
}

/** expect runs Tcl: `spawn`, `exec` and `system` start programs; its scripts are not modelled. */
function expect(inv: Invocation, r: Reporter): void {
  if (inv.args.some((w) => !plain(w).startsWith('-') || plain(w) === '-c'))
    r.uncertain('dynamic-script', '`expect` runs a Tcl script, which may start any program', inv.segment);
}

/** `proto run TOOL [VERSION] [-- args]`: the tool runs with the words after `--` (`proto run node -- -e CODE`). */
function proto(inv: Invocation, r: Reporter): void {
  const args = inv.args;
  const at = args.findIndex((w) => !plain(w).startsWith('-'));
  if (at < 0 || plain(args[at]) !== 'run') return;
  const tool = args.slice(at + 1).find((w) => !plain(w).startsWith('-'));
  if (!tool) return;
  const dd = args.findIndex((w) => plain(w) === '--');
  runWords([tool, ...(dd >= 0 ? args.slice(dd + 1) : [])], inv, r, 'proto run');
}

/** tox's `-x`/`--override KEY=VALUE`: a `commands` key (`testenv.commands=...`) is shell lines tox runs. */
function toxOverride(inv: Invocation, r: Reporter): void {
  const args = inv.args;
  for (let k = 0; k < args.length; k++) {
    const t = plain(args[k]);
    const value = t === '-x' || t === '--override' ? args[++k] : /^--override=/.test(t) ? args[k] : undefined;
    if (!value) continue;
    const text = plain(value).replace(/^--override=/, '');
    const eq = text.indexOf('=');
    if (!/commands(?:_pre|_post)?$/.test(text.slice(0, Math.max(eq, 0)))) continue;
    if (isLiteral(value))
      for (const line of text.slice(eq + 1).split('\n')) r.script(line, inv, 'shell-string', 'tox -x');
    else r.uncertain('dynamic-script', '`tox -x` runs commands built at run time', inv.segment);
  }
}

/** `flatpak run --command=PROG APP args`: PROG runs (in the app's sandbox) with the words after APP. */
function flatpak(inv: Invocation, r: Reporter): void {
  const args = inv.args;
  if (plain(args[0]) !== 'run') return;
  let command: Word | undefined;
  let k = 1;
  for (; k < args.length; k++) {
    const t = plain(args[k]);
    if (t === '--command') command = args[++k];
    else if (t.startsWith('--command=')) command = { text: t.slice(10), flow: (args[k] as Word).flow };
    else if (!t.startsWith('-')) break;
  }
  if (command) runWords([command, ...args.slice(k + 1)], inv, r, 'flatpak run --command');
}

/** `start-stop-daemon --start --exec PROG -- args` (or `--startas`): PROG runs with the words after `--`. */
function startStopDaemon(inv: Invocation, r: Reporter): void {
  const args = inv.args;
  let program: Word | undefined;
  for (let k = 0; k < args.length; k++) {
    const t = plain(args[k]);
    if (t === '--') break;
    if (['-x', '--exec', '-a', '--startas'].includes(t)) program = args[++k] ?? program;
    else if (/^--(?:exec|startas)=/.test(t))
      program = { text: t.slice(t.indexOf('=') + 1), flow: (args[k] as Word).flow };
  }
  const dd = args.findIndex((w) => plain(w) === '--');
  if (program) runWords([program, ...(dd >= 0 ? args.slice(dd + 1) : [])], inv, r, 'start-stop-daemon');
}

/**
 * sqlite3's dot-commands that run a program: `.shell CMD`, `.system CMD`, and a `|CMD` target of `.output`,
 * `.once`, `.import`, `.read`: CMD is shell text. Read in the SQL arguments, `-cmd` values and literal stdin.
 */
function sqlite3(inv: Invocation, r: Reporter): void {
  const texts: string[] = [];
  let dynamic = false;
  for (let k = 0; k < inv.args.length; k++) {
    const w = inv.args[k] as Word;
    const t = plain(w);
    if (t === '-cmd' || t === '--cmd') {
      const v = inv.args[++k];
      if (v && isLiteral(v)) texts.push(plain(v));
      else dynamic = true;
    } else if (!t.startsWith('-')) {
      if (isLiteral(w)) texts.push(t);
      else dynamic = true;
    }
  }
  if (inv.stdin.literal !== undefined) texts.push(inv.stdin.literal);
  for (const text of texts)
    for (const line of text.split(/\n|;(?=\s*\.)/)) {
      const m =
        /^\s*\.(?:shell|system)\s+(.*)$/s.exec(line) ??
        /^\s*\.(?:output|once|read)\s+(?:-\S+\s+)*['"]?\|(.*?)['"]?\s*$/s.exec(line) ??
        /^\s*\.import\s+(?:-\S+\s+)*['"]?\|(.*?)['"]?\s+\S+\s*$/s.exec(line);
      if (m?.[1]) r.script(m[1], inv, 'shell-string', 'sqlite3 dot-command');
    }
  if (dynamic && texts.some((t) => /^\s*\./m.test(t)))
    r.uncertain('dynamic-script', '`sqlite3` runs dot-commands built at run time', inv.segment);
}

/** The programs detectRunners looks at (detect-invocation.ts runs it for these only). */
export const RUNNERS_PROGRAMS = () => [
  ...Object.keys(RUNNERS),
  ...['proto', 'sqlite3', 'tox', 'flatpak', 'start-stop-daemon', 'nix-shell', 'nix', 'sg', 'sed', 'gsed'],
  ...['gdb', 'expect', 'cmake'],
];

export function detectRunners(inv: Invocation, r: Reporter): void {
  const p = inv.program;
  const spec = RUNNERS[p];
  if (spec) runner(spec, inv, r);
  else if (p === 'proto') proto(inv, r);
  else if (p === 'sqlite3') sqlite3(inv, r);
  else if (p === 'tox') toxOverride(inv, r);
  else if (p === 'flatpak') flatpak(inv, r);
  else if (p === 'start-stop-daemon') startStopDaemon(inv, r);
  else if (p === 'nix-shell' || p === 'nix') nix(inv, r);
  else if (p === 'sg') sg(inv, r);
  else if (p === 'sed' || p === 'gsed') sed(inv, r);
  else if (p === 'gdb') gdb(inv, r);
  else if (p === 'expect') expect(inv, r);
  else if (p === 'cmake') cmakeCommand(inv, r);
}

/** `cmake -E` tools that change files, and the program each acts like (`cmake -E rm -rf ~` is `rm -rf ~`). */
const CMAKE_TOOLS: Readonly<Record<string, readonly string[]>> = {
  rm: ['rm'],
  remove: ['rm', '-f'],
  remove_directory: ['rm', '-rf'],
  rmdir: ['rmdir'],
  copy: ['cp'],
  copy_directory: ['cp', '-r'],
  copy_if_different: ['cp'],
  rename: ['mv'],
  make_directory: ['mkdir', '-p'],
  touch: ['touch'],
  create_symlink: ['ln', '-s'],
  create_hardlink: ['ln'],
  tar: ['tar'],
  env: ['env'],
  chdir: ['env', '-C'],
  time: ['time'],
};

/** `cmake -E TOOL args`: the tool judged as the program it acts like; a tool not listed is not known. */
function cmakeCommand(inv: Invocation, r: Reporter): void {
  const at = inv.args.findIndex((w) => plain(w) === '-E');
  if (at < 0) return;
  const tool = plain(inv.args[at + 1]);
  const program = CMAKE_TOOLS[tool];
  if (!program) return;
  const words: Word[] = program.map((text) => ({ text, flow: NO_FLOW }));
  runWords([...words, ...inv.args.slice(at + 2)], inv, r, `cmake -E ${tool}`);
}
