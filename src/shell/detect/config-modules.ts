/**
 * Configuration modules a JavaScript tool imports and runs before it does its work (ADR 0076): vite and vitest
 * (`vite.config.*`, `vitest.config.*`), jest (`jest.config.*`, package.json `jest`), eslint (`eslint.config.*`,
 * `.eslintrc.js`), next (`next.config.*`), playwright (`playwright.config.*` and its `webServer.command`, a shell
 * command), storybook (`.storybook/main.*` and its addons), and the babel, postcss and tailwind configurations these
 * tools load, as pytest's conftest.py is read; from the project folder a tool is given as a word too (`next build
 * apps/web`).
 * Each module, the workspace files it imports and the workspace files its settings name (`setupFiles`,
 * `globalSetup`) must pass the closed scan (code-imports.ts); an import of an installed package by its literal
 * name is known as the tool itself is. Runners whose commands live in files gavel does not read (bazel's BUILD
 * rules, nx targets) are uncertain when they run them. Pure apart from the injected reader and reporting; never
 * quotes a file.
 * INVARIANT: a module that is not inert, cannot be read, imports a path outside the workspace, a computed name or a
 * package linked from the workspace, or more files than the bound, makes the run uncertain, never allowed.
 */

import { builtinModules } from 'node:module';
import { posix } from 'node:path';
import { isRecord } from '../../core';
import { SCRIPT_FILE_WRAPPER } from '../types';
import {
  type Invocation,
  isLiteral,
  optionText,
  optionWords,
  plain,
  type Reporter,
} from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { scanJavaScript } from './code-imports';
import { readBudgeted, runFileText } from './disk-scripts';
import { foldersUp, inFolder, projectFile } from './project-file';
import { configFolders, settledFile, workspaceNamed } from './runner-config';
import { MAX_IMPORT_DEPTH, MAX_PROGRAM_FILES } from './workspace-programs';

const say = (program: string, inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${program}\` ${why}`, inv.segment, 'kept');

const EXTS = ['js', 'cjs', 'mjs', 'ts', 'cts', 'mts'];
const JS_MODULE = /\.(js|cjs|mjs|ts|cts|mts|jsx|tsx)$/;
const stems = (...names: string[]) => names.flatMap((n) => EXTS.map((e) => `${n}.${e}`));

/**
 * An rc file in every form its tools look for: data (JSON, JSON5, YAML, TOML), which names modules by path as its
 * code forms import them, and code (`.prettierrc.mjs`, `.prettierrc.ts`).
 */
const RC_EXTS = ['json', 'json5', 'jsonc', 'yml', 'yaml', 'toml', ...EXTS];
const rc = (name: string) => [name, ...RC_EXTS.map((e) => `${name}.${e}`)];

/** The package.json key each tool reads its configuration from (besides its files). */
const PACKAGE_KEYS: Readonly<Record<string, readonly string[]>> = {
  jest: ['jest', 'babel'],
  prettier: ['prettier'],
  eslint: ['eslintConfig'],
  babel: ['babel'],
  postcss: ['postcss'],
  tailwindcss: ['postcss'],
  vite: ['postcss'],
  vitest: ['postcss', 'babel'],
  next: ['postcss', 'babel'],
  webpack: ['postcss', 'babel'],
  mocha: ['mocha'],
  ava: ['ava'],
  stylelint: ['stylelint'],
  xo: ['xo'],
  commitlint: ['commitlint'],
};

const BABEL = [
  ...stems('babel.config'),
  'babel.config.json',
  '.babelrc.js',
  '.babelrc.cjs',
  '.babelrc.mjs',
  '.babelrc',
  '.babelrc.json',
];
const POSTCSS = [
  ...stems('postcss.config', 'tailwind.config'),
  '.postcssrc.js',
  '.postcssrc.cjs',
  ...rc('.postcssrc'),
];

/**
 * storybook's main module (in every extension it takes, jsx and tsx too), the webpack configuration of its folder
 * (its builder's full-control mode), and the project configurations its frameworks load (vite, webpack, next,
 * svelte).
 */
const STORYBOOK = [
  ...stems(
    '.storybook/main',
    '.storybook/webpack.config',
    'vite.config',
    'webpack.config',
    'next.config',
    'svelte.config',
  ),
  '.storybook/main.jsx',
  '.storybook/main.tsx',
  ...POSTCSS,
  ...BABEL,
];

