/**
 * Configuration of build tools that makes an ordinary build, test or plan run code from elsewhere: cargo's
 * `.cargo/config.toml` (wrappers, runners, linkers, `[env]` exec variables, aliases carrying `--config`, credential
 * providers, replaced sources), gradle's `gradle.properties` (JVM agents) and wrapper URL, maven's `.mvn/jvm.config`,
 * `.mvn/maven.config` and wrapper URL, pre-commit's `.pre-commit-config.yaml` (hook repositories from unstated
 * places, `system`/`script` hooks, whose entries are read as the commands they are) and terraform's configuration
 * (`external` data sources and `local-exec` provisioners: `plan` runs them; providers and modules from unstated
 * sources on `init`). Pure functions over file text, read through project-file.ts within the analysis's budget;
 * never quotes a file.
 * INVARIANT: a setting that runs a shell, an interpreter or a program from outside the workspace, a file that does
 * not parse, or one that cannot be read is uncertain (or the install category), never silently allowed.
 */

import { posix } from 'node:path';
import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { argvText } from './build-files';
import { folderListing } from './config-modules';
import { runFileText, runsProgramAt } from './disk-scripts';
import { covers, DEFAULT_PACKAGE_SOURCES, hostOf } from './network-target';
import { resolveArg } from './path-effects';
import { inFolder, projectFile } from './project-file';
import { configFolders, searchedFolders, settledFile } from './runner-config';
import { terraformCliConfig } from './terraform-cli-config';
import { namedFiles, reachesBeyond, terraformFiles } from './terraform-configs';

/** The wrapper name of what cargo's configuration runs. */
const CARGO_CONFIG = `cargo (configuration)`;

/** Configuration files read per file: more lines than this is uncertain. */
export const MAX_CONFIG_LINES = 4000;

const say = (program: string, inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${program}\` ${why}`, inv.segment, 'kept');
const unstatedSource = (program: string, inv: Invocation, r: Reporter, why: string) =>
  r.hit('package_install_from_unstated_source', `\`${program}\` ${why}`, inv.segment);

/** The program's base name (`./gradlew` is gradlew). */
const baseName = (program: string) => program.slice(program.lastIndexOf('/') + 1);

/** Shells and interpreters: a wrapper or runner naming one runs whatever code follows. */
const INTERPRETERS =
  /^(env|sh|bash|zsh|dash|ksh|fish|python\d*(\.\d+)?|node|nodejs|deno|bun|perl|ruby|php|lua|osascript|pwsh|powershell|cmd|busybox|eval|xargs|sudo|doas)$/;

/** Where `value` (a program, maybe with arguments) leads, relative to `dir`: a workspace file, elsewhere, or a name. */
function programPlace(
  value: string,
  dir: string,
  inv: Invocation,
  r: Reporter,
): 'name' | 'workspace' | 'away' {
  const first = value.trim().split(/\s+/)[0] ?? '';
  if (first === '') return 'name';
  if (INTERPRETERS.test(baseName(first))) return 'away';
  if (!first.includes('/') && !first.startsWith('~')) return 'name';
  const res = resolveArg({ text: first, flow: NO_FLOW }, { ...inv, cwd: dir }, r);
  if (res.class !== 'workspace' || (res.real !== undefined && res.real !== res.resolved)) return 'away';
  return 'workspace';
}

interface TomlEntry {
  key: string;
  values: string[];
  /** The value as written (an array or inline table joined onto one line), comments dropped. */
  raw: string;
}

/**
 * A TOML file as flat entries (`section.key` and its string values): tables, dotted keys, strings, arrays
 * (spanning lines), inline tables read as their strings. Undefined when a line is not TOML gavel reads.
 */
