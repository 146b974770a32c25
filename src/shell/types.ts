/**
 * The contract between shell analysis (src/shell) and its users (action review, the judge): what one shell command
 * is found to do. Types only. Produced by `analyzeShell`; consumed by the floor, the policy and the reviewer.
 */

import type { Category } from '../core';

/** Where a path points, after resolving against cwd, `~` and $HOME. */
export type PathClass = 'workspace' | 'temp' | 'home' | 'sensitive' | 'system' | 'outside';

export interface PathRef {
  /** As written in the command. */
  raw: string;
  /** Absolute, normalized; undefined when it depends on dynamic text. */
  resolved?: string;
  class: PathClass;
  role: 'read' | 'write' | 'delete' | 'exec' | 'arg';
  /** The word held an unquoted glob (`*`, `?`, `[`): `resolved` is the folder it expands in. */
  glob?: boolean;
  /** A workspace path inside a build output or cache folder (`dist`, `node_modules`, `target`, …). */
  generated?: boolean;
  /** Where `resolved` really leads when a symlink on its way points elsewhere (`class` is the stricter of both). */
  real?: string;
}

export interface HostRef {
  host: string;
  /** Loopback and unix sockets are local. */
  local: boolean;
  via: string; // program or construct: curl, ssh, /dev/tcp, ...
}

export interface CategoryHit {
  category: Category;
  /** One sentence a person can act on, written by gavel (never untrusted text). */
  reason: string;
  /** Index of the segment in `segments`. */
  segment: number;
}

export type SegmentContext =
  | 'top'
  | 'subshell'
  | 'substitution'
  | 'process-substitution'
  | 'function'
  | 'shell-string'
  | 'stdin-script';

export interface Segment {
  /** The program after unwrapping, lower-cased basename (`git`, `rm`); `$…` when dynamic. */
  program: string;
  /** argv after unwrapping, with literal words decoded; dynamic words shown as `$…`. */
  argv: string[];
  /** Wrappers peeled off, outermost first: sudo, env, timeout, bash -c, ... */
  wrappers: string[];
  /** Nesting: `top`, `subshell`, `substitution`, `process-substitution`, `function`, `shell-string`, `stdin-script`. */
  context: SegmentContext;
  paths: PathRef[];
  hosts: HostRef[];
  /** Names given to this program's environment: prefix assignments (`NAME=… cmd`) and `env NAME=…`. */
  assigned?: string[];
  /** The values of `assigned`, as `[name, value]` (text computed at run time shown as `$…`), for value checks. */
  assignedValues?: [string, string][];
  /** Values set earlier in the line for variables that change what a program imports (PYTHONPATH), shown as prefixes are. */
  earlierValues?: [string, string][];
  /**
   * The program text an interpreter reads on standard input when it is literal (`python3 - <<'EOF'`, `echo 'p 1' |
   * ruby`): judged by the catalogue as the inline program (`-c`/`-e`) it is.
   */
  stdinCode?: string;
  /** The text of the program file a text tool runs (`awk -f F`, `sed -f F`), when read: judged as its inline program. */
  scriptText?: string;
  /**
   * Indexes in `argv` of words computed at run time that may read as options (xargs's input words split on
   * blanks): a catalogue entry takes none of them before a literal `--` as a known-safe operand (ADR 0088).
   */
  optionWords?: number[];
  /** Wrapper options that took a value, as `wrapper option` (`npx -p`, `sudo -u`): they may change what runs. */
  wrapperOptions?: string[];
  /** The class of the folder the program runs in (`outside` when a `cd` made it unknown). */
  cwdClass?: PathClass;
  /**
   * A workspace program this segment runs, read (its code inert) or built earlier in the line, with the words
   * given to it (detect/workspace-programs.ts, detect/built-programs.ts); the catalogue judges those words.
   */
  workspaceProgram?: string[];
  /** With `workspaceProgram`: the program only asks installed modules what they are (detect/module-query.ts). */
  moduleQuery?: true;
  /**
   * git ran an alias of its configuration that the analysis expanded (detect/git-aliases.ts): what it runs follows
   * one wrapper deeper, each command judged on its own.
   */
  gitAlias?: true;
  /**
   * The index in `argv` of a script name a package manager runs by its bare name (`pnpm format:check`, `yarn x`,
   * `bun x`), set when the analysis read that script and its commands follow: the catalogue reads it as `run NAME`.
   */
  packageScript?: number;
  /**
   * The index in `argv` of a word pnpm or yarn runs as a bin of the package (`pnpm turbo run test`: no script and no
   * command of theirs by that name), its command following as a segment of its own: read as `exec NAME`.
   */
  packageBin?: number;
  /**
   * The words after this runner's `--` reach only commands the analysis read and judges in its place (a nox
   * session's `*session.posargs`, tox's `{posargs}`; detect/task-runners.ts): the catalogue need not know them.
   */
  forwarded?: true;
  /**
   * The packages this program fetches by name from a registry: the npm package a runner downloads to run it
   * (`npx tsc` where no `node_modules/.bin/tsc` is installed runs the package `tsc`; detect/fetched-packages.ts),
   * the dependencies an install resolves because the lockfile lacks them (detect/lockfile-drift.ts). The
   * catalogue knows the segment only when every one is a known package.
   */
  fetchedPackages?: readonly { registry: 'npm' | 'pypi'; name: string }[];
}

