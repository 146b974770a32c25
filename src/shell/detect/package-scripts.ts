/**
 * Package scripts a JavaScript package manager runs (`npm test`, `npm run x`, `pnpm x`, `yarn x`, `bun run x`,
 * and the root package's lifecycle scripts on `install`, `pack`, `publish`, `version`): read from the nearest
 * `package.json` (through project-file.ts) and analysed as the `sh -c` text the manager runs, with the `pre`
 * and `post` scripts it runs around them. Decides no category itself; never quotes the file. Pure apart from
 * the injected reader and reporting.
 * A run in several workspace packages (`-r`, `--workspaces`, `yarn workspaces foreach`) reads each package's.
 * INVARIANT: a manifest that cannot be read or parsed, a folder known only at run time, or scripts of workspace
 * packages gavel does not read are uncertain, never silently allowed.
 */

import { posix } from 'node:path';
import { isRecord, isUnder } from '../../core';
import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { binShadows } from './bin-shadows';
import { runFileText } from './disk-scripts';
import { resolveArg } from './path-effects';
import { foldersUp, inFolder, projectFile, unknownFolder } from './project-file';
import { workspacePackages, workspacePackagesIfAny } from './workspace-runs';

const MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
/** The programs packageScripts looks at. */
export const PACKAGE_SCRIPTS_PROGRAMS = () => [...MANAGERS];

/** Lifecycle scripts of the root package, by the command that runs them. */
const INSTALL = [
  'preinstall',
  'install',
  'postinstall',
  'prepublish',
  'preprepare',
  'prepare',
  'postprepare',
];
const LIFECYCLE: Readonly<Record<string, readonly string[]>> = {
  install: INSTALL,
  ci: INSTALL,
  rebuild: INSTALL,
  // Reinstalling what is there (`npm update`, `dedupe`, `audit fix`) builds packages as `install` does; whether the
  // workspace's own lifecycle scripts run then is not told apart here: they are read as if they do.
  update: INSTALL,
  dedupe: INSTALL,
  'audit-fix': INSTALL,
  // These put the tree in place again and run the workspace packages' install scripts (below), not the root's.
  prune: [],
  uninstall: [],
  pack: ['prepack', 'prepare', 'postpack'],
  publish: ['prepublishOnly', 'prepack', 'prepare', 'postpack', 'publish', 'postpublish'],
  version: ['preversion', 'version', 'postversion'],
  restart: [
    'prerestart',
    'restart',
    'postrestart',
    'prestop',
    'stop',
    'poststop',
    'prestart',
    'start',
    'poststart',
  ],
};

const ALIASES: Readonly<Record<string, string>> = {
  i: 'install',
  in: 'install',
  ins: 'install',
  inst: 'install',
  insta: 'install',
  instal: 'install',
  isnt: 'install',
  isntall: 'install',
  add: 'install',
  'clean-install': 'ci',
  ic: 'ci',
  'install-clean': 'ci',
  'isntall-clean': 'ci',
  rb: 'rebuild',
  up: 'update',
  upgrade: 'update',
  udpate: 'update',
  ddp: 'dedupe',
  remove: 'uninstall',
  rm: 'uninstall',
  un: 'uninstall',
  r: 'uninstall',
  t: 'test',
  tst: 'test',
  'run-script': 'run',
  rum: 'run',
  urn: 'run',
  'install-test': 'install-test',
  it: 'install-test',
  cit: 'install-test',
  'install-ci-test': 'install-test',
};

/** Commands of each manager that are not package scripts (`yarn add`, `pnpm why`); other words name a script. */
const BUILTINS: Readonly<Record<string, ReadonlySet<string>>> = {
  pnpm: new Set(
    'add audit bin config create deploy dlx doctor env exec fetch help import init install i licenses link ln list ls outdated pack patch patch-commit patch-remove prune publish rebuild rb remove rm uninstall un unlink root server setup store update up upgrade why self-update cat-file cat-index find-hash approve-builds ignored-builds dedupe'.split(
      ' ',
    ),
  ),
  yarn: new Set(
    'add audit autoclean bin cache check config constraints create dedupe dlx exec explain generate-lock-entry global help import info init install licenses link list login logout npm outdated owner pack patch patch-commit plugin policies publish rebuild remove search set tag team unlink unplug up upgrade upgrade-interactive version versions why workspace workspaces node'.split(
      ' ',
    ),
  ),
  bun: new Set(
    'add audit build create completions exec feedback help init install i link outdated patch pm publish remove rm repl upgrade update unlink why x test'.split(
      ' ',
    ),
  ),
};