/** The configuration modules each tool loads (looked for from the cwd up to the workspace top). */
const MODULES: Readonly<Record<string, readonly string[]>> = {
  vitest: [...stems('vitest.config', 'vite.config', 'vitest.workspace'), ...POSTCSS, ...BABEL],
  vite: [...stems('vite.config'), ...POSTCSS],
  jest: [...stems('jest.config'), 'jest.config.json', ...BABEL],
  eslint: [...stems('eslint.config'), '.eslintrc.js', '.eslintrc.cjs', ...rc('.eslintrc')],
  next: [...stems('next.config'), ...POSTCSS, ...BABEL],
  nuxt: [...stems('nuxt.config'), ...POSTCSS],
  astro: [...stems('astro.config'), ...POSTCSS],
  playwright: stems('playwright.config'),
  cypress: stems('cypress.config'),
  webpack: [...stems('webpack.config'), ...POSTCSS, ...BABEL],
  rollup: stems('rollup.config'),
  tsup: stems('tsup.config'),
  postcss: POSTCSS,
  tailwindcss: POSTCSS,
  babel: BABEL,
  stylelint: [...stems('stylelint.config'), '.stylelintrc.js', '.stylelintrc.cjs', ...rc('.stylelintrc')],
  prettier: [...stems('prettier.config'), ...rc('.prettierrc')],
  // storybook runs `.storybook/main.*` (and the addons it names by path) in node, and the vite or webpack build of
  // its framework reads the project's own configuration too.
  storybook: STORYBOOK,
  'start-storybook': STORYBOOK,
  'build-storybook': STORYBOOK,
  // Test runners, linters and release tools of the safe catalogue whose configuration may be a module too.
  mocha: [
    '.mocharc.js',
    '.mocharc.cjs',
    '.mocharc.mjs',
    '.mocharc.json',
    '.mocharc.jsonc',
    '.mocharc.yml',
    '.mocharc.yaml',
  ],
  ava: stems('ava.config'),
  xo: [...stems('xo.config'), '.xo-config.js', '.xo-config.cjs'],
  'lint-staged': [
    ...stems('lint-staged.config'),
    '.lintstagedrc.js',
    '.lintstagedrc.cjs',
    '.lintstagedrc.mjs',
    ...rc('.lintstagedrc'),
  ],
  // knip loads the configuration modules of the tools its plugins know, besides its own.
  knip: [
    ...stems('knip.config', 'vite.config', 'vitest.config', 'jest.config', 'eslint.config', 'next.config'),
    '.knip.js',
  ],
  typedoc: [...stems('typedoc.config'), 'typedoc.js', '.typedoc.js'],
  'size-limit': ['.size-limit.js', '.size-limit.cjs', '.size-limit.mjs', '.size-limit.ts'],
  taze: stems('taze.config'),
  ncu: ['.ncurc.js', '.ncurc.cjs', '.ncurc.mjs'],
  'npm-check-updates': ['.ncurc.js', '.ncurc.cjs', '.ncurc.mjs'],
  'dependency-cruiser': ['.dependency-cruiser.js', '.dependency-cruiser.cjs', '.dependency-cruiser.mjs'],
  depcruise: ['.dependency-cruiser.js', '.dependency-cruiser.cjs', '.dependency-cruiser.mjs'],
  commitlint: [
    ...stems('commitlint.config'),
    '.commitlintrc.js',
    '.commitlintrc.cjs',
    '.commitlintrc.ts',
    ...rc('.commitlintrc'),
  ],
  markdownlint: ['.markdownlint.js', '.markdownlint.cjs', '.markdownlint-cli2.cjs', '.markdownlint-cli2.mjs'],
  'svelte-check': stems('svelte.config'),
  // bun's settings preload modules before every `bun run` and `bun test` (`preload`, `[test] preload`).
  bun: ['bunfig.toml'],
};

/** Options whose value is a module the tool loads. */
const MODULE_OPTIONS =
  /^--(?:config|reporter|ui|environment|plugin|resolver|testEnvironment|test-environment|format|parser|pool|rulesdir|require|loader|preset|runner|testRunner|test-runner|transformer|globalSetup|global-setup|setupFiles|setup-files|snapshotResolver|watchPlugins|customSyntax|custom-syntax|extends|parser-preset|plugins)$/;
/**
 * The one-letter options naming a module, by program: a letter means something else in each tool (`-c` is
 * `--config` for vitest, `-f` eslint's `--format`; commitlint's `-g` is `--config`, `-x` `--extends`, `-p`
 * `--parser-preset`, `-o` `--format`).
 */
const SHORT_MODULE: Readonly<Record<string, readonly string[]>> = {
  vitest: ['-c'],
  vite: ['-c'],
  jest: ['-c'],
  eslint: ['-c', '-f'],
  rollup: ['-c'],
  webpack: ['-c'],
  knip: ['-c'],
  tsup: ['-c'],
  tailwindcss: ['-c'],
  commitlint: ['-g', '-x', '-p', '-o'],
};
/**
 * The options that move where a tool looks for its configuration (`vite --root DIR`, `commitlint --cwd DIR`):
 * `--cwd` for every tool read here, and the tool's own spellings.
 */
const ROOT_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  vite: ['--root'],
  vitest: ['--root', '-r'],
  astro: ['--root'],
  commitlint: ['-d'],
};
const movesRoot = (program: string, option: string) =>
  option === '--cwd' || (ROOT_OPTIONS[program]?.includes(option) ?? false);
/** A module path rather than an installed package's name (`./r.js`, `conf/x.ts`, `evil.js`). */
const MODULE_PATH = /^(?:\.{1,2}\/|\/)|\.(?:[cm]?[jt]sx?)$/;