export const UNCERTAINTY_CODES = [
  'parse-error',
  'depth-limit',
  'dynamic-command',
  'dynamic-script',
  'decoded-payload',
  'unknown-option',
  'interpreter-effect',
  'dynamic-path',
  'too-large',
  'analysis-error',
  'secret-value', // a variable given secret material under a name not known to hold it (`PORT=$API_KEY cmd`)
  // raised by action review around the analysis, not by the analyzer itself
  'no-analysis', // no analyzer ran (the stand-in, or it failed to load)
  'empty', // an empty command
  'invalid-url', // a web fetch whose URL cannot be parsed
  'unknown-scheme', // a fetch of a URL scheme other than http, https or a local file
  'unreadable-argument', // a tool argument gavel cannot read (too deep, too big, binary)
  'glob-escape', // a search pattern that may climb out of the folder it starts in
  'production-target', // a variable that selects a production environment (`RAILS_ENV=production`)
  'endless-work', // a loop that never ends, an endless producer left in the background
  'weakened-guard', // a write that takes away a guard the project keeps (an ignore rule for secrets, deletion protection)
  'data-loss-later', // a migration that drops or overwrites data when migrations run
  'endpoint-moved', // a change that moves where code sends its requests to a site the file did not name
] as const;
export type UncertaintyCode = (typeof UNCERTAINTY_CODES)[number];

export interface Uncertainty {
  code: UncertaintyCode;
  reason: string;
  segment?: number;
}

/**
 * Text a command writes to a file by redirect or `tee` (`echo x >> .npmrc`, `cat > f <<EOF`): `append` adds it at
 * the end; no `text` when the writer's output is not shown (`echo -e`, `printf` with arguments).
 */
export interface WrittenText {
  path: string;
  text?: string;
  append: boolean;
  /** The file whose bytes are written, when that is what is written (`cp a b`, `cat a > b`, `tee b < a`). */
  from?: string;
  /** An in-place substitution of literal text (`sed -i 's/a/b/' f`, `perl -pi -e 's/a/b/g' f`), applied per line. */
  substitute?: { find: string; replace: string; global: boolean };
}

export interface ShellAnalysis {
  segments: Segment[];
  hits: CategoryHit[];
  uncertain: Uncertainty[];
  /** True when data from a sensitive source flows into a network sink (pipe or substitution). */
  sensitiveToNetwork: boolean;
  /** Every variable name the command assigns, declares, exports or unsets (shell state and program environments). */
  variables?: string[];
  /** The value each of `variables` was given, as `[name, value]` (`$…`: computed at run time, or not given). */
  variableValues?: [string, string][];
  /**
   * Those of `variables` only ever assigned as the shell's own (`out=$(cmd)`, a `for` loop's variable): never
   * exported, declared, unset or given to a program as its environment, in a command that never turns `allexport`
   * on. bash gives such a variable to no program unless the environment already exported it.
   */
  unexported?: string[];
  /**
   * Those of `variables` only ever assigned as prefixes of builtins that start no program (`IFS= read -r line`,
   * `LC_ALL=C printf`): each lasted for its builtin alone and reached nothing else.
   */
  builtinScoped?: string[];
  /** Literal texts written to files (detect/written-scripts.ts), for the check to judge as the writes they are. */
  writtenTexts?: WrittenText[];
  /** Files the command moves away (`mv .gitignore x`): each a delete of that file. */
  movedAway?: string[];
}

/**
 * The path table (rules/check-paths.json, read and validated at the seam): `~/x` is under home, `/x` absolute,
 * `./x` under a workspace root (each covers everything below it); a bare pattern matches any path component.
 */
export interface ShellPathTable {
  readonly sensitive: readonly string[];
  /** Basenames that look secret but are not (`.env.example`, `*.pub`). */
  readonly sensitive_exceptions: readonly string[];
  readonly system_roots: readonly string[];
  readonly temp_dirs: readonly string[];
  /** `/dev/null`, the standard streams, random sources: classed temp. */
  readonly scratch_devices: readonly string[];
  /** The agent's and gavel's own configuration and hooks. */
  readonly self_modification: readonly string[];
  /** Shell start-up files, cron, services, login hooks, authorized keys, git hooks. */
  readonly persistence: readonly string[];
  /** Hidden home paths known to hold no secrets (`~/.gitconfig`, `~/.cargo/registry/src`); absent: none. */
  readonly home_reads?: readonly string[];
}

/**
 * What the surface's script reader found at an absolute path (see `ShellEnv.readScript`): the text of a regular
 * file of at most 256 KiB, nothing there, or a file that is not read whole (not a regular file: a FIFO, device or
 * folder; larger than 256 KiB; an error). `head`: the first bytes of a file too large to read, to tell a
 * compiled program from a script. The text is untrusted: never in a reason, a log line or an error.
 */