/**
 * yarn's commands in every major version (1 and 2+). Its other commands exist in one line only (`check`,
 * `autoclean`, `global` in yarn 1; `dlx`, `constraints`, `rebuild`, `up` in 2+): under the other, `yarn check` runs the
 * manifest's `check` script. Which yarn runs is not the command's to say, so a script of that name is read as run.
 */
const YARN_EVERY_VERSION = new Set(
  'add bin cache config exec info init install link pack remove unlink version why workspace workspaces'.split(
    ' ',
  ),
);

/**
 * Every word a manager may take as a command of its own in some version, or hand to npm (pnpm's pass-through):
 * a script of that name is not known to run by its bare name (`pnpm m exec ...`, `yarn constraints --fix`).
 */
const MAYBE_BUILTIN = new Set([
  ...Object.values(BUILTINS).flatMap((set) => [...set]),
  ...'access adduser bugs c cache ci cit clean-install completion ddp dedupe deprecate dist-tag docs edit explore find-dupes fund get hook home i install-ci-test install-test isntall it la ll login logout m multi org owner ping pkg profile query recursive repo restart run-script s sbom se search set shrinkwrap star stars start stop t team test token tst un unpublish unstar v version view whoami x xmas info show'.split(
    ' ',
  ),
]);

/** Is `command` a builtin of `program` whatever its version, so that a script of that name never runs by it? */
function alwaysBuiltin(program: string, command: string): boolean {
  if (!BUILTINS[program]?.has(command)) return false;
  return program !== 'yarn' || YARN_EVERY_VERSION.has(command);
}

/** Options taking a value, per manager (`--prefix DIR`); the folder options are read. */
const VALUES: Readonly<Record<string, ReadonlySet<string>>> = {
  npm: new Set([
    '--prefix',
    '-C',
    '--registry',
    '--cache',
    '--userconfig',
    '--globalconfig',
    '--loglevel',
    '--tag',
  ]),
  pnpm: new Set(['-C', '--dir', '--registry', '--reporter', '--loglevel', '--store-dir']),
  yarn: new Set(['--cwd', '--registry', '--cache-folder', '--modules-folder', '--mutex']),
  bun: new Set(['--cwd', '--registry', '--config', '-c', '--cache-dir']),
};
const FOLDER_OPTIONS = new Set(['--prefix', '-C', '--dir', '--cwd']);
/** Options that run the scripts of other packages of a workspace, which are not read. */
const WORKSPACE = /^(-w|--workspace|--workspaces|-ws|--filter|-F|-r|--recursive|--filter-prod)(=|$)/;
/**
 * Options naming one workspace package, per manager (`pnpm -F web build`, `npm -w web test`; yarn's is the
 * `workspace NAME` command): that one is read.
 */
const FILTER: Readonly<Record<string, ReadonlySet<string>>> = {
  pnpm: new Set(['-F', '--filter']),
  npm: new Set(['-w', '--workspace']),
};

interface Parsed {
  command: string;
  /** Where the command word stands in the invocation's arguments. */
  commandAt: number;
  rest: Word[];
  /** Every word after the command word, options too (pnpm, yarn and bun hand a script all of them). */
  after: Word[];
  folder?: Word;
  /** The one workspace package named by a filter option. */
  filter?: Word;
  workspaces: boolean;
  /** pnpm's `-w`/`--workspace-root`: the command runs in the workspace's root package, wherever it starts. */
  workspaceRoot: boolean;
  ignoreScripts: boolean;
  /** npm's `--dry-run` / `--package-lock-only`: the tree is not put in place (the last of them wins). */
  noReify: boolean;
}