/** The words naming modules `program` is told to load (`--config X`, `--config=X`, `-c X`). */
function namedModules(program: string, inv: Invocation): Word[] {
  // `-cX` (a short option with its value attached) names a module as `-c X` does.
  const short = SHORT_MODULE[program] ?? [];
  const attached = inv.args.flatMap((w) => {
    const m = /^(-[A-Za-z])=?(.+)$/.exec(optionText(w));
    return m && short.includes(m[1] as string) ? [{ text: m[2] as string, flow: w.flow }] : [];
  });
  return [...attached, ...namedOptionWords(program, inv)];
}

function namedOptionWords(program: string, inv: Invocation): Word[] {
  return optionWords(
    inv.args,
    (o) => MODULE_OPTIONS.test(o) || (SHORT_MODULE[program]?.includes(o) ?? false),
  ).filter((value) => !isLiteral(value) || MODULE_PATH.test(plain(value)));
}

/**
 * bun's subcommands that list or look up packages and start no code: its preloads apply to what it runs (`bun run`,
 * `bun test`, a file), and `install`/`add`/`pm trust` run lifecycle scripts. Every word must be literal.
 */
const BUN_STARTS_NOTHING =
  /^(?:(?:outdated|audit|why|info)(?: \S+)?|pm (?:ls|hash|hash-string|hash-print|bin|cache|untrusted|view|whoami))$/;
/** Subcommands that load no configuration (help, version). */
const NO_LOAD = /^(-h|--help|-v|-V|--version|help|version|install|install-deps|uninstall)$/;
const HELP_OR_VERSION = /^(-h|--help|-v|-V|--version)$/;

let builtin: ReadonlySet<string> | undefined;
/**
 * Node's own modules: judged by the closed scan, never taken for an installed package. Read on first use, as
 * reading them loads node:module (the ES module loader's files), which a hook call otherwise never needs (ADR 0094).
 */
const isBuiltin = (spec: string): boolean => {
  builtin ??= new Set(builtinModules);
  return builtin.has(spec);
};