export function flatToml(text: string): TomlEntry[] | undefined {
  const out: TomlEntry[] = [];
  // An escape other than `\"` and `\\` spells a key or a value's characters (`"rustc-wrapp\u0065r"`, TOML 1.1's `\x`):
  // not read (review).
  if (/\\(?!["\\])/.test(text.replace(/\\\\/g, ''))) return undefined;
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > MAX_CONFIG_LINES) return undefined;
  let section = '';
  const unquote = (k: string) =>
    k
      .split(/\.(?=(?:[^"']|"[^"]*"|'[^']*')*$)/)
      .map((p) => p.trim().replace(/^["'](.*)["']$/, '$1'))
      .join('.');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/.exec(line);
    if (header) {
      section = unquote(header[1] ?? '');
      continue;
    }
    const kv = /^((?:"[^"]*"|'[^']*'|[\w.-]+)(?:\s*\.\s*(?:"[^"]*"|'[^']*'|[\w.-]+))*)\s*=\s*(.*)$/.exec(
      line,
    );
    if (!kv) return undefined;
    let value = kv[2] ?? '';
    // An array or inline table spanning lines: joined up to its closing bracket (brackets inside strings do not count).
    const open = (v: string) => {
      const bare = v.replace(/"[^"]*"|'[^']*'/g, '""');
      return (bare.match(/[[{]/g) ?? []).length - (bare.match(/[\]}]/g) ?? []).length;
    };
    let depth = open(value);
    while (depth > 0 && i + 1 < lines.length) {
      const next = lines[++i] ?? '';
      value += ` ${next.replace(/#.*$/, '')}`;
      depth = open(value);
    }
    if (/^("""|''')/.test(value)) return undefined;
    const key = [section, unquote(kv[1] ?? '')].filter(Boolean).join('.');
    const raw = value.replace(/#[^"']*$/, '').trim();
    if (!pushEntry(out, key, value, raw, unquote)) return undefined;
  }
  return out;
}

/**
 * Pushes one `key = value` entry, and each key of an inline table as an entry of its own (`[target]` with
 * `x86_64-unknown-linux-gnu = { runner = "…" }` is `target.x86_64-unknown-linux-gnu.runner`), nested tables too.
 * False when an inline table is not read (a key or value of a form not split here).
 */
function pushEntry(
  out: TomlEntry[],
  key: string,
  value: string,
  raw: string,
  unquote: (k: string) => string,
): boolean {
  const strings = [...value.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2] ?? '');
  out.push({ key, values: strings.length > 0 ? strings : [value.replace(/#.*$/, '').trim()], raw });
  if (!raw.startsWith('{')) return true;
  if (!raw.endsWith('}')) return false;
  // Split the table's body at the commas outside strings, brackets and braces.
  const body = raw.slice(1, -1);
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let k = 0; k < body.length; k++) {
    const c = body[k] as string;
    if (quote) {
      if (c === '\\' && quote === '"') k++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(body.slice(start, k));
      start = k + 1;
    }
  }
  parts.push(body.slice(start));
  for (const part of parts) {
    if (part.trim() === '') continue;
    const m =
      /^\s*((?:"[^"]*"|'[^']*'|[\w.-]+)(?:\s*\.\s*(?:"[^"]*"|'[^']*'|[\w.-]+))*)\s*=\s*(.*?)\s*$/s.exec(part);
    if (!m) return false;
    if (!pushEntry(out, `${key}.${unquote(m[1] ?? '')}`, m[2] ?? '', (m[2] ?? '').trim(), unquote))
      return false;
  }
  return true;
}

/**
 * Variables in cargo's `[env]` that change what a build runs or loads: the known ones, and any name holding a part that
 * tools read as a program, a search path or options (`COMPILER_PATH`, `TARGET_CC`, `GCC_EXEC_PREFIX`, `LD_AUDIT`).
 */
const CARGO_EXEC_ENV =
  /^(RUSTC|RUSTC_WRAPPER|RUSTC_WORKSPACE_WRAPPER|RUSTDOC|RUSTDOC_WRAPPER|RUSTFLAGS|CARGO_ENCODED_RUSTFLAGS|CARGO_BUILD_\w+|CARGO_TARGET_\w+|CARGO_HOME|CC|CXX|AR|LD|LINKER|CC_\w+|CXX_\w+|CFLAGS|CXXFLAGS|LDFLAGS|PKG_CONFIG\w*|CMAKE\w*|LD_PRELOAD|LD_LIBRARY_PATH|DYLD_\w+|PATH|SHELL|PYTHON\w*|NODE_OPTIONS|PERL5OPT|BASH_ENV|ENV|GIT_\w+|RUSTUP_\w+)$/;
/** Parts of a variable's name (split at `_`) that tools read as a program, a search path or options. */
const EXEC_ENV_PARTS = new Set(
  'CC CXX LD LINK LINKER RUSTC RUSTDOC PATH PRELOAD AUDIT EXEC COMPILE COMPILER WRAPPER SHELL PYTHON NODE PERL PERL5OPT RUBY RUBYOPT GIT CARGO CMAKE PKG FLAGS CFLAGS CXXFLAGS LDFLAGS RUSTFLAGS AR OPTIONS OPT OPTS PREFIX CROSS JAVA JVM TOOLCHAIN'.split(
    ' ',
  ),
);
const execEnv = (name: string) =>
  CARGO_EXEC_ENV.test(name) ||
  name
    .toUpperCase()
    .split('_')
    .some((p) => EXEC_ENV_PARTS.has(p));

/** Cargo's options before the subcommand that take a value as the next word. */
const CARGO_VALUE_OPTIONS = new Set(['--color', '-C', '--config', '-Z', '--manifest-path', '--explain']);
/** Subcommands that run what they build (`runner` wraps it), unless told `--no-run`. */
const CARGO_RUNS = /^(?:run|r|test|t|bench|nextest|miri)$/;
/**
 * Built-in subcommands that start no compiler: anything that loads the workspace asks rustc for its version through
 * the configured wrappers (`cargo tree`, `metadata`, `fetch`, `clean`, a resolve), so only these and `metadata
 * --no-deps` are spared.
 */
const CARGO_STARTS_NO_RUSTC =
  /^(?:--list|--version|-V|--help|-h|help|version|locate-project|new|init|search|login|logout)$/;
/**
 * Cargo's own subcommands, which an alias of the same name never replaces (an external one, `fmt`, it does; so does
 * a user's alias for the short forms `b`, `c`, `d`, `r`, `t`, which are aliases themselves).
 */
export const CARGO_BUILTIN =
  /^(?:add|bench|build|check|clean|config|doc|fetch|fix|generate-lockfile|help|info|init|install|locate-project|login|logout|metadata|new|owner|package|pkgid|publish|read-manifest|remove|report|run|rustc|rustdoc|search|test|tree|uninstall|update|vendor|verify-project|version|yank)$/;

/**
 * What a cargo command starts of the configuration's programs: `runs` the runner (it runs what it builds), `compiles`
 * the wrappers and linkers. A subcommand not known here (an alias, an external `cargo-x`) may do both, and so does a
 * name the configuration's `[alias]` table gives (`aliases`), unless cargo's own subcommand of that name wins.
 */
function cargoStarts(inv: Invocation, aliases: ReadonlySet<string>): { compiles: boolean; runs: boolean } {
  const words = inv.args.map(plain);
  let sub: string | undefined;
  for (let k = 0; k < words.length; k++) {
    const w = words[k] as string;
    if (w.startsWith('+')) continue;
    if (CARGO_VALUE_OPTIONS.has(w)) {
      k++;
      continue;
    }
    if (/^(?:--list|--version|-V|--help|-h)$/.test(w) || !w.startsWith('-')) {
      sub = w;
      break;
    }
  }
  if (sub === undefined || !inv.args.every(isLiteral)) return { compiles: true, runs: true };
  if (aliases.has(sub) && !CARGO_BUILTIN.test(sub)) return { compiles: true, runs: true };
  if (CARGO_STARTS_NO_RUSTC.test(sub) || (sub === 'metadata' && words.includes('--no-deps')))
    return { compiles: false, runs: false };
  const noRun = words.includes('--no-run');
  const known = (CARGO_BUILTIN.test(sub) || /^[bcd]$/.test(sub)) && !CARGO_RUNS.test(sub);
  const external = /^(?:fmt|clippy|tree|audit|deny|outdated|udeps|machete|llvm-cov|tarpaulin)$/.test(sub);
  return { compiles: true, runs: !known && !external && !(CARGO_RUNS.test(sub) && noRun) };
}

const CARGO_CONFIGS = ['.cargo/config.toml', '.cargo/config'];

/** A cargo configuration file: as the line leaves it in the workspace, as it is on disk outside it. */
function cargoFile(path: string, inv: Invocation, r: Reporter) {
  const inside = r.scope.workspaceRoots.some(
    (w) => w !== '/' && w !== r.scope.home && path.startsWith(`${w}/`),
  );
  return inside ? projectFile(path, inv, r) : settledFile(path, inv, r);
}

/**
 * The folders whose `.cargo/config.toml` cargo reads for a command in `dir`: every folder up to `/` (cargo does not
 * stop at the workspace), then the user's own (`~/.cargo`, cargo's home unless the harness moved it).
 */
function cargoFolders(dir: string, r: Reporter): string[] {
  const folders = searchedFolders(dir, r);
  return folders.includes(r.scope.home) ? folders : [...folders, r.scope.home];
}

/**
 * Compiler flags (`build.rustflags`, `target.*.rustflags`, `rustdocflags`) known to load and run nothing: lint
 * levels, `--cfg`, code generation settings and one of the usual linkers by name. Any other (`-C linker=`,
 * `-C link-arg=` of a path, `-Z` options, `--extern` of a compiled plugin) may run or load another program.
 */
const INERT_RUSTFLAG =
  /^(?:-[DWAF]\S*|--(?:deny|warn|allow|forbid|cap-lints)(?:=\S+)?|--(?:check-)?cfg|-C(?:target-cpu|target-feature|opt-level|debuginfo|force-frame-pointers|codegen-units|overflow-checks|debug-assertions|panic|lto|strip|split-debuginfo|relocation-model|embed-bitcode|symbol-mangling-version|instrument-coverage)=\S+|-Clink-arg=-fuse-ld=(?:lld|mold|gold|bfd))$/;

/** Whether every flag of a rustflags setting is inert (`-C x` read as `-Cx`; a `--cfg` value skipped). */
function inertRustflags(value: string): boolean {
  const words = value.trim().split(/\s+/).filter(Boolean);
  for (let k = 0; k < words.length; k++) {
    let w = words[k] as string;
    if ((w === '-C' || w === '--codegen') && k + 1 < words.length) w = `-C${words[++k]}`;
    else if (w.startsWith('--codegen=')) w = `-C${w.slice(10)}`;
    if (/^-[DWAF]$/.test(w) || /^--(?:deny|warn|allow|forbid|cap-lints|cfg|check-cfg)$/.test(w)) {
      k++;
      continue;
    }
    if (!INERT_RUSTFLAG.test(w)) return false;
  }
  return true;
}

/**
 * The names cargo's configuration files from `dir` up to the workspace top give aliases (`[alias] c = "..."`);
 * undefined when one does not parse.
 */
export function cargoAliases(dir: string, inv: Invocation, r: Reporter): Set<string> | undefined {
  const aliases = new Set<string>();
  for (const folder of cargoFolders(dir, r))
    for (const name of CARGO_CONFIGS) {
      const file = cargoFile(inFolder(folder, name), inv, r);
      if (file.kind !== 'text') continue;
      const entries = flatToml(file.text);
      if (entries === undefined) return undefined;
      for (const { key } of entries) if (key.startsWith('alias.')) aliases.add(key.slice(6));
    }
  return aliases;
}

/** Alias expansions followed per command (an alias may name another). */
const MAX_ALIAS_STEPS = 8;

/**
 * The cargo command an alias of the configuration stands for (`cargo lint` is `cargo clippy -p a -- -D warnings`),
 * expanded as cargo does: the nearest file's definition, an alias of an alias in turn; `inv` itself when the
 * subcommand is cargo's own or no alias. Undefined when an alias cannot be followed (a value that is neither a
 * string nor an array of strings, a loop, a file that does not parse): the caller then counts everything.
 */
export function expandCargoAlias(inv: Invocation, r: Reporter): Invocation | undefined {
  const defined = new Map<string, string[]>();
  for (const folder of cargoFolders(inv.cwd as string, r))
    for (const name of CARGO_CONFIGS) {
      const file = cargoFile(inFolder(folder, name), inv, r);
      if (file.kind !== 'text') continue;
      const entries = flatToml(file.text);
      if (entries === undefined) return undefined;
      for (const { key, values, raw } of entries) {
        if (!key.startsWith('alias.')) continue;
        // Array aliases of several files are merged by cargo: one defined twice is not followed.
        if (defined.has(key.slice(6))) return undefined;
        const words = raw.startsWith('[')
          ? values
          : /^["']/.test(raw)
            ? (values[0] ?? '').trim().split(/\s+/)
            : undefined;
        if (words === undefined || words.some((w) => w === '' || /[$`\\]/.test(w))) return undefined;
        defined.set(key.slice(6), words);
      }
    }
  let args = inv.args;
  for (let step = 0; ; step++) {
    let k = 0;
    for (; k < args.length; k++) {
      const t = plain(args[k]);
      if (t.startsWith('+')) continue;
      if (CARGO_VALUE_OPTIONS.has(t)) {
        k++;
        continue;
      }
      if (!t.startsWith('-')) break;
    }
    const sub = args[k];
    if (sub === undefined || !isLiteral(sub)) return step === 0 ? inv : { ...inv, args };
    const words = defined.get(plain(sub));
    if (words === undefined || CARGO_BUILTIN.test(plain(sub))) return step === 0 ? inv : { ...inv, args };
    if (step >= MAX_ALIAS_STEPS) return undefined;
    args = [
      ...args.slice(0, k),
      ...words.map((text): Word => ({ text, flow: NO_FLOW })),
      ...args.slice(k + 1),
    ];
  }
}

/**
 * Target triples no machine cargo runs on has as its own (WebAssembly, bare metal, GPUs, phones, UEFI): a setting of
 * `[target.TRIPLE]` for one applies only to a build that selects it. (Android is left out: Termux builds on it.)
 */
const NEVER_HOST =
  /^(?:wasm32|wasm64|thumbv|nvptx|amdgcn|avr|msp430|bpf|bpfeb|bpfel|spirv|riscv32)|-none(?:-|$)|-(?:uefi|ios(?:-sim|-macabi)?|tvos|watchos|visionos|emscripten|wasi\w*|cuda)$/;

/**
 * The targets a cargo command builds for: those its `--target` options name, else the configuration's
 * `build.target` (the nearest file that sets it), else this machine's (`host`); `any` when that cannot be told (a
 * word known at run time, `CARGO_BUILD_TARGET` set by the line, an alias that may carry options).
 */
function cargoTargets(
  inv: Invocation,
  r: Reporter,
  aliases: ReadonlySet<string> | undefined,
): 'host' | 'any' | Set<string> {
  if (aliases === undefined || r.assignedNames.has('CARGO_BUILD_TARGET')) return 'any';
  const named = new Set<string>();
  let sub: string | undefined;
  for (let k = 0; k < inv.args.length; k++) {
    const w = inv.args[k] as Word;
    const t = plain(w);
    if (t === '--') break;
    if (!isLiteral(w)) return 'any';
    if (t === '--target') {
      const v = inv.args[++k];
      if (v === undefined || !isLiteral(v)) return 'any';
      named.add(plain(v));
    } else if (t.startsWith('--target=')) named.add(t.slice(9));
    else if (t.startsWith('-') && t.length > 1 && !t.startsWith('--') && t.slice(1).includes('Z'))
      return 'any';
    else if (
      sub === undefined &&
      !t.startsWith('-') &&
      !t.startsWith('+') &&
      !CARGO_VALUE_OPTIONS.has(plain(inv.args[k - 1]))
    )
      sub = t;
  }
  if (sub !== undefined && aliases.has(sub) && !CARGO_BUILTIN.test(sub)) return 'any';
  // `build.target` arrays of several files are merged by cargo: a second file that sets it counts as any target.
  let configured: Set<string> | undefined;
  if (named.size === 0)
    for (const folder of cargoFolders(inv.cwd as string, r))
      for (const name of CARGO_CONFIGS) {
        const file = cargoFile(inFolder(folder, name), inv, r);
        if (file.kind !== 'text') continue;
        const entry = flatToml(file.text)?.find((e) => e.key === 'build.target');
        if (!entry) continue;
        if (configured) return 'any';
        configured = new Set(entry.values);
      }
  const chosen = named.size > 0 ? named : configured;
  if (!chosen) return 'host';
  // `host-tuple` is this machine; a path names a target specification file: neither is a triple read here.
  return [...chosen].every((t) => /^[\w.-]+$/.test(t) && t !== 'host-tuple' && !t.endsWith('.json'))
    ? chosen
    : 'any';
}

/**
 * Whether a `target.X.…` (or `host.…`) setting applies to a build for `targets`. A linker or flags of a triple that
 * may be this machine's count on any build: build scripts and proc macros are built for the host whatever the target.
 */
function appliesTo(key: string, targets: 'host' | 'any' | Set<string>): boolean {
  if (!key.startsWith('target.') || targets === 'any') return true;
  const triple = key.slice('target.'.length, key.lastIndexOf('.'));
  // `cfg(...)` expressions are not evaluated here: they may match any target.
  if (triple.startsWith('cfg(')) return true;
  if (targets === 'host') return !NEVER_HOST.test(triple);
  return targets.has(triple) || (!key.endsWith('.runner') && !NEVER_HOST.test(triple));
}

/** `.cargo/config.toml` (and `.cargo/config`) from the cwd up to the workspace top, and the user's own. */
function cargoConfig(inv: Invocation, r: Reporter): void {
  // The aliases of every configuration file first: one may give the subcommand's name another meaning (a file that
  // does not parse is reported below).
  const aliases = cargoAliases(inv.cwd as string, inv, r);
  // An alias judged as the command it stands for; one that cannot be followed counts as any command.
  const expanded = aliases === undefined ? undefined : expandCargoAlias(inv, r);
  const starts = cargoStarts(expanded ?? inv, expanded ? new Set() : (aliases ?? new Set()));
  const targets = cargoTargets(expanded ?? inv, r, expanded ? new Set() : aliases);
  const cwd = inv.cwd as string;
  const stated = [
    ...(r.env.packageSources ?? DEFAULT_PACKAGE_SOURCES),
    'index.crates.io',
    'static.crates.io',
  ];
  for (const dir of cargoFolders(cwd, r)) {
    for (const name of CARGO_CONFIGS) {
      const file = cargoFile(inFolder(dir, name), inv, r);
      if (file.kind !== 'text') continue;
      const entries = flatToml(file.text);
      if (!entries) {
        say('cargo', inv, r, 'reads a .cargo/config.toml gavel cannot follow');
        return;
      }
      for (const { key, values } of entries) {
        const value = values.join(' ');
        const runner = /^(target\..+|host(\..+)?)\.runner$/.test(key);
        if (
          /^(build\.(rustc|rustc-wrapper|rustc-workspace-wrapper|rustdoc)|(target\..+|host(\..+)?)\.(runner|linker))$/.test(
            key,
          )
        ) {
          // A runner starts only for what runs the built programs; wrappers and linkers only for what compiles; a
          // target's own only for a build for that target.
          if (runner ? !starts.runs : !starts.compiles) continue;
          if (!appliesTo(key, targets)) continue;
          const place = programPlace(value, dir, inv, r);
          if (place === 'away') {
            say(
              'cargo',
              inv,
              r,
              'reads a .cargo/config.toml whose wrapper, runner or linker runs a shell or a program from outside the workspace',
            );
            return;
          }
          if (place === 'workspace')
            runsProgramAt(posix.resolve(dir, value.trim().split(/\s+/)[0] ?? ''), inv, r, CARGO_CONFIG);
        } else if (key === 'build.target-dir' || key === 'build.build-dir') {
          // Where the build writes: outside the workspace only into a cache or temp folder.
          const place = posix.resolve(dir, value.replace(/^~(?=\/)/, r.scope.home));
          const cache = [posix.join(r.scope.home, '.cache'), ...r.scope.tempDirs];
          if (programPlace(value, dir, inv, r) === 'away' && !cache.some((c) => place.startsWith(`${c}/`))) {
            say('cargo', inv, r, 'reads a .cargo/config.toml that writes its build outside the workspace');
            return;
          }
        } else if (/^(?:build|target\..+|host(?:\..+)?)\.rust(?:doc)?flags$/.test(key)) {
          if (starts.compiles && appliesTo(key, targets) && !inertRustflags(value)) {
            say(
              'cargo',
              inv,
              r,
              'reads a .cargo/config.toml whose compiler flags may run or load another program',
            );
            return;
          }
        } else if (key.startsWith('env.') && execEnv(key.slice(4).split('.')[0] ?? '')) {
          say('cargo', inv, r, 'reads a .cargo/config.toml whose [env] changes what the build runs');
          return;
        } else if (key.startsWith('alias.') && /(^|\s)(--config|-Z|--manifest-path)(=|\s|$)/.test(value)) {
          say('cargo', inv, r, 'reads a .cargo/config.toml whose alias sets configuration');
          return;
        } else if (/^source\..+\.(?:directory|local-registry)$|^patch\./.test(key)) {
          // Crates replaced by a folder or a patch: their build scripts and proc macros are code gavel does not read.
          say(
            'cargo',
            inv,
            r,
            'reads a .cargo/config.toml that replaces crates with local code gavel does not read',
          );
          return;
        } else if (
          /credential-provider|^credential-alias\.|^include(?:\.|$)|^unstable\.config-include/.test(key)
        ) {
          say(
            'cargo',
            inv,
            r,
            'reads a .cargo/config.toml that runs a credential provider or includes other files',
          );
          return;
        } else if (
          /^(source|registries)\..+\.(registry|index|git)$/.test(key) ||
          /^registry\.index$/.test(key)
        ) {
          const host = hostOf(value.replace(/^sparse\+/, ''));
          if (host === undefined || !covers(stated, host)) {
            unstatedSource(
              'cargo',
              inv,
              r,
              'reads a .cargo/config.toml that takes crates from a source nobody stated',
            );
            return;
          }
        } else if (/^source\..+\.(local-registry|directory)$/.test(key)) {
          const place = programPlace(`./${value.replace(/^\.\//, '')}`.replace(/^\.\/\//, '/'), dir, inv, r);
          if (place === 'away') {
            unstatedSource(
              'cargo',
              inv,
              r,
              'reads a .cargo/config.toml that takes crates from a folder outside the workspace',
            );
            return;
          }
        }
      }
    }
  }
}

/** The programs rustup installs as proxies of the folder's toolchain (cargo apart). */
const RUSTUP_PROXIES =
  /^(?:rustc|rustdoc|rustfmt|cargo-fmt|cargo-clippy|clippy-driver|rust-analyzer|rust-gdb|rust-lldb|rustup)$/;

/**
 * rust-toolchain.toml (or rust-toolchain): a `path` toolchain outside the workspace runs its binaries; one in the
 * workspace runs its `cargo` and `rustc` as those paths run as commands would (a compiled one is not known).
 */
function rustToolchain(inv: Invocation, r: Reporter): void {
  for (const dir of configFolders(inv.cwd as string, r)) {
    for (const name of ['rust-toolchain.toml', 'rust-toolchain']) {
      const file = projectFile(inFolder(dir, name), inv, r);
      if (file.kind !== 'text') continue;
      const path = /^\s*path\s*=\s*["']([^"']+)["']/m.exec(file.text);
      // A path written another way (a quoted or dotted key, a multi-line string) is not placed here.
      if (!path && /\bpath\b/.test(file.text)) {
        say('cargo', inv, r, 'reads a rust-toolchain file naming a toolchain path gavel does not read');
        return;
      }
      if (!path) return;
      const place = programPlace(`${path[1]}/x`, dir, inv, r);
      if (place === 'away')
        say('cargo', inv, r, 'reads a rust-toolchain file that runs a toolchain from outside the workspace');
      else
        for (const tool of ['cargo', 'rustc'])
          runsProgramAt(posix.resolve(dir, path[1] ?? '', 'bin', tool), inv, r, CARGO_CONFIG);
      return;
    }
  }
}

/** JVM options that load code into the build's JVM, or run a program on an event, or read more options from a file. */
const JVM_AGENT =
  /(^|\s|["'])(?:-(?:javaagent|agentpath|agentlib|Xbootclasspath|XX:OnError|XX:OnOutOfMemoryError|XX:VMOptionsFile|XX:Flags|Djava\.system\.class\.loader|Djava\.security\.manager|Djdk\.attach)|--(?:patch-module|upgrade-module-path|module-path|add-modules)\b|@)/;

/** `key=value` lines of a Java properties file (continuations joined). */
function properties(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of text
    .replace(/\r\n/g, '\n')
    .replace(/\\\n\s*/g, '')
    .split('\n')) {
    const line = raw.trim();
    if (line === '' || /^[#!]/.test(line)) continue;
    const m = /^([^=:\s]+)\s*[=:\s]\s*(.*)$/.exec(line);
    if (m) out.set(m[1] ?? '', (m[2] ?? '').replace(/\\:/g, ':'));
  }
  return out;
}

/** The wrapper's download URL: from a host nobody stated, the build tool itself is code from elsewhere. */
function wrapperUrl(
  program: string,
  text: string,
  hosts: readonly string[],
  inv: Invocation,
  r: Reporter,
): void {
  const props = properties(text);
  const stated = [...(r.env.packageSources ?? DEFAULT_PACKAGE_SOURCES), ...hosts];
  for (const key of ['distributionUrl', 'wrapperUrl']) {
    const url = props.get(key);
    if (url === undefined) continue;
    const host = hostOf(url);
    if (host === undefined || !/^https:\/\//i.test(url) || !covers(stated, host)) {
      unstatedSource(
        program,
        inv,
        r,
        'downloads its build tool from a source nobody stated (the wrapper properties)',
      );
      return;
    }
  }
}

/** A gradle.properties (the project's or the user's): JVM agents, a Java from elsewhere. True when reported. */
function gradleProperties(text: string, dir: string, program: string, inv: Invocation, r: Reporter): boolean {
  const p = properties(text);
  if (JVM_AGENT.test(` ${p.get('org.gradle.jvmargs') ?? ''}`)) {
    say(program, inv, r, 'reads a gradle.properties whose JVM options load an agent or run a program');
    return true;
  }
  const home = p.get('org.gradle.java.home');
  const place = home === undefined ? 'name' : programPlace(home, dir, inv, r);
  if (place === 'away' && !/^\/(usr|opt|Library)\//.test(home ?? '')) {
    say(program, inv, r, 'reads a gradle.properties that runs a Java from outside the workspace');
    return true;
  }
  // A Java kept in the workspace runs its `bin/java` as that path would run.
  if (place === 'workspace')
    runsProgramAt(posix.resolve(dir, home ?? '', 'bin', 'java'), inv, r, `${program} (configuration)`);
  return false;
}

const GRADLE_NO_BUILD = /^(?:--version|-v|--stop|--status|--help|-h|-\?|-q|--quiet)$/;

/**
 * The user's gradle folder (`~/.gradle`, gradle's user home unless the harness moved it): init scripts
 * (`init.gradle`, `init.d/*`) are code every build runs first; its gradle.properties is read as the project's.
 * True when reported.
 */
function gradleUserHome(program: string, inv: Invocation, r: Reporter): boolean {
  // `--version`, `--stop`, `--status` and help start no build (gradle 8: no init script runs).
  const words = inv.args.map(plain);
  if (words.length > 0 && inv.args.every(isLiteral) && words.every((w) => GRADLE_NO_BUILD.test(w)))
    return false;
  const dir = posix.join(r.scope.home, '.gradle');
  const scripts = folderListing(inFolder(dir, 'init.d'), inv, r);
  const inits = ['init.gradle', 'init.gradle.kts'].some(
    (name) => settledFile(inFolder(dir, name), inv, r).kind !== 'missing',
  );
  if (
    inits ||
    scripts === 'unlisted' ||
    (scripts !== 'missing' && [...scripts].some((n) => /\.gradle(\.kts)?$/.test(n)))
  ) {
    say(program, inv, r, "runs the init scripts of the user's ~/.gradle, code gavel does not read");
    return true;
  }
  const props = settledFile(inFolder(dir, 'gradle.properties'), inv, r);
  return props.kind === 'text' && gradleProperties(props.text, dir, program, inv, r);
}

function gradle(program: string, inv: Invocation, r: Reporter): void {
  // `-p DIR` builds DIR: its gradle.properties and those above it are read.
  const at = inv.args.map(plain).findIndex((a) => /^(-p|--project-dir)(=|$)/.test(a));
  let start = inv.cwd as string;
  if (at >= 0) {
    const word = /=/.test(plain(inv.args[at]))
      ? plain(inv.args[at]).replace(/^[^=]*=/, '')
      : plain(inv.args[at + 1]);
    if (
      word === '' ||
      !isLiteral(inv.args[/=/.test(plain(inv.args[at])) ? at : at + 1] ?? { text: '', flow: NO_FLOW })
    ) {
      say(program, inv, r, 'builds a project in a folder known only at run time');
      return;
    }
    start = posix.resolve(start, word);
  }
  if (gradleUserHome(program, inv, r)) return;
  for (const dir of configFolders(start, r)) {
    const props = projectFile(inFolder(dir, 'gradle.properties'), inv, r);
    if (props.kind === 'text' && gradleProperties(props.text, dir, program, inv, r)) return;
    if (program === 'gradlew') {
      const wrapper = projectFile(inFolder(dir, 'gradle/wrapper/gradle-wrapper.properties'), inv, r);
      if (wrapper.kind === 'text') {
        wrapperUrl(program, wrapper.text, ['services.gradle.org', 'downloads.gradle.org'], inv, r);
        return;
      }
    }
  }
}

const MAVEN_HOSTS = ['repo.maven.apache.org', 'repo1.maven.org'];

/**
 * The shell files maven's launch script (and the wrapper's) sources first unless `MAVEN_SKIP_RC` is set: the
 * system's and the user's `mavenrc`, analysed as the shell text they are.
 */
function mavenrc(program: string, inv: Invocation, r: Reporter): void {
  for (const path of ['/usr/local/etc/mavenrc', '/etc/mavenrc', posix.join(r.scope.home, '.mavenrc')]) {
    const file = settledFile(path, inv, r);
    if (file.kind === 'text') runFileText(file.text, inv, r, `${program} (mavenrc)`);
  }
}

function maven(program: string, inv: Invocation, r: Reporter): void {
  mavenrc(program, inv, r);
  // `mvn -v`, `mvn --help`: the launcher starts the JVM (its rc files and `.mvn/jvm.config` apply) and builds and
  // downloads nothing, so no settings file's package source is used.
  const words = inv.args.map((w) => plain(w));
  const versionOnly =
    words.some((w) => /^(?:-v|--version|-h|--help)$/.test(w)) &&
    words.every((w) =>
      /^(?:-v|--version|-h|--help|-q|--quiet|-B|--batch-mode|-e|--errors|-X|--debug|-ntp|--no-transfer-progress)$/.test(
        w,
      ),
    );
  // The user's settings.xml: its mirrors serve every plugin the build runs.
  if (!versionOnly) mavenSettings(program, posix.join(r.scope.home, '.m2/settings.xml'), inv, r);
  // `-s settings.xml` on the command line (one outside the workspace is runner-options.ts's).
  for (let k = 0; k < inv.args.length; k++) {
    const m = /^(-s|--settings|-gs|--global-settings)(=(.*))?$/.exec(optionText(inv.args[k]));
    if (!m) continue;
    const value = m[3] ?? plain(inv.args[++k]);
    const res = resolveArg({ text: value, flow: NO_FLOW }, inv, r);
    if (res.class === 'workspace' && res.resolved && !versionOnly)
      mavenSettings(program, res.resolved, inv, r);
  }
  // maven reads `.mvn` in the project's base folder: the nearest folder up that has one.
  for (const dir of configFolders(inv.cwd as string, r)) {
    const jvm = projectFile(inFolder(dir, '.mvn/jvm.config'), inv, r);
    const config = projectFile(inFolder(dir, '.mvn/maven.config'), inv, r);
    const wrapper =
      program === 'mvnw'
        ? projectFile(inFolder(dir, '.mvn/wrapper/maven-wrapper.properties'), inv, r)
        : undefined;
    if (jvm.kind === 'text' && JVM_AGENT.test(` ${jvm.text.replace(/\s+/g, ' ')}`)) {
      say(program, inv, r, 'reads a .mvn/jvm.config that loads an agent or runs a program');
      return;
    }
    if (config.kind === 'text') {
      const words = config.text.split(/\s+/).filter(Boolean);
      for (let k = 0; k < words.length; k++) {
        const m =
          /^(-f|--file|-s|--settings|-gs|--global-settings|-t|--toolchains|-gt|--global-toolchains)(=(.*))?$/.exec(
            words[k] ?? '',
          );
        if (!m) continue;
        const value = m[3] ?? words[++k] ?? '';
        const res = resolveArg({ text: value, flow: NO_FLOW }, { ...inv, cwd: dir }, r);
        if (res.class !== 'workspace') {
          say(
            program,
            inv,
            r,
            'reads a .mvn/maven.config that takes its project or settings from outside the workspace',
          );
          return;
        }
        if (/^(-s|--settings|-gs|--global-settings)$/.test(m[1] ?? '') && res.resolved)
          mavenSettings(program, res.resolved, inv, r);
      }
    }
    if (wrapper?.kind === 'text') wrapperUrl(program, wrapper.text, MAVEN_HOSTS, inv, r);
    if (jvm.kind !== 'missing' || config.kind !== 'missing' || (wrapper && wrapper.kind !== 'missing'))
      return;
  }
}

/** A settings.xml the build is given: its mirrors and repositories are where every dependency comes from. */
function mavenSettings(program: string, path: string, inv: Invocation, r: Reporter): void {
  const file = projectFile(path, inv, r);
  if (file.kind !== 'text') return;
  const stated = [...(r.env.packageSources ?? DEFAULT_PACKAGE_SOURCES), ...MAVEN_HOSTS];
  for (const m of file.text.matchAll(/<url>\s*([^<\s]+)\s*<\/url>/g)) {
    const host = hostOf(m[1] ?? '');
    if (host === undefined || !covers(stated, host)) {
      unstatedSource(
        program,
        inv,
        r,
        'reads a settings file that takes dependencies from a source nobody stated',
      );
      return;
    }
  }
}

/** Stands for a hook's `files` value this reading does not take as written. */
const UNREAD = '\u0000';

/** Options of `pre-commit run` that take the next word; `--files` takes every word up to the next option. */
const RUN_VALUES = new Set([
  '-c',
  '--config',
  '--from-ref',
  '--to-ref',
  '-s',
  '-o',
  '--source',
  '--origin',
  '--hook-stage',
  '--color',
  '--commit-msg-filename',
  '--remote-branch',
  '--local-branch',
  '--remote-name',
  '--remote-url',
  '--checkout-type',
  '--is-squash-merge',
  '--rewrite-command',
  '--prepare-commit-message-source',
  '--commit-object-name',
]);
const RUN_FLAGS = new Set(['-a', '--all-files', '--show-diff-on-failure', '-v', '--verbose']);

/**
 * What `pre-commit run` is told to run: a hook by id or alias (undefined: every hook), and the files given with
 * `--files`. Undefined as a whole when a word is computed at run time or an option is one this reading does not know.
 */
function selection(args: readonly Word[]): { hook?: string; files?: string[] } | undefined {
  if (!args.every(isLiteral)) return undefined;
  const t = args.map((w) => plain(w));
  const out: { hook?: string; files?: string[] } = {};
  for (let k = t.indexOf('run') + 1; k > 0 && k < t.length; k++) {
    const a = t[k] as string;
    if (a === '--files') {
      out.files ??= [];
      while (k + 1 < t.length && !(t[k + 1] as string).startsWith('-')) out.files.push(t[++k] as string);
    } else if (RUN_VALUES.has(a)) k++;
    else if (a.startsWith('--') && a.includes('=') && RUN_VALUES.has(a.slice(0, a.indexOf('=')))) continue;
    else if (RUN_FLAGS.has(a)) continue;
    else if (a.startsWith('-') || out.hook !== undefined) return undefined;
    else out.hook = a;
  }
  return out;
}

/**
 * Does a hook run for this selection: named by id or alias when one is named, and, with `--files`, its `files`
 * pattern matching one of them (a pattern JavaScript reads differently or cannot compile counts as matching).
 */
function runsHook(
  h: Record<string, string>,
  only: { hook?: string; files?: string[] },
  top: string,
  cwd: string,
): boolean {
  if (only.hook !== undefined && h.id !== only.hook && h.alias !== only.hook) return false;
  // A hook that always runs runs whatever the files (`always_run: true`, or a value this reading cannot take).
  if (only.files === undefined || h.files === undefined || (h.always_run ?? 'false') !== 'false') return true;
  // pre-commit matches the files as paths from the repository's top (`../x`, `/abs/x`, from a subfolder).
  const files = only.files.map((f) => posix.relative(top, posix.resolve(cwd, f)));
  if (files.some((f) => f.startsWith('..'))) return true;
  // Python's classes (`\w`, `\s`, `\b`) reach letters JavaScript's do not: a name beyond ASCII counts as matching.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, by code point
  if (files.some((f) => /[^\u0000-\u007f]/.test(f))) return true;
  if (h.files === UNREAD || /\(\?[a-zA-Z<P]|\\[AZzGQE]/.test(h.files)) return true;
  try {
    const pattern = new RegExp(h.files);
    return files.some((f) => pattern.test(f));
  } catch {
    return true;
  }
}

/** pre-commit's older stage names, as it reads them today. */
const STAGE_ALIASES: Readonly<Record<string, string>> = {
  commit: 'pre-commit',
  push: 'pre-push',
  'merge-commit': 'pre-merge-commit',
};
const stageName = (s: string) => STAGE_ALIASES[s] ?? s;

/**
 * The stage `pre-commit run` runs (`--hook-stage`, `pre-commit` by default), or undefined when a word is computed at
 * run time (every hook then counts).
 */
function runStage(args: readonly Word[]): string | undefined {
  if (!args.every(isLiteral)) return undefined;
  const t = args.map((w) => plain(w));
  let stage = 'pre-commit';
  for (let k = 0; k < t.length; k++) {
    const a = t[k] as string;
    if (a === '--') break;
    if (a === '--hook-stage') stage = t[++k] ?? '';
    else if (a.startsWith('--hook-stage=')) stage = a.slice('--hook-stage='.length);
  }
  return stageName(stage);
}

/**
 * Does a hook run at `stage`: its `stages`, else the file's `default_stages`, else every stage; a list written in a
 * form this reading does not take (a block list, an unread value) counts as naming it.
 */
function runsAtStage(h: Record<string, string>, stage: string, defaults: string | undefined): boolean {
  const list = h.stages ?? defaults;
  if (list === undefined) return true;
  const m = /^\[([^\]]*)\]$/.exec(list);
  if (!m) return true;
  const names = (m[1] ?? '')
    .split(',')
    .map((x) => x.trim().replace(/^(["'])(.*)\1$/, '$2'))
    .filter((x) => x !== '');
  return names.some((n) => stageName(n) === stage);
}

/** Code hosts pre-commit hook repositories ordinarily come from (pinned by `rev`). */
const HOOK_HOSTS = ['github.com', 'gitlab.com', 'bitbucket.org'];

/**
 * `pre-commit run` (and bare `pre-commit`, `try-repo`, `install`, `install-hooks`): the hooks .pre-commit-config.yaml
 * names.
 */
function preCommit(inv: Invocation, r: Reporter): void {
  const texts = inv.args.map((w) => optionText(w));
  // `--version` and `-h` end pre-commit's argument parsing wherever they stand before `--` (after it, a hook's id).
  const end = texts.indexOf('--');
  if (texts.slice(0, end < 0 ? undefined : end).some((t) => /^(?:--version|-V|--help|-h)$/.test(t))) return;
  const words = texts.filter((t) => !t.startsWith('-'));
  const sub = words[0] ?? 'run';
  if (sub === 'try-repo') {
    unstatedSource('pre-commit', inv, r, 'runs hooks from a repository given on its command line');
    return;
  }
  // `install` arms every hook to run on each commit an agent makes afterwards: judged as the hooks it arms (round 28).
  if (!['run', 'install', 'install-hooks', 'hook-impl'].includes(sub)) return;
  let config: string | undefined;
  for (let k = 0; k < inv.args.length; k++) {
    const t = optionText(inv.args[k]);
    if (t === '-c' || t === '--config') config = plain(inv.args[++k]);
    else if (t.startsWith('--config=')) config = t.slice(9);
  }
  const cwd = inv.cwd as string;
  let found: { text: string; dir: string } | undefined;
  if (config !== undefined) {
    const path = resolveArg({ text: config, flow: NO_FLOW }, inv, r).resolved;
    const file = path === undefined ? undefined : projectFile(path, inv, r);
    if (file?.kind === 'text') found = { text: file.text, dir: cwd };
  } else {
    for (const dir of configFolders(cwd, r)) {
      // The `.yml` spelling is read where some versions and ports take it.
      let file = projectFile(inFolder(dir, '.pre-commit-config.yaml'), inv, r);
      if (file.kind === 'missing') file = projectFile(inFolder(dir, '.pre-commit-config.yml'), inv, r);
      if (file.kind === 'missing') continue;
      if (file.kind === 'text') found = { text: file.text, dir };
      break;
    }
  }
  if (!found) return;
  const lines = found.text.replace(/\r\n/g, '\n').split('\n');
  if (lines.length > MAX_CONFIG_LINES) {
    say('pre-commit', inv, r, 'reads a .pre-commit-config.yaml larger than one review follows');
    return;
  }
  // YAML this line reader does not follow: flow mappings or sequences of hooks, quoted keys, anchors and merges.
  if (
    /^\s*-\s*\{|^\s*(?:-\s+)?(?:repos|hooks)\s*:\s*[[{]|^\s*(?:-\s+)?["'][^"']*["']\s*:|(?:^|\s)[&*][A-Za-z_]\w*|<<\s*:|\t/m.test(
      found.text.replace(/^\s*#.*$/gm, ''),
    )
  ) {
    say(
      'pre-commit',
      inv,
      r,
      'reads a .pre-commit-config.yaml written in a form this reading does not follow',
    );
    return;
  }
  const stated = [...(r.env.packageSources ?? DEFAULT_PACKAGE_SOURCES), ...HOOK_HOSTS];
  const at = { ...inv, cwd: found.dir };
  // Hooks as blocks: `- id:` starts one, `repo:` starts a repository.
  let repo = '';
  let defaultStages: string | undefined;
  let hook: Record<string, string> = {};
  const entries: { repo: string; hook: Record<string, string> }[] = [];
  const flush = () => {
    if (Object.keys(hook).length > 0) entries.push({ repo, hook });
    hook = {};
  };
  for (const raw of lines) {
    const line = raw.replace(/\s+#.*$/, '');
    const m = /^\s*(-\s+)?([\w-]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    const key = m[2] ?? '';
    const value = (m[3] ?? '').replace(/^(["'])(.*)\1$/, '$2');
    // The file's own default, a top-level key (at the start of its line).
    if (key === 'default_stages' && !m[1] && /^default_stages/.test(line)) {
      defaultStages = value;
      continue;
    }
    if (key === 'repo') {
      flush();
      repo = value;
      if (repo === 'local' || repo === 'meta') continue;
      const host = hostOf(repo);
      if (host === undefined) {
        if (programPlace(repo.includes('/') ? repo : `./${repo}`, found.dir, inv, r) !== 'workspace') {
          unstatedSource('pre-commit', inv, r, 'runs hooks from a repository outside the workspace');
          return;
        }
        // A hook repository in the workspace: its `.pre-commit-hooks.yaml` names commands gavel does not read
        // (review of round 32: a `language: script` hook there ran).
        say(
          'pre-commit',
          inv,
          r,
          'runs hooks of a repository in the workspace, whose commands gavel does not read',
        );
        return;
      } else if (!covers(stated, host)) {
        unstatedSource('pre-commit', inv, r, 'runs hooks from a repository nobody stated');
        return;
      }
      continue;
    }
    // Any item of a list starts another hook (`- name:` before `id:` too): its keys are never the previous hook's.
    if (m[1]) flush();
    // A key given twice in one hook: YAML readers disagree on which counts.
    if (Object.hasOwn(hook, key)) {
      say(
        'pre-commit',
        inv,
        r,
        'reads a .pre-commit-config.yaml written in a form this reading does not follow',
      );
      return;
    }
    if (
      /^(id|alias|entry|language|args|files|always_run|additional_dependencies|pass_filenames|stages)$/.test(
        key,
      )
    ) {
      // A double-quoted YAML value with escapes, or a block scalar (`>-`, `|`), is not the pattern as written:
      // kept unread (the hook counts).
      hook[key] = (/^"/.test(m[3] ?? '') && value.includes('\\')) || /^[|>]/.test(value) ? UNREAD : value;
    }
  }
  flush();
  const only = sub === 'run' ? selection(inv.args) : undefined;
  const stage = sub === 'run' ? runStage(inv.args) : undefined;
  for (const { repo: from, hook: h } of entries) {
    if (from !== 'local') continue;
    if (only !== undefined && !runsHook(h, only, found.dir, cwd)) continue;
    // `pre-commit run` runs the hooks of one stage (`stages: [manual]` only with `--hook-stage manual`).
    if (stage !== undefined && !runsAtStage(h, stage, defaultStages)) continue;
    const language = h.language ?? '';
    const entry = h.entry ?? '';
    if (/^[|>]/.test(entry) || /\$\{|`/.test(entry)) {
      say('pre-commit', inv, r, 'runs a hook whose command gavel cannot read');
      return;
    }
    // A local hook of a language pre-commit sets up installs what it lists first: packages nobody reviewed.
    if (h.additional_dependencies !== undefined && !/^\[\s*\]$/.test(h.additional_dependencies)) {
      say('pre-commit', inv, r, 'runs a local hook that installs packages of its own');
      return;
    }
    if (language === 'script' || language === 'unsupported_script') {
      // pre-commit runs the entry's file with the entry's other words, the hook's `args`, then the files matched
      // (unless `pass_filenames: false`): the script reads them as its positional parameters (`cd "$1"`).
      const first = entry.trimStart().split(/\s+/)[0] ?? '';
      const rest = entry.trimStart().slice(first.length);
      const more = [
        ...(h.args === undefined ? [] : ['"$__precommit_args"']),
        ...(h.pass_filenames === 'false' ? [] : ['"$__precommit_files"']),
      ];
      runFileText(
        [argvText([posix.resolve(found.dir, first)]) + rest, ...more].join(' '),
        at,
        r,
        `pre-commit${SCRIPT_FILE_WRAPPER}`,
      );
    } else if (language === 'docker' || language === 'docker_image') {
      say('pre-commit', inv, r, 'runs a local hook in a container gavel does not read');
      return;
    } else if (language !== 'fail' && language !== 'pygrep')
      // `system` and every language pre-commit sets up run the entry as a command (`python -c …`).
      runFileText(entry, at, r, `pre-commit${SCRIPT_FILE_WRAPPER}`);
  }
}

/** terraform commands that evaluate data sources (and so run `external` programs), or apply provisioners. */
const TF_EVALUATES = new Set(['plan', 'apply', 'destroy', 'refresh', 'console', 'import', 'test']);
/** terraform commands that create or destroy resources, and so run their provisioners. */
const TF_PROVISIONS = new Set(['apply', 'destroy', 'test']);
const TF_REGISTRIES = ['registry.terraform.io', 'registry.opentofu.org'];

function terraform(program: string, inv: Invocation, r: Reporter): void {
  let dir = inv.cwd as string;
  let sub = '';
  for (const w of inv.args) {
    const t = optionText(w);
    if (t.startsWith('-chdir=')) {
      const res = resolveArg({ text: t.slice(7), flow: w.flow }, inv, r);
      if (res.resolved === undefined || res.class !== 'workspace') {
        say(program, inv, r, 'reads a configuration from outside the workspace (`-chdir`)');
        return;
      }
      dir = res.resolved;
    } else if (!t.startsWith('-') && sub === '') sub = t;
  }
  if (!terraformCliConfig(program, sub, dir, inv, r)) return;
  const evaluates = TF_EVALUATES.has(sub);
  if (!evaluates && sub !== 'init' && sub !== 'get') return;
  const stated = [...(r.env.packageSources ?? DEFAULT_PACKAGE_SOURCES), ...TF_REGISTRIES];
  // Every configuration file of the folder and of the local modules it calls (one outside the workspace is
  // judged below as an unstated source, not read).
  const files = terraformFiles(
    dir,
    inv,
    r,
    (d) => d === dir || programPlace(`${d}/`, dir, inv, r) === 'workspace',
  );
  if (!files) return;
  for (const { text, dir: at } of files) {
    const beyond = evaluates ? reachesBeyond(text) : undefined;
    if (beyond) {
      say(program, inv, r, `\`${sub}\` ${beyond}`);
      return;
    }
    // A module's own file that is a link (or under one) reads where it points: `file("k")` with `k -> ~/.ssh/id_rsa`.
    if (evaluates)
      for (const name of namedFiles(text)) {
        const res = resolveArg({ text: posix.resolve(at, name), flow: NO_FLOW }, inv, r);
        if (res.class !== 'workspace' || (res.real !== undefined && res.real !== res.resolved)) {
          say(program, inv, r, `\`${sub}\` reads a file of the module that leads elsewhere (a link)`);
          return;
        }
      }
    // An external data source runs whenever data sources are read; a local-exec provisioner only when a
    // resource is created or destroyed (`plan` shows it, never runs it).
    if (
      (evaluates && /\bdata\s+"?external"?|"external"\s*:/.test(text)) ||
      (TF_PROVISIONS.has(sub) && /\bprovisioner\s+"?local-exec"?|"local-exec"\s*:/.test(text))
    ) {
      say(
        program,
        inv,
        r,
        `\`${sub}\` runs programs the configuration names (an external data source or local-exec)`,
      );
      return;
    }
    if (sub === 'init' || sub === 'get' || evaluates) {
      for (const m of text.matchAll(/\bsource\s*[=:]\s*"([^"]+)"/g)) {
        const source = m[1] ?? '';
        // A provider `host/namespace/type`, or a module from git, a URL or a folder.
        const parts = source.split('/');
        let host: string | undefined;
        if (/^(git::|hg::|s3::|gcs::|https?:|git@|github\.com\/|bitbucket\.org\/)/.test(source))
          host = hostOf(source.replace(/^\w+::/, '')) ?? parts[0];
        else if (/^\.\.?\//.test(source)) {
          if (programPlace(source, at, inv, r) !== 'workspace') {
            unstatedSource(program, inv, r, 'uses a module from a folder outside the workspace');
            return;
          }
          continue;
        } else if (parts.length === 3 && (parts[0] ?? '').includes('.')) host = parts[0];
        if (host !== undefined && !covers(stated, host) && !['github.com', 'bitbucket.org'].includes(host)) {
          unstatedSource(program, inv, r, 'uses providers or modules from a source nobody stated');
          return;
        }
      }
    }
  }
}

export function buildConfigs(inv: Invocation, r: Reporter): void {
  if (!r.env.readScript || inv.cwd === undefined) return;
  const program = baseName(inv.program);
  if (program === 'cargo') {
    cargoConfig(inv, r);
    rustToolchain(inv, r);
  } else if (RUSTUP_PROXIES.test(program)) {
    // rustup's proxies run the toolchain the folder's rust-toolchain file names, even for `--version`.
    rustToolchain(inv, r);
  } else if (program === 'gradle' || program === 'gradlew') gradle(program, inv, r);
  else if (program === 'mvn' || program === 'mvnw') maven(program, inv, r);
  else if (program === 'pre-commit' || program === 'prek') preCommit(inv, r);
  else if (program === 'terraform' || program === 'tofu') terraform(program, inv, r);
  else if (program === 'pint') pint(inv, r);
}

/**
 * Pint formats Blade templates (`Pint/laravel_blade`, Pint 1.30 and later) by starting Node on Prettier and its
 * plugins from the project's `node_modules`, and may offer to install them: a pint.json naming Blade or Prettier runs
 * code this reading does not follow; a configuration named by option is the catalogue's.
 */
function pint(inv: Invocation, r: Reporter): void {
  const file = projectFile(inFolder(inv.cwd as string, 'pint.json'), inv, r);
  if (file.kind === 'text' && /blade|prettier/i.test(file.text))
    say(
      'pint',
      inv,
      r,
      'reads a pint.json that formats Blade with Prettier from node_modules, code gavel does not follow',
    );
}