function parse(inv: Invocation): Parsed | undefined {
  const values = VALUES[inv.program] ?? new Set<string>();
  let folder: Word | undefined;
  let filter: Word | undefined;
  let workspaces = false;
  let workspaceRoot = false;
  let ignoreScripts = false;
  let noReify = false;
  let command: string | undefined;
  let commandAt = -1;
  const rest: Word[] = [];
  const after: Word[] = [];
  const args = inv.args;
  for (let k = 0; k < args.length; k++) {
    const w = args[k] as Word;
    const t = plain(w);
    if (command !== undefined && t === '--') {
      rest.push(...args.slice(k + 1));
      break;
    }
    if (t.startsWith('-') && t.length > 1) {
      // pnpm's `-w` is `--workspace-root` and takes no value (npm's `-w NAME` names a workspace).
      if (inv.program === 'pnpm' && (t === '-w' || t === '--workspace-root')) {
        workspaceRoot = true;
        continue;
      }
      if (t === '--ignore-scripts' || t === '--ignore-scripts=true') ignoreScripts = true;
      else if (t === '--ignore-scripts=false') ignoreScripts = false;
      const dry = /^--(?:dry-run|package-lock-only)(?:=(true|false))?$/.exec(t);
      if (dry && inv.program === 'npm') noReify = dry[1] !== 'false';
      const eq = t.indexOf('=');
      const name = eq < 0 ? t : t.slice(0, eq);
      if (WORKSPACE.test(t)) {
        const value = eq < 0 ? args[k + 1] : { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow };
        // One package named by a filter is read; several, or all of them (`-r`), are not.
        if (FILTER[inv.program]?.has(name) && value && filter === undefined && !workspaces) filter = value;
        else workspaces = true;
        if (filter !== undefined && workspaces) filter = undefined;
      }
      if (FOLDER_OPTIONS.has(name))
        folder = eq < 0 ? args[k + 1] : { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow };
      // `-Cvendor/tool`: the short folder option with its value attached (npm and pnpm read it so).
      else if (/^-C[^=]/.test(t) && values.has('-C'))
        folder = { text: w.text.replace(/^-C/, ''), flow: w.flow };
      if (eq < 0 && (values.has(t) || /^(-w|--workspace|--filter|-F|--filter-prod)$/.test(t))) k++;
      continue;
    }
    if (command === undefined) {
      command = t;
      commandAt = k;
      after.push(...args.slice(k + 1));
    } else rest.push(w);
  }
  if (command === undefined) {
    // `yarn` and `bun` alone install; `npm`/`pnpm` alone print help.
    if (inv.program === 'yarn') command = 'install';
    else return undefined;
  }
  if (filter !== undefined && workspaces) filter = undefined;
  // `yarn workspace NAME CMD ARGS`: CMD run in the one workspace package NAME, as a filter names it.
  if (inv.program === 'yarn' && command === 'workspace') {
    const [name, next, ...later] = rest;
    if (name === undefined || next === undefined || filter !== undefined || workspaces) return undefined;
    filter = name;
    command = plain(next);
    rest.splice(0, rest.length, ...later);
    after.splice(0, after.length, ...after.slice(after.indexOf(next) + 1));
  }
  // `npm audit fix` installs the fixed versions.
  // (Any word `fix` after it: the values of its options, `--audit-level high`, are not told apart here.)
  if (inv.program === 'npm' && command === 'audit' && rest.some((w) => plain(w) === 'fix'))
    command = 'audit-fix';
  const parsed: Parsed = {
    command: ALIASES[command] ?? command,
    commandAt,
    rest,
    after,
    folder,
    workspaces,
    workspaceRoot,
    ignoreScripts,
    noReify,
  };
  if (filter !== undefined) parsed.filter = filter;
  return parsed;
}

/** The script names a command runs, in order; `main`: the one that takes the extra arguments. */
function scriptsRun(
  p: Parsed,
  program: string,
  scripts: Record<string, unknown>,
): { names: string[]; main?: string } {
  const around = (name: string) => [`pre${name}`, name, `post${name}`];
  const { command } = p;
  if (command === 'run') {
    const name = p.rest[0] ? plain(p.rest[0]) : undefined;
    if (name === undefined) return { names: [] };
    return { names: p.ignoreScripts ? [name] : around(name), main: name };
  }
  if (['test', 'start', 'stop'].includes(command) && !(program === 'bun' && command === 'test'))
    return { names: p.ignoreScripts ? [command] : around(command), main: command };
  if (command === 'install-test')
    return { names: p.ignoreScripts ? ['test'] : [...INSTALL, ...around('test')] };
  const lifecycle = LIFECYCLE[command];
  if (lifecycle && !(program !== 'npm' && command === 'version'))
    return { names: p.ignoreScripts ? [] : [...lifecycle] };
  // `pnpm x`, `yarn x`, `bun x`: a word that is not the manager's own command names a script, when there is one.
  if (BUILTINS[program] && !alwaysBuiltin(program, command) && typeof scripts[command] === 'string')
    return { names: p.ignoreScripts ? [command] : around(command), main: command };
  return { names: [] };
}

/** A word as the manager passes it on: single-quoted, or a dynamic value. */
function quoted(w: Word): string {
  return isLiteral(w) ? `'${plain(w).replaceAll("'", "'\\''")}'` : '"$npm_run_arg"';
}