export type ScriptFile =
  | { kind: 'text'; text: string }
  | { kind: 'missing' }
  | {
      kind: 'unreadable';
      why: 'not-regular' | 'too-large' | 'error';
      head?: string;
      /** A folder: the names of its entries (at most 2,048; absent when more or not listed). */
      entries?: readonly string[];
      /** Which of `entries` are symbolic links (absent: not told, any may be). */
      links?: readonly string[];
      /** A folder of more entries than the reader lists (`entries` absent). */
      tooMany?: true;
      /** Which of `entries` are folders themselves (a symlink is not); absent: not told. */
      folders?: readonly string[];
    };

/** Ends the wrapper of segments read from a script file on disk: `bash (script file)` (their words are the file's). */
export const SCRIPT_FILE_WRAPPER = ' (script file)';
/** The wrapper the commands a git alias runs are analysed under (detect/git-aliases.ts). */
export const GIT_ALIAS_WRAPPER = 'git (alias)';
/** The wrapper a shell's script written earlier in the same line is analysed under (`sh (script written above)`). */
export const WRITTEN_SCRIPT_WRAPPER = ' (script written above)';

/** Treat as immutable: analyses cache derived data per ShellEnv object. */
export interface ShellEnv {
  /** The path classes; one source of truth shared with action review. */
  readonly paths: ShellPathTable;
  readonly cwd: string;
  readonly home: string;
  /** Roots of the project(s) the agent works in. A root equal to home or `/` never counts as workspace. */
  readonly workspaceRoots: readonly string[];
  /** Writable scratch roots, besides the table's `temp_dirs`. */
  readonly tempDirs: readonly string[];
  /** Hosts the user stated (task, policy). `example.com` also covers `api.example.com`. Loopback is always local.
   * A stated package source counts as a stated host too. */
  readonly statedHosts?: readonly string[];
  /** Package sources stated: registry hosts and git hosts. Undefined: the public default registries only. */
  readonly packageSources?: readonly string[];
  /** Extra sensitive path patterns from config (`[check] sensitive`), added to the table's. */
  readonly sensitivePaths?: readonly string[];
  /**
   * Resolves symlinks of an absolute, normalized path: the real path of its longest existing prefix, with the
   * rest appended; undefined when it cannot tell. Given by the surface (the analyzer never reads the file system);
   * absent: paths are classed as written.
   */
  readonly realpath?: (abs: string) => string | undefined | null;
  /**
   * Reads a script file a shell runs (`bash x.sh`, `./x.sh`, `source x.sh`, `sh < x.sh`), never blocking. Given
   * by the surface (the analyzer never reads the file system); absent: such a script is judged by its name.
   */
  readonly readScript?: (abs: string) => ScriptFile;
  /**
   * The paths (relative to the top of the work tree) a read-only git name listing prints, run in `cwd` with
   * everything pinned (`git diff|show|log|stash show --name-only -z ...`: src/reader/git/git-paths.ts); undefined
   * when git could not tell in time. Given by the surface with `readScript`; absent: what a git command's patches
   * print is judged by the files of the work tree.
   */
  readonly gitPaths?: (cwd: string, args: readonly string[]) => readonly string[] | undefined;
  /**
   * The absolute folders of the PATH the surface runs with (the harness's, which the agent's shell starts from): where
   * a program named only by a command (`git-<name>` for a git alias) may be found besides the usual folders. Absent:
   * the usual folders only.
   */
  readonly pathFolders?: readonly string[];
  /**
   * What counts from a script file read through `readScript`: `literal`, its categories (what it does literally;
   * what it computes at run time is not reviewed, as for `npm run` or `make`); `strict` (the default), its
   * uncertainties too. Failing to read a file whole is uncertain either way.
   */
  readonly scriptFiles?: 'literal' | 'strict';
  /**
   * gavel's own installation as the running surface finds it (absolute folders: its `bin`, `dist` and `rules`):
   * writing or deleting there changes the hook itself, so it counts as self-modification like the table's
   * `self_modification` entries. Absent: only the table's entries.
   */
  readonly selfPaths?: readonly string[];
  /**
   * Programs whose argument shapes the caller models (the safe catalogue's): their positional words are not read
   * as a command they carry (`pytest -k rm` is a pattern), except after `--`. Absent: every program not otherwise
   * modelled by the analyzer is read for one (`unshare -r rm -rf ~`).
   */
  readonly modelled?: { has(program: string): boolean };
  /**
   * Is this value of a variable that changes what a program runs known inert (`PAGER=cat`, the safe catalogue's
   * `inert_values`)? Then giving it is not a `dynamic-command` uncertainty. Absent: no value is.
   */
  readonly inertValue?: (name: string, value: string) => boolean;
}

/** The shell analysis as a dependency: what check, the judge and the surfaces are given (analyzeShell). */
export type AnalyzeShell = (command: string, env: ShellEnv) => Promise<ShellAnalysis>;