/** `import ... from 'x'`, `require('x')`, `import('x')` with a literal specifier. */
const SPECIFIER =
  /\b(?:(?:import|export)\s+(?:[\w*${}\s,]+?\s+from\s*)?|require\s*\(\s*|import\s*\(\s*)(['"])([^'"\n]+)\1\s*\)?/g;

/** An installed package named by its literal name (`vite`, `@vitejs/plugin-react`, `vitest/config`). */
const PACKAGE = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w.-]+)*$/i;
const packageName = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/** Packages the project links from its own files (`file:`, `link:`, `workspace:`): their code is not installed. */
function linkedPackages(dir: string, inv: Invocation, r: Reporter): Set<string> | undefined {
  const file = projectFile(inFolder(dir, 'package.json'), inv, r);
  if (file.kind === 'unknown') return undefined;
  const out = new Set<string>();
  if (file.kind !== 'text') return out;
  let json: unknown;
  try {
    json = JSON.parse(file.text);
  } catch {
    return undefined;
  }
  if (!isRecord(json)) return undefined;
  for (const key of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
    const deps = json[key];
    if (!isRecord(deps)) continue;
    for (const [name, v] of Object.entries(deps))
      if (typeof v !== 'string' || /^(file|link|workspace|portal|git|https?|github):|^[./~]/.test(v))
        out.add(name);
  }
  return out;
}

/**
 * A configuration module's text with its installed-package imports removed, or undefined when one names a package
 * the project links from its own files. Node's built-ins and relative imports stay for the closed scan.
 */
function withoutPackages(text: string, linked: ReadonlySet<string>): string | undefined {
  let bad = false;
  const rest = text.replace(SPECIFIER, (m, _q: string, spec: string) => {
    // bun's test API is the runner's own, as an installed test package is (`bun`, `bun:ffi` stay for the scan).
    if (spec === 'bun:test') return ' 0 ';
    if (spec === 'bun' || spec.startsWith('bun:')) return m;
    if (spec.startsWith('.') || spec.startsWith('node:') || isBuiltin(spec) || !PACKAGE.test(spec)) return m;
    if (linked.has(packageName(spec))) bad = true;
    return ' 0 ';
  });
  return bad ? undefined : rest;
}

/**
 * The names in folder `dir`, from one read of the folder, or undefined when it is not listed (a reader that does not
 * list folders): the caller then asks for each name, so a folder costs one read of the budget, not one per name.
 */
export function folderNames(dir: string, inv: Invocation, r: Reporter): ReadonlySet<string> | undefined {
  const file = readBudgeted(dir, inv, r);
  return file?.kind === 'unreadable' && file.entries ? new Set(file.entries) : undefined;
}

/**
 * The names in folder `dir`, or why there are none to read: `missing` when nothing is there, `unlisted` when
 * something is but its names are not known (a reader that does not list, a folder of more entries than it lists, an
 * error, the read budget spent). A reader that walks a folder to find what a tool runs must not take `unlisted`
 * for empty.
 */
export function folderListing(
  dir: string,
  inv: Invocation,
  r: Reporter,
): ReadonlySet<string> | 'missing' | 'unlisted' {
  const file = readBudgeted(dir, inv, r);
  if (file?.kind === 'missing') return 'missing';
  return file?.kind === 'unreadable' && file.entries ? new Set(file.entries) : 'unlisted';
}

/**
 * Is there an entry at `path`, by its folder's listing `names`? A folder that is there but not listed is asked for the
 * one path instead: never taken for empty.
 */
export function listedEntry(
  path: string,
  names: ReadonlySet<string> | 'missing' | 'unlisted',
  inv: Invocation,
  r: Reporter,
): boolean {
  if (names === 'missing') return false;
  if (names !== 'unlisted') return names.has(posix.basename(path));
  return readBudgeted(path, inv, r)?.kind !== 'missing';
}

/** The one workspace JavaScript file a relative specifier or a setting's path loads, or undefined. */
function resolveModule(base: string, inv: Invocation, r: Reporter): string | 'missing' | undefined {
  const candidates = JS_MODULE.test(base)
    ? [base]
    : [...EXTS.map((e) => `${base}.${e}`), ...EXTS.map((e) => `${base}/index.${e}`), `${base}.json`];
  const names = folderNames(posix.dirname(base), inv, r);
  for (const c of candidates) {
    if (names && !names.has(c.slice(posix.dirname(base).length + 1).split('/')[0] ?? '')) continue;
    const f = projectFile(c, inv, r);
    if (f.kind === 'unknown') return undefined;
    if (f.kind === 'text') return c;
  }
  return 'missing';
}

/** Paths a configuration's settings name (`./setup.js`, `<rootDir>/jest.setup.ts`): files the tool loads. */
function namedFiles(text: string, dir: string): string[] {
  return namedPaths(text, dir)
    .filter(([p]) => JS_MODULE.test(p))
    .map(([p]) => p);
}

/** Keys of a data configuration whose values are modules the tool loads, by path or by name. */
const MODULE_KEYS =
  /^(?:plugins|presets|parser|require|extends|customSyntax|processor|reporter|ui|setupFiles\w*|globalSetup|globalTeardown|transform|testEnvironment|resolver)$/;

/**
 * Relative paths a configuration names, quoted (JSON, JavaScript) or as YAML's plain scalars, each with whether
 * the nearest key before it names modules (`plugins`, `parser`, `require`, ...).
 */
function namedPaths(text: string, dir: string): [path: string, moduleKey: boolean][] {
  const out: [string, boolean][] = [];
  const seen = new Set<string>();
  const add = (raw: string, at: number) => {
    const path = posix.normalize(posix.join(dir, raw.replace(/^<rootDir>\//, './')));
    if (seen.has(path)) return;
    seen.add(path);
    const keys = [...text.slice(Math.max(0, at - 400), at).matchAll(/["']?([\w-]+)["']?\s*[:=]/g)];
    out.push([path, MODULE_KEYS.test(keys[keys.length - 1]?.[1] ?? '')]);
  };
  for (const m of text.matchAll(/(['"`])((?:\.{1,2}\/|<rootDir>\/)[^'"`\n*?$]*)\1/g))
    add(m[2] ?? '', m.index ?? 0);
  for (const m of text.matchAll(/(?:^|[\s[,:-])(\.{1,2}\/[^\s'"`,[\]{}#*?$]+)/gm))
    add(m[1] ?? '', m.index ?? 0);
  return out;
}

/** A workspace module an extensionless path names: `base.js` and the like, or (under a module key) a folder's index. */
function dataModule(
  base: string,
  moduleKey: boolean,
  inv: Invocation,
  r: Reporter,
): string | 'missing' | undefined {
  if (moduleKey) return resolveModule(base, inv, r);
  const names = folderNames(posix.dirname(base), inv, r);
  for (const c of EXTS.map((e) => `${base}.${e}`)) {
    if (names && !names.has(posix.basename(c))) continue;
    const f = projectFile(c, inv, r);
    if (f.kind === 'unknown') return undefined;
    if (f.kind === 'text') return c;
  }
  return 'missing';
}

/**
 * lint-staged's commands in a data configuration (`.lintstagedrc`, JSON or YAML) or package.json's `lint-staged`:
 * each value is shell text lint-staged runs on the staged files. Undefined when the text cannot be read that way.
 */
function lintStagedCommands(text: string, manifest: boolean): string[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (json !== undefined) {
    const section = manifest ? (isRecord(json) ? json['lint-staged'] : undefined) : json;
    if (section === undefined && manifest) return [];
    if (!isRecord(section)) return undefined;
    const out: string[] = [];
    for (const v of Object.values(section)) {
      const list = Array.isArray(v) ? v : [v];
      if (!list.every((c) => typeof c === 'string')) return undefined;
      out.push(...(list as string[]));
    }
    return out;
  }
  if (manifest) return undefined;
  // YAML: `"*.js": cmd`, or a list of commands under the pattern.
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const item = /^-\s+(.+)$/.exec(t);
    const pair = /^(["'][^"']+["']|[^\s:][^:]*?):\s*(.*)$/.exec(t);
    const value = (item?.[1] ?? pair?.[2] ?? '').trim();
    if (!item && !pair) return undefined;
    if (value === '' || value === '|' || value === '>') continue;
    out.push(value.replace(/^(["'])(.*)\1$/, '$2'));
  }
  return out;
}

function packageSections(text: string, keys: readonly string[]): string | undefined {
  try {
    const json: unknown = JSON.parse(text);
    return isRecord(json) ? JSON.stringify(keys.map((k) => json[k] ?? null)) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether every module `entries` load (imports and named files, bounded) is read and passes the closed scan. */
function modulesInert(
  entries: readonly string[],
  inv: Invocation,
  r: Reporter,
  linked: ReadonlySet<string>,
  packageKeys: readonly string[],
) {
  const queue: [string, number][] = entries.map((f) => [f, 0]);
  const seen = new Set<string>();
  for (let item = queue.shift(); item; item = queue.shift()) {
    const [path, depth] = item;
    if (seen.has(path)) continue;
    seen.add(path);
    if (seen.size > MAX_PROGRAM_FILES || depth > MAX_IMPORT_DEPTH) return false;
    const file = projectFile(path, inv, r);
    if (file.kind !== 'text') return false;
    if (!JS_MODULE.test(path)) {
      // A data configuration (JSON, YAML, an rc file): the modules it names by path are loaded. package.json: only
      // its `jest` settings are configuration.
      const text =
        posix.basename(path) === 'package.json' ? packageSections(file.text, packageKeys) : file.text;
      if (text === undefined) return false;
      for (const [named, moduleKey] of namedPaths(text, posix.dirname(path))) {
        if (JS_MODULE.test(named)) {
          queue.push([named, depth + 1]);
          continue;
        }
        const next = dataModule(named, moduleKey, inv, r);
        if (next === undefined) return false;
        if (next !== 'missing') queue.push([next, depth + 1]);
      }
      continue;
    }
    const rest = withoutPackages(file.text, linked);
    if (rest === undefined) return false;
    const scan = scanJavaScript(rest);
    if (!scan.inert) return false;
    const dir = posix.dirname(path);
    for (const spec of scan.follow) {
      const next = resolveModule(posix.normalize(posix.join(dir, spec)), inv, r);
      if (next === undefined || next === 'missing') return false;
      queue.push([next, depth + 1]);
    }
    for (const named of namedFiles(file.text, dir)) {
      const next = resolveModule(named, inv, r);
      if (next === undefined) return false;
      // A folder, a glob root or a file of another kind: not a module the tool loads.
      if (next !== 'missing' && JS_MODULE.test(next)) queue.push([next, depth + 1]);
    }
  }
  return true;
}

/** playwright's `webServer.command`: shell commands it starts before the tests, analysed as `sh -c` text. */
function webServer(text: string, inv: Invocation, r: Reporter): boolean {
  const at = text.search(/\bwebServer\b/);
  if (at < 0) return true;
  const tail = text.slice(at);
  const commands: string[] = [];
  for (const m of tail.matchAll(/\bcommand\s*:\s*/g)) {
    const value = /^(['"])((?:[^\\'"\n]|\\.)*)\1/.exec(tail.slice((m.index ?? 0) + m[0].length));
    if (!value || (value[2] ?? '').includes('\\')) return false;
    commands.push(value[2] ?? '');
  }
  if (commands.length === 0) return false;
  runFileText(commands.map((c) => `(\n${c}\n)`).join('\n'), inv, r, `${inv.program}${SCRIPT_FILE_WRAPPER}`);
  return true;
}

/** lint-staged's commands of a data configuration, analysed as `sh -c` text; false when they cannot be read. */
function lintStaged(text: string, manifest: boolean, inv: Invocation, r: Reporter): boolean {
  const commands = lintStagedCommands(text, manifest);
  if (commands === undefined) return false;
  if (commands.length > 0)
    runFileText(commands.map((c) => `(\n${c}\n)`).join('\n'), inv, r, `${inv.program}${SCRIPT_FILE_WRAPPER}`);
  return true;
}

/** bazel and bazelisk subcommands that run the rules of BUILD files (genrules, tests, binaries). */
const BAZEL_RUNS = /^(build|test|run|coverage|fetch|sync|mobile-install|aquery|cquery|print_action)$/;

/** nx's commands that run no target (other first words name targets: `nx build web`, `nx run web:build`). */
const NX_QUIET =
  /^(graph|show|list|report|reset|daemon|help|format|format:check|print-affected|view-logs|--help|-h|--version)$/;
/** nx's commands that build no project graph, so load none of the plugins nx.json names. */
const NX_NO_GRAPH = /^(help|view-logs|--help|-h|--version|-v)$/;
/** nx's own plugins, installed packages (`@nx/vite/plugin`); any other entry may be a workspace folder or alias. */
const NX_OWN_PLUGIN = /^@(?:nx|nrwl)\/[a-z0-9-]+(?:\/plugin)?$/;
const nxFirst = (words: readonly string[]) => words.find((w) => !w.startsWith('-')) ?? words[0];
const nxRunsTargets = (words: readonly string[]) => {
  const first = nxFirst(words);
  return first !== undefined && !NX_QUIET.test(first);
};

/**
 * Is nx's own package `name` (`@nx/vite/plugin`) installed where node looks for it from `dir`: the nearest
 * `node_modules/@nx/vite` with a package.json, really inside a `node_modules` folder? One the workspace links there
 * (a workspace package of that name), or none at all (nx then looks among the workspace's own projects), is the
 * workspace's code.
 */
function nxInstalled(name: string, dir: string, inv: Invocation, r: Reporter): boolean {
  const pkg = name.replace(/\/plugin$/, '');
  for (const d of foldersUp(dir)) {
    const folder = inFolder(d, `node_modules/${pkg}`);
    const manifest = projectFile(inFolder(folder, 'package.json'), inv, r);
    if (manifest.kind === 'missing') continue;
    if (manifest.kind !== 'text') return false;
    const real = r.env.realpath ? r.env.realpath(folder) : folder;
    return typeof real === 'string' && real.split('/').includes('node_modules');
  }
  // Not installed: nx then resolves the name among the workspace's own projects (tsconfig path aliases, package
  // names): the workspace's code.
  return false;
}

/**
 * Does nx.json's text name a plugin that is not one of nx's own packages, installed (`./tools/plugin`, a path
 * alias, a workspace package)? nx imports every plugin to build the project graph (`nx show projects`, `nx graph`,
 * `nx report`, `nx format:check`, ...). A file that does not parse, or a `plugins` that is not a list, counts.
 */
function nxNamesOtherPlugins(text: string, installed: (name: string) => boolean): boolean {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return true;
  }
  // `extends` merges another file's settings (its plugins too): not followed here.
  if (!isRecord(json) || json.extends !== undefined) return true;
  const plugins = json.plugins;
  if (plugins === undefined) return false;
  if (!Array.isArray(plugins)) return true;
  return plugins.some((p) => {
    const name = isRecord(p) ? p.plugin : p;
    return typeof name !== 'string' || !NX_OWN_PLUGIN.test(name) || !installed(name);
  });
}

/** The programs configModules looks at. */
export const CONFIG_MODULES_PROGRAMS = () => ['bazel', 'bazelisk', 'nx', ...Object.keys(MODULES)];

const STORYBOOK_PROGRAMS = new Set(['storybook', 'start-storybook', 'build-storybook']);

/** A relative name without an extension (`./local-preset`, `../addons/sync`): storybook resolves it as `require`. */
const BARE_RELATIVE = /(['"`])(\.{1,2}\/[^'"`\n*?$]*)\1/g;

/**
 * storybook's main modules among `entries`: each relative name without an extension is resolved as storybook does
 * (the file with a module extension, the folder's index, the folder's `preset`) and added to `entries`. False when
 * one cannot be read, or the main module names a build configuration by path (`viteConfigPath`), not followed here.
 */
function storybookAddons(
  entries: string[],
  inv: Invocation,
  r: Reporter,
  linked: ReadonlySet<string>,
): boolean {
  for (const path of entries.filter((e) => /\/\.storybook\/main\.[a-z]+$/.test(e))) {
    const file = projectFile(path, inv, r);
    if (file.kind !== 'text') continue;
    // A build configuration named by path, a path built from the module's own folder or the cwd, an absolute one.
    if (
      /\bviteConfigPath\b|\bconfigPath\b|__dirname|__filename|process\.cwd\b|(['"`])\/[^'"`\n]*\1/.test(
        file.text,
      )
    )
      return false;
    // A package the project links from its own files (`file:`, `workspace:`), named as an addon or framework.
    for (const m of file.text.matchAll(/(['"`])([^'"`\s]+)\1/g))
      if (linked.has(packageName(m[2] ?? ''))) return false;
    for (const m of file.text.matchAll(BARE_RELATIVE)) {
      const raw = m[2] ?? '';
      if (JS_MODULE.test(raw) || raw.includes('*')) continue;
      const base = posix.normalize(posix.join(posix.dirname(path), raw));
      let any = false;
      for (const candidate of [base, `${base}/preset`]) {
        const found = resolveModule(candidate, inv, r);
        if (found === undefined) return false;
        if (found === 'missing') continue;
        any = true;
        if (!entries.includes(found)) entries.push(found);
      }
      // A folder whose package.json names its entry (`main`, `exports`): not followed here.
      if (!any && projectFile(inFolder(base, 'package.json'), inv, r).kind !== 'missing') return false;
    }
  }
  return true;
}

/**
 * The subcommands of the tools that take their project folder as a positional word (`next build apps/web`,
 * `vite build site`, `nuxt dev app`); any other positional word may be that folder.
 */
const PROJECT_SUBCOMMANDS: Readonly<Record<string, ReadonlySet<string>>> = {
  next: new Set(
    'build dev start lint export info telemetry experimental-compile experimental-generate experimental-test'.split(
      ' ',
    ),
  ),
  vite: new Set(['build', 'serve', 'dev', 'preview', 'optimize']),
  nuxt: new Set(
    'dev build generate preview prepare typecheck analyze info upgrade cleanup add init module test'.split(
      ' ',
    ),
  ),
};

/** The options of those tools that take the next word as their value. */
const PROJECT_VALUE_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  next: new Set(
    '-p --port -H --hostname --keepAliveTimeout --experimental-https-key --experimental-https-cert --experimental-https-ca -d --dir --file --ext -c --config --resolve-plugins-relative-to --rulesdir --max-warnings -o --output-file -f --format --cache-location --cache-strategy'.split(
      ' ',
    ),
  ),
  vite: new Set(
    '--host --port --base --mode -m --logLevel -l --filter -f --outDir --assetsDir --assetsInlineLimit --target -c --config'.split(
      ' ',
    ),
  ),
  nuxt: new Set('-p --port --host --dotenv --envName --logLevel --preset --profile -e --extends'.split(' ')),
};

/**
 * next, vite and nuxt load the configuration of the project folder a positional word names, not the cwd's: each
 * positional word (an option's value too, which is read as a folder in vain) is judged as the cwd the tool would
 * take, besides the cwd itself. False when one is named at run time or outside the workspace (reported).
 */
function projectFolders(program: string, inv: Invocation, r: Reporter): boolean {
  const subcommands = PROJECT_SUBCOMMANDS[program];
  if (!subcommands) return true;
  let first = true;
  const takesValue = PROJECT_VALUE_OPTIONS[program] ?? new Set<string>();
  for (const [k, w] of inv.args.entries()) {
    const text = optionText(w);
    if (text.startsWith('-')) continue;
    // The value of an option (`--port 3000`, `--outDir /tmp/dist`) is no project folder.
    if (k > 0 && takesValue.has(optionText(inv.args[k - 1]))) continue;
    if (first && isLiteral(w) && subcommands.has(text)) {
      first = false;
      continue;
    }
    first = false;
    const path = workspaceNamed(w, inv, r);
    if (path === undefined) {
      say(program, inv, r, 'builds a project folder named at run time or outside the workspace');
      return false;
    }
    if (path !== inv.cwd)
      configModulesAt({ ...inv, cwd: path, args: inv.args.filter((_, j) => j !== k) }, r, true);
  }
  return true;
}

export function configModules(inv: Invocation, r: Reporter): void {
  configModulesAt(inv, r, false);
}

function configModulesAt(inv: Invocation, r: Reporter, nested: boolean): void {
  const program = inv.program;
  const words = inv.args.filter(isLiteral).map((w) => plain(w));
  if (program === 'bazel' || program === 'bazelisk') {
    const sub = words.find((w) => !w.startsWith('-'));
    if (sub !== undefined && BAZEL_RUNS.test(sub))
      say(program, inv, r, "runs the rules of the workspace's BUILD files, which gavel does not read");
    return;
  }
  if (program === 'nx' && inv.cwd !== undefined && r.env.readScript) {
    const targets = nxRunsTargets(words);
    if (!targets && NX_NO_GRAPH.test(nxFirst(words) ?? '')) return;
    for (const dir of configFolders(inv.cwd, r)) {
      const file = projectFile(inFolder(dir, 'nx.json'), inv, r);
      if (file.kind === 'unknown') return;
      if (file.kind !== 'text') continue;
      if (targets)
        say(
          program,
          inv,
          r,
          'runs targets nx finds in project files anywhere in the workspace, which gavel does not read',
        );
      else if (nxNamesOtherPlugins(file.text, (name) => nxInstalled(name, dir, inv, r)))
        say(
          program,
          inv,
          r,
          'builds its project graph with plugins nx.json names, which gavel does not read',
        );
      return;
    }
    return;
  }
  const names = MODULES[program];
  if (!names || !r.env.readScript || inv.cwd === undefined) return;
  // next, vite and nuxt take any other word (`install`) as their project folder.
  const noLoad = PROJECT_SUBCOMMANDS[program] ? HELP_OR_VERSION : NO_LOAD;
  if (words.some((w) => noLoad.test(w)) && words.length <= 2) return;
  // playwright's report and trace viewers open files of a finished run; they load no configuration.
  if (program === 'playwright' && /^show-(?:report|trace)$/.test(words[0] ?? '')) return;
  if (!nested && !projectFolders(program, inv, r)) return;
  // storybook's `-c`/`--config-dir` names the folder of its main module: not followed here.
  if (
    STORYBOOK_PROGRAMS.has(program) &&
    inv.args.some((w) => /^(?:-c|--config-dir)(?:=.*)?$/.test(optionText(w)))
  ) {
    say(program, inv, r, 'loads its main module from a folder its options name, which gavel does not follow');
    return;
  }
  // bun's package commands that start no code (`bun pm ls`, `bun outdated`): its preloads do not run.
  if (
    program === 'bun' &&
    words.length === inv.args.length &&
    BUN_STARTS_NOTHING.test(words.slice(0, 2).join(' '))
  )
    return;
  // jest's `--rootDir DIR` keeps the configuration it finds from the cwd but moves where its `<rootDir>` paths lead:
  // not followed here.
  if (program === 'jest' && optionWords(inv.args, (o) => o === '--rootDir').length > 0) {
    say(program, inv, r, 'reads a configuration that moves its root or runs projects gavel does not follow');
    return;
  }
  // `--root DIR` (vite, vitest), `--cwd DIR` moves where the configuration is looked for.
  const roots = optionWords(inv.args, (o) => movesRoot(program, o));
  let start = inv.cwd;
  for (const root of roots) {
    const path = workspaceNamed(root, inv, r);
    if (path === undefined) {
      say(
        program,
        inv,
        r,
        'looks for its configuration in a folder outside the workspace or named at run time',
      );
      return;
    }
    start = path;
  }
  // lint-staged runs the commands of its configuration in the folder `--cwd` names, where the tools they start look
  // for their own configurations: not followed here.
  if (program === 'lint-staged' && start !== inv.cwd) {
    say(program, inv, r, 'runs its commands in another folder, which gavel does not follow');
    return;
  }
  const folders = configFolders(start, r);
  const linked = linkedPackages(folders[folders.length - 1] ?? inv.cwd, inv, r);
  const near = linkedPackages(start, inv, r);
  if (!linked || !near) {
    say(
      program,
      inv,
      r,
      'reads a package.json that does not parse: what its configuration loads is uncertain',
    );
    return;
  }
  for (const n of near) linked.add(n);
  const entries: string[] = [];
  for (const dir of folders) {
    const listed = folderNames(dir, inv, r);
    for (const name of names) {
      // `.storybook/main.ts`: the folder's own entry is the first part of the name.
      if (listed && !listed.has(name.split('/')[0] as string)) continue;
      const path = inFolder(dir, name);
      const file = projectFile(path, inv, r);
      if (file.kind === 'unknown') return;
      if (file.kind !== 'text') continue;
      entries.push(path);
      // vitest runs each project of a workspace with that project's own configuration, and jest places `<rootDir>`
      // where a `rootDir` setting says: neither is followed here.
      if (
        (program === 'vitest' &&
          (name.startsWith('vitest.workspace') || /\b(?:projects|workspace)["']?\s*:/.test(file.text))) ||
        (program === 'jest' && /\bprojects["']?\s*:/.test(file.text)) ||
        (program === 'jest' && /\brootDir['"]?\s*:/.test(file.text))
      ) {
        say(
          program,
          inv,
          r,
          'reads a configuration that moves its root or runs projects gavel does not follow',
        );
        return;
      }
      if (program === 'lint-staged' && !JS_MODULE.test(path) && !lintStaged(file.text, false, inv, r)) {
        say(program, inv, r, 'reads a configuration whose commands gavel cannot read');
        return;
      }
      if (program === 'playwright' && !webServer(file.text, inv, r)) {
        say(program, inv, r, 'reads a configuration whose web server command gavel cannot read');
        return;
      }
    }
  }
  // Above the workspace (the user's home and beyond) eslint, prettier, stylelint and others keep looking when the
  // project has none of their files (checked with eslint 9, prettier 3, stylelint 16): one there is code gavel does
  // not read.
  for (const dir of foldersUp(folders[folders.length - 1] ?? start).slice(1)) {
    for (const name of names) {
      const kind = settledFile(inFolder(dir, name), inv, r).kind;
      if (kind === 'unknown') return;
      if (kind === 'missing' || kind === 'unread') continue;
      say(
        program,
        inv,
        r,
        'looks for its configuration above the workspace, where a file of it is code gavel does not read',
      );
      return;
    }
  }
  // A module named on the command line (`--config evil.js`, `--reporter ./r.js`) is loaded as the default one is;
  // a tool resolves it against its `--root` or `--cwd`, which this reading does not.
  const named = namedModules(program, inv);
  if (named.length > 0 && start !== inv.cwd) {
    say(program, inv, r, 'loads a module named relative to another root');
    return;
  }
  for (const module of named) {
    const path = workspaceNamed(module, inv, r);
    if (path === undefined) {
      say(
        program,
        inv,
        r,
        'loads a module named on its command line from outside the workspace or at run time',
      );
      return;
    }
    const file = projectFile(path, inv, r);
    if (file.kind === 'unknown') return;
    if (file.kind !== 'text') {
      say(program, inv, r, 'loads a module named on its command line that could not be read');
      return;
    }
    entries.push(path);
  }
  if (program === 'lint-staged') {
    const manifest = projectFile(inFolder(start, 'package.json'), inv, r);
    if (manifest.kind === 'text' && !lintStaged(manifest.text, true, inv, r)) {
      say(program, inv, r, 'reads a package.json whose `lint-staged` commands gavel cannot read');
      return;
    }
  }
  // package.json's section for the tool (`jest`, `prettier`, `eslintConfig`, `babel`, ...): the files its settings
  // name are loaded as the configuration's own.
  const packageKeys = PACKAGE_KEYS[program] ?? [];
  if (packageKeys.length > 0) {
    const manifest = projectFile(inFolder(start, 'package.json'), inv, r);
    if (manifest.kind === 'text' && packageKeys.some((k) => new RegExp(`"${k}"\\s*:`).test(manifest.text))) {
      if (program === 'jest' && /"rootDir"\s*:/.test(manifest.text)) {
        say(
          program,
          inv,
          r,
          'reads a configuration that moves its root or runs projects gavel does not follow',
        );
        return;
      }
      entries.push(inFolder(start, 'package.json'));
    }
  }
  if (STORYBOOK_PROGRAMS.has(program) && !storybookAddons(entries, inv, r, linked)) {
    say(
      program,
      inv,
      r,
      'loads addons or a build configuration its main module names, which gavel does not follow',
    );
    return;
  }
  if (entries.length > 0 && !modulesInert(entries, inv, r, linked, packageKeys))
    say(program, inv, r, 'loads a configuration module that gavel cannot show runs nothing else');
}