/** Names the command may run without the manifest (a script name), for deciding whether to read it. */
function mayRunScripts(p: Parsed, program: string): boolean {
  const c = p.command;
  if (['run', 'test', 'start', 'stop', 'install-test'].includes(c)) return c !== 'test' || program !== 'bun';
  if (LIFECYCLE[c]) return true;
  return BUILTINS[program] !== undefined && !alwaysBuiltin(program, c);
}

function parseManifest(text: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(text);
    if (!isRecord(json)) return undefined;
    const scripts = json.scripts;
    if (scripts === undefined) return {};
    return isRecord(scripts) ? scripts : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The root of the pnpm workspace `from` is in (`pnpm -w`): the nearest folder up holding pnpm-workspace.yaml, read
 * or not; none (pnpm refuses `-w` outside a workspace) is undefined.
 */
export function pnpmWorkspaceRoot(from: string, inv: Invocation, r: Reporter): string | undefined {
  return foldersUp(from).find(
    (dir) => projectFile(inFolder(dir, 'pnpm-workspace.yaml'), inv, r).kind !== 'missing',
  );
}

/**
 * The folder of the one workspace package a filter names: a path (`./packages/web`) holding a package.json, or a
 * name (`web`, `@shop/web`) matched against the `name` of each package.json the workspace lists. A
 * selector (`web...`, `{dir}`, `!x`, a glob) or a package not found is undefined: uncertain.
 */
export function filteredPackage(word: Word, root: string, inv: Invocation, r: Reporter): string | undefined {
  if (!isLiteral(word)) return undefined;
  const t = plain(word);
  if (t === '' || /[*?[\]{}^!\s]|\.\.\./.test(t)) return undefined;
  // A package's name, '' for none, undefined for no package.json, null for a manifest not read (pnpm also reads
  // `package.yaml` and `package.json5`).
  const nameOf = (dir: string): string | undefined | null => {
    const file = projectFile(inFolder(dir, 'package.json'), inv, r);
    if (file.kind === 'missing') {
      for (const other of ['package.yaml', 'package.json5'])
        if (projectFile(inFolder(dir, other), inv, r).kind !== 'missing') return null;
      return undefined;
    }
    if (file.kind !== 'text') return null;
    try {
      const json: unknown = JSON.parse(file.text);
      const name = (json as { name?: unknown } | null)?.name;
      return typeof name === 'string' ? name : '';
    } catch {
      return null;
    }
  };
  const listed = workspacePackagesIfAny({ ...inv, cwd: root }, r);
  const byFolder = () => {
    const dir = posix.resolve(root, t);
    if (typeof nameOf(dir) !== 'string') return undefined;
    // A folder selects every listed package under it (npm's parent folder; pnpm 10 only the one at it): one nested
    // below this one makes several.
    return listed?.some((d) => d !== dir && isUnder(d, dir)) ? undefined : dir;
  };
  if (/^\.{1,2}(\/|$)/.test(t)) return byFolder();
  // A name selects every package the workspace lists under it (pnpm, npm and yarn read the listing, not folder
  // names), pnpm's root package too, and pnpm takes a scoped package by its name alone (`api` for `@s/api`): one is
  // read; none, several, a manifest not read or no listing is uncertain.
  const top = inv.program === 'pnpm' ? pnpmWorkspaceRoot(root, inv, r) : undefined;
  const candidates = [...(top === undefined ? [] : [top]), ...(listed ?? []).filter((d) => d !== top)];
  const names = candidates.map((dir) => [dir, nameOf(dir)] as const);
  if (names.some(([, n]) => n === null)) return undefined;
  const matches = names.filter(
    ([, n]) => n === t || (inv.program === 'pnpm' && !t.includes('/') && n?.endsWith(`/${t}`) === true),
  );
  if (matches.length === 1) return matches[0]?.[0];
  // npm takes a workspace's folder as well as its name (`npm -w packages/web`): a listed package's folder, by path.
  if (matches.length === 0 && inv.program === 'npm' && t.includes('/')) {
    const dir = byFolder();
    return dir !== undefined && listed?.includes(dir) ? dir : undefined;
  }
  return undefined;
}

/**
 * A script run in every package of the workspace (`pnpm -r test`, `npm test --workspaces`, `yarn workspaces
 * foreach run lint`): the packages listed by the workspace (patterns expanded, workspace-runs.ts), each one's
 * scripts read and analysed as the manager runs them.
 */
function inPackages(p: Parsed, inv: Invocation, r: Reporter, say: (why: string) => void): void {
  if (p.command === 'run' && p.rest[0] && !isLiteral(p.rest[0])) {
    say('runs a package script named at run time');
    return;
  }
  // No reader: judged by its name, as every package script is.
  if (!r.env.readScript) return;
  if (inv.cwd === undefined) {
    unknownFolder(inv, r);
    return;
  }
  const folders = workspacePackages(inv, r);
  if (!folders) return;
  for (const dir of folders) {
    const file = projectFile(inFolder(dir, 'package.json'), inv, r);
    if (file.kind === 'missing') continue;
    if (file.kind !== 'text' || !runScripts(p, file.text, dir, inv, r, say)) return;
  }
}

/**
 * The scripts `p` runs from the package.json text of `dir`, each analysed as the shell text it is (the main
 * script with the words given after it); the scripts, or undefined when the file does not parse (said).
 */
function runScripts(
  p: Parsed,
  manifest: string,
  dir: string,
  inv: Invocation,
  r: Reporter,
  say: (why: string) => void,
): Record<string, unknown> | undefined {
  const scripts = parseManifest(manifest);
  if (!scripts) {
    say('reads a package.json that does not parse: what it runs is uncertain');
    return undefined;
  }
  const { names, main } = scriptsRun(p, inv.program, scripts);
  // `pnpm x` with a script `x`: the catalogue reads the segment as `pnpm run x` (its options checked as there).
  const segment = r.segments[inv.segment];
  if (
    segment &&
    main === p.command &&
    p.commandAt >= 0 &&
    BUILTINS[inv.program] &&
    !MAYBE_BUILTIN.has(p.command) &&
    !['run', 'test', 'start', 'stop', 'install-test'].includes(p.command) &&
    !LIFECYCLE[p.command] &&
    segment.argv[p.commandAt + 1] === p.command
  )
    segment.packageScript = p.commandAt + 1;
  for (const name of names) {
    const text = scripts[name];
    if (typeof text !== 'string') continue;
    const args = name === main ? scriptArguments(p, inv.program) : [];
    const script = args.length === 0 ? text : `${text} ${args.map(quoted).join(' ')}`;
    const from = r.segments.length;
    runFileText(
      script,
      dir === inv.cwd ? inv : { ...inv, cwd: dir },
      r,
      `${inv.program}${SCRIPT_FILE_WRAPPER}`,
    );
    // The runner puts node_modules/.bin of the package's folder and those above it first on PATH.
    binShadows(
      from,
      foldersUp(dir).filter((d) => r.scope.workspaceRoots.some((w) => isUnder(d, w))),
      inv,
      r,
    );
  }
  return scripts;
}

/**
 * The words a manager hands the main script: npm those after the name that are not its own options (`--` before
 * them); pnpm, yarn and bun every word after the name, options too (`pnpm lint --fix ~/x`).
 */
function scriptArguments(p: Parsed, program: string): Word[] {
  if (program === 'npm') return p.rest.slice(p.command === 'run' ? 1 : 0);
  if (p.command !== 'run') return p.after;
  // `pnpm run [options] NAME ARGS`: the options before the name (and their values) are the manager's.
  const name = p.rest[0];
  const at = name === undefined ? -1 : p.after.indexOf(name);
  return at < 0 ? [] : p.after.slice(at + 1);
}

/** Options of `yarn workspaces foreach` that take a value. */
const FOREACH_VALUES = /^(-j|--jobs|--include|--exclude|--from)$/;

/** `yarn workspaces foreach [options] [run] NAME [args]`: a script of every workspace package (no pre/post). */
function yarnForeach(inv: Invocation, r: Reporter, say: (why: string) => void): void {
  const at = inv.args.findIndex((w) => plain(w) === 'foreach');
  let k = at + 1;
  for (; k < inv.args.length; k++) {
    const t = plain(inv.args[k]);
    if (!t.startsWith('-')) break;
    if (FOREACH_VALUES.test(t)) k++;
  }
  if (plain(inv.args[k]) === 'run') k++;
  const name = inv.args[k];
  if (!name) return;
  if (isLiteral(name) && BUILTINS.yarn?.has(plain(name))) {
    say('runs a command in every workspace package');
    return;
  }
  const p: Parsed = {
    command: 'run',
    commandAt: -1,
    rest: inv.args.slice(k),
    after: inv.args.slice(k),
    workspaces: true,
    workspaceRoot: false,
    ignoreScripts: true,
    noReify: false,
  };
  inPackages(p, inv, r, say);
}

export function packageScripts(inv: Invocation, r: Reporter): void {
  if (!MANAGERS.has(inv.program)) return;
  const p = parse(inv);
  const say = (why: string) =>
    r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');
  if (inv.program === 'yarn' && p?.command === 'workspaces' && plain(p.rest[0]) === 'foreach') {
    yarnForeach(inv, r, say);
    return;
  }
  if (!p || !mayRunScripts(p, inv.program)) return;
  if (p.command === 'run' && p.rest.length === 0) return;
  // npm's `--include-workspace-root` runs the root's script besides the selected packages'.
  const withRoot = inv.args.some((w) => /^--include-workspace-root(?:=true)?$|^--iwr$/.test(plain(w)));
  if ((p.workspaceRoot || withRoot) && (p.workspaces || p.filter)) {
    say('runs scripts of the workspace root and of packages a filter selects: not followed');
    return;
  }
  if (p.workspaces) {
    inPackages(p, inv, r, say);
    return;
  }
  if (p.command === 'run' && p.rest[0] && !isLiteral(p.rest[0])) {
    say('runs a package script named at run time');
    return;
  }
  let start: string | undefined = inv.cwd;
  if (p.folder) {
    const folder = resolveArg(p.folder, inv, r).resolved;
    start = isLiteral(p.folder) ? folder : undefined;
  }
  if (!r.env.readScript) return;
  if (start === undefined) {
    unknownFolder(inv, r);
    return;
  }
  if (p.workspaceRoot) {
    const root = pnpmWorkspaceRoot(start, inv, r);
    if (root === undefined) {
      say('runs the scripts of a workspace root gavel did not find (no pnpm-workspace.yaml above)');
      return;
    }
    start = root;
  }
  if (p.filter) {
    const dir = filteredPackage(p.filter, start, inv, r);
    if (dir === undefined) {
      say('runs scripts of a workspace package gavel could not find and read');
      return;
    }
    start = dir;
  }
  // npm without putting the tree in place (`--dry-run`, `--package-lock-only`; measured with npm 11.19): `update`,
  // `dedupe`, `prune`, `uninstall` and `audit fix` run no script; `install` and `ci` run the install scripts of the
  // workspace's root package alone (below), none of a package installed.
  if (p.noReify && UNREIFIED_SILENT.has(p.command)) return;
  const reifies = REIFIES.has(p.command) && !(p.noReify && UNREIFIED_ROOT.has(p.command));
  if (p.command === 'install' && reifies)
    localPackages(
      p.rest.map((w) => ({ text: plain(w), literal: isLiteral(w) })),
      p,
      start,
      inv,
      r,
      say,
    );
  // The nearest folder holding a package.json is the package (npm's own search, up to `/`).
  let found = false;
  for (const dir of foldersUp(start)) {
    const file = projectFile(inFolder(dir, 'package.json'), inv, r);
    if (file.kind === 'missing') continue;
    found = true;
    if (file.kind !== 'text') return;
    const inWorkspace =
      REIFIES.has(p.command) || ROOT_INSTALLS.has(p.command)
        ? workspaceRootOf(dir, file.text, inv, r)
        : undefined;
    // An install in a workspace package's folder, or naming one (`-w`, `--filter`), runs the install scripts of
    // the workspace's root package too (npm 11.19: its preinstall, postinstall and prepare); without putting the
    // tree in place, those alone.
    const rootInstalls =
      inWorkspace !== undefined &&
      inWorkspace.dir !== dir &&
      ROOT_INSTALLS.has(p.command) &&
      !p.ignoreScripts;
    const ownSkipped = rootInstalls && p.noReify && UNREIFIED_ROOT.has(p.command);
    const scripts = ownSkipped ? {} : runScripts(p, file.text, dir, inv, r, say);
    if (!scripts) return;
    if (
      rootInstalls &&
      !runScripts({ ...p, command: 'install', rest: [] }, inWorkspace.text, inWorkspace.dir, inv, r, say)
    )
      return;
    // Putting the tree in place runs every workspace package's install scripts, from the workspace's root: in a
    // workspace package's folder too, and for `npm version` there (measured with npm 11.19).
    if (reifies) {
      const root = inWorkspace ?? (p.command === 'version' ? undefined : { dir, text: file.text });
      if (root !== undefined && (p.command !== 'version' || root.dir !== dir))
        installedLocals(root.text, root.dir, p, inv, r, say);
    }
    fallbacks(p, inv, scripts, dir, start, r);
    return;
  }
  // No manifest up to `/`: the manager fails here, unless an earlier command or another tool call makes one.
  if (!found && RUNS_NAMED.has(p.command))
    say('finds no package.json up the tree: what it would run is not known');
}

/** Commands that run the workspace root package's install scripts wherever in the workspace they start. */
const ROOT_INSTALLS = new Set(['install', 'ci', 'rebuild', 'install-test']);
/** Commands that run the root's install scripts alone when npm does not put the tree in place. */
const UNREIFIED_ROOT = new Set(['install', 'ci']);
/** Commands that run no script when npm does not put the tree in place. */
const UNREIFIED_SILENT = new Set(['update', 'dedupe', 'prune', 'uninstall', 'audit-fix']);

/** Commands that put the dependency tree in place again (npm's reify), `version` of a workspace package among them. */
const REIFIES = new Set([
  'install',
  'ci',
  'dedupe',
  'prune',
  'update',
  'rebuild',
  'uninstall',
  'audit-fix',
  'version',
]);

/**
 * The workspace root a package folder belongs to: `dir` itself when its manifest declares workspaces, else the
 * nearest folder above whose package.json does; undefined when none does (a plain package).
 */
function workspaceRootOf(
  dir: string,
  manifest: string,
  inv: Invocation,
  r: Reporter,
): { dir: string; text: string } | undefined {
  if (declaresWorkspaces(manifest)) return { dir, text: manifest };
  // pnpm's workspace is declared by pnpm-workspace.yaml beside the root's manifest.
  if (inv.program === 'pnpm') {
    const root = pnpmWorkspaceRoot(dir, inv, r);
    if (root === undefined) return undefined;
    const file = root === dir ? undefined : projectFile(inFolder(root, 'package.json'), inv, r);
    return { dir: root, text: file?.kind === 'text' ? file.text : root === dir ? manifest : '{}' };
  }
  for (const up of foldersUp(posix.dirname(dir))) {
    if (up === dir) break;
    const file = projectFile(inFolder(up, 'package.json'), inv, r);
    if (file.kind === 'text' && declaresWorkspaces(file.text)) return { dir: up, text: file.text };
  }
  return undefined;
}

function declaresWorkspaces(manifest: string): boolean {
  try {
    const json: unknown = JSON.parse(manifest);
    return isRecord(json) && json.workspaces !== undefined;
  } catch {
    return false;
  }
}

/** An archive a manager installs from (`npm i ./x.tgz`): its scripts are inside, unread. */
const ARCHIVE = /\.(?:tgz|tar|tar\.gz|tar\.bz2|tar\.xz|zip)$/i;

/**
 * Local packages an install names (`npm i ./packages/ui`, `pnpm add file:../lib`, `yarn add ../x`): the manager
 * runs each one's install lifecycle scripts, read from its package.json and analysed as the shell they are. A
 * package archive or a folder gavel cannot read is uncertain.
 */
function localPackages(
  specs: readonly { text: string; literal: boolean }[],
  p: Parsed,
  start: string,
  inv: Invocation,
  r: Reporter,
  say: (why: string) => void,
): void {
  if (p.ignoreScripts) return;
  for (const spec of specs) {
    const t = spec.text.replace(/^(?:file|link):/, '');
    if (!/^(?:\.{1,2}(?:\/|$)|\/|~\/)/.test(t)) continue;
    if (!spec.literal) {
      say('installs a local package named at run time');
      continue;
    }
    if (ARCHIVE.test(t)) {
      say('installs a package archive whose install scripts gavel does not read');
      continue;
    }
    const dir = t.startsWith('~/') ? posix.join(r.scope.home, t.slice(2)) : posix.resolve(start, t);
    const file = projectFile(inFolder(dir, 'package.json'), inv, r);
    // No package there: the manager fails and runs nothing (one written earlier in the line is read as written).
    if (file.kind === 'missing') continue;
    if (file.kind !== 'text') {
      say('installs a local package whose package.json gavel could not read');
      continue;
    }
    runScripts({ ...p, command: 'install', rest: [] }, file.text, dir, inv, r, say);
  }
}

/** The sections of a manifest whose packages an install puts in place. */
const DEPENDENCIES = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

/**
 * A plain install (`npm install`, `npm ci`, `pnpm install`, `yarn`) also runs the install scripts of the local
 * packages the manifest names (`"x": "file:./vendor/x"`) and of every workspace package: each read as a local
 * package named on the line is.
 */
function installedLocals(
  manifest: string,
  dir: string,
  p: Parsed,
  inv: Invocation,
  r: Reporter,
  say: (why: string) => void,
): void {
  if (p.ignoreScripts) return;
  let json: unknown;
  try {
    json = JSON.parse(manifest);
  } catch {
    return; // runScripts said so
  }
  const specs: { text: string; literal: boolean }[] = [];
  for (const section of DEPENDENCIES) {
    const deps = isRecord(json) ? json[section] : undefined;
    if (!isRecord(deps)) continue;
    for (const v of Object.values(deps)) if (typeof v === 'string') specs.push({ text: v, literal: true });
  }
  localPackages(specs, p, dir, inv, r, say);
  const packages = workspacePackagesIfAny(dir === inv.cwd ? inv : { ...inv, cwd: dir }, r);
  if (packages === undefined) return;
  for (const pkg of packages) localPackages([{ text: pkg, literal: true }], p, dir, inv, r, say);
}

/** Commands that run a package script by name, and fail without a manifest. */
const RUNS_NAMED = new Set(['run', 'test', 'start', 'stop', 'restart', 'install-test']);

/**
 * What a manager runs in place of a missing script: `npm start` / `pnpm start` with no `start` script run
 * `node server.js` when there is one; `npm run env` with no `env` script prints the environment; `bun run x`
 * with no script `x` runs the file or binary `x`.
 */
function fallbacks(
  p: Parsed,
  inv: Invocation,
  scripts: Record<string, unknown>,
  dir: string,
  start: string,
  r: Reporter,
): void {
  const at = dir === inv.cwd ? inv : { ...inv, cwd: dir };
  const wrapper = `${inv.program}${SCRIPT_FILE_WRAPPER}`;
  if (
    p.command === 'start' &&
    scripts.start === undefined &&
    (inv.program === 'npm' || inv.program === 'pnpm')
  ) {
    const server = projectFile(inFolder(dir, 'server.js'), inv, r);
    if (server.kind === 'text') runFileText('node server.js', at, r, wrapper);
    return;
  }
  const name = p.rest[0];
  // `npm run env` / `yarn run env` / `pnpm run env` with no `env` script: the manager's built-in prints the
  // whole environment it gives scripts, as `env` does.
  if (
    p.command === 'run' &&
    name !== undefined &&
    plain(name) === 'env' &&
    scripts.env === undefined &&
    inv.program !== 'bun'
  ) {
    runFileText('env', at, r, wrapper);
    return;
  }
  if (inv.program === 'bun' && p.command === 'run' && name && typeof scripts[plain(name)] !== 'string')
    runFileText(`bun ${quoted(name)}`, inv, r, wrapper);
  // `pnpm turbo run test`, `yarn tsc -b`: a word that is neither a script nor a command of the manager in any version
  // runs the package's bin of that name, as `exec` does: that command is judged as a segment of its own.
  const segment = r.segments[inv.segment];
  if (
    (inv.program === 'pnpm' || inv.program === 'yarn') &&
    segment &&
    p.commandAt >= 0 &&
    segment.argv[p.commandAt + 1] === p.command &&
    BIN_NAME.test(p.command) &&
    !(inv.program === 'pnpm' ? PNPM_COMMANDS : MAYBE_BUILTIN).has(p.command) &&
    !LIFECYCLE[p.command] &&
    !RUNS_NAMED.has(p.command) &&
    // A script that is not text (`"vitest": null`) is none: the bin runs.
    typeof scripts[p.command] !== 'string'
  ) {
    segment.packageBin = p.commandAt + 1;
    // pnpm runs the bin in the folder it was started in (or given), not the package's (checked with pnpm 10.34:
    // `pnpm pwd` in `pkg/src` prints `pkg/src`); where yarn runs one below its package is not pinned down.
    if (inv.program === 'yarn' && start !== dir) {
      r.uncertain(
        'dynamic-script',
        `\`yarn ${p.command}\` runs a bin in a folder gavel cannot place`,
        inv.segment,
        'kept',
      );
      return;
    }
    const runsIn = start === inv.cwd ? inv : { ...inv, cwd: start };
    r.command([{ text: p.command, flow: NO_FLOW }, ...p.after], runsIn, `${inv.program} exec`);
  }
}

/**
 * pnpm's own commands and the npm commands it hands to npm (pnpm 10): any other word that is no script runs as a bin.
 * Other managers' commands (`bun build`, `yarn check`) are not pnpm's.
 */
const PNPM_COMMANDS: ReadonlySet<string> = new Set([
  ...(BUILTINS.pnpm ?? []),
  ...'access adduser bugs c ci cit clean-install config deprecate dislink dist-tag docs edit find home info init install-test issues it login logout owner ping pkg prefix profile publish rb repo restart run-script s se search set set-script show star stars start stop t team test token tst uni unpublish unstar v version view whoami xmas i'.split(
    ' ',
  ),
]);

/** A bin's name as a package declares it. */
const BIN_NAME = /^[a-z0-9][a-z0-9._-]*$/;
