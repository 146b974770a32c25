/**
 * Which project files a builder executes, by program and subcommand: rake (a Rakefile), pip/uv/poetry/pdm
 * building the project (setup.py, an in-tree build backend), cmake configure and build (CMakeLists.txt and what
 * it includes), ninja (build.ninja), meson (meson.build), scons (SConstruct), swift (Package.swift), zig
 * (build.zig), mix (mix.exs, the project's config/*.exs, .formatter.exs for `mix format`), cargo (build.rs of the package, its workspace members and path dependencies),
 * gradle (build and settings scripts, buildSrc) and maven (pom.xml modules; sbt and dotnet have files of their
 * own, build-files-sbt.ts and build-files-dotnet.ts, walked with the same helpers). Each file is read
 * through project-file.ts (so a file written earlier in the same line is read as written) and judged by the
 * readers of build-files.ts: the literal commands it runs are analysed as the shell they are; a file that runs
 * code the reader cannot follow is uncertain. Pure apart from the injected reader and reporting.
 * INVARIANT: a build file that cannot be read, is too large or runs code gavel cannot follow is uncertain.
 */

import { posix } from 'node:path';
import { HEX_FORMATTER_PLUGINS } from '../data/formatter-plugins';
import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { CARGO_BUILTIN, cargoAliases, expandCargoAlias } from './build-configs';
import {
  type BuildRead,
  readCmake,
  readMeson,
  readNinja,
  readProgram,
  readPython,
  readRuby,
} from './build-files';
import { cacheCodeFiles, cacheToolCommands, ctestFile } from './cmake-build-folder';
import { folderListing } from './config-modules';
import { readBudgeted, runFileText } from './disk-scripts';
import { gradleTasks } from './gradle-tasks';
import { activeProfiles, withoutInactiveProfiles } from './maven-profiles';
import { covers, DEFAULT_PACKAGE_SOURCES, hostOf } from './network-target';
import { resolveArg } from './path-effects';
import { foldersUp, inFolder, projectFile } from './project-file';
import { rakeGoals, rakeTaskCommands } from './rake-tasks';
import { requirementFiles } from './requirement-files';
import { configFolders } from './runner-config';
import { runnerOf } from './runner-options';

/** Build files followed per command (includes, members, modules). */
export const MAX_BUILD_FILES = 32;

type Reader = (text: string, path: string) => BuildRead;

export interface Walk {
  inv: Invocation;
  r: Reporter;
  seen: Set<string>;
  commands: string[];
  stopped: boolean;
}

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

/**
 * Reads `path` with `reader` and follows what it loads. Returns false when the walk stopped (uncertainty
 * reported). `optional`: a missing file is not an error (most build files are optional).
 */
function follow(w: Walk, path: string, reader: Reader, what: string): boolean {
  if (w.stopped || w.seen.has(path)) return !w.stopped;
  w.seen.add(path);
  if (w.seen.size > MAX_BUILD_FILES) {
    say(w.inv, w.r, `reads more build files than one review follows (${MAX_BUILD_FILES})`);
    w.stopped = true;
    return false;
  }
  const file = projectFile(path, w.inv, w.r);
  if (file.kind === 'unknown') {
    w.stopped = true;
    return false;
  }
  if (file.kind !== 'text') return true;
  const read = reader(file.text, path);
  if (read.opaque) {
    say(w.inv, w.r, `runs a ${what} that ${read.opaque}: code gavel does not follow`);
    w.stopped = true;
    return false;
  }
  w.commands.push(...read.commands);
  for (const load of read.loads) {
    const target = posix.resolve(posix.dirname(path), load);
    if (!inWorkspace(target, w)) {
      say(w.inv, w.r, `runs a ${what} that loads a file from outside the workspace`);
      w.stopped = true;
      return false;
    }
    if (!follow(w, target, reader, what)) return false;
  }
  return true;
}

function inWorkspace(path: string, w: Walk): boolean {
  const res = resolveArg({ text: path, flow: NO_FLOW }, w.inv, w.r);
  return res.class === 'workspace' && (res.real === undefined || res.real === res.resolved);
}

function walk(inv: Invocation, r: Reporter): Walk {
  return { inv, r, seen: new Set(), commands: [], stopped: false };
}

/** Analyses the commands the files run, as shell, once the walk is done. */
function finish(w: Walk): void {
  if (w.stopped || w.commands.length === 0) return;
  runFileText(
    w.commands.map((c) => `(\n${c}\n)`).join('\n'),
    w.inv,
    w.r,
    `${w.inv.program}${SCRIPT_FILE_WRAPPER}`,
  );
}

/** The first of `names` found in `dir` (missing ones skipped); undefined when none is there. */
function firstIn(dir: string, names: readonly string[], inv: Invocation, r: Reporter): string | undefined {
  for (const name of names) {
    const path = inFolder(dir, name);
    const file = projectFile(path, inv, r);
    if (file.kind !== 'missing') return path;
  }
  return undefined;
}

/** The nearest folder from `dir` up holding one of `names`, and that file. */
function nearest(dir: string, names: readonly string[], inv: Invocation, r: Reporter): string | undefined {
  for (const d of foldersUp(dir)) {
    const found = firstIn(d, names, inv, r);
    if (found) return found;
  }
  return undefined;
}

/** The folder a word names, resolved; undefined when computed at run time. */
function folderOf(word: Word | undefined, inv: Invocation, r: Reporter): string | undefined {
  if (!word) return inv.cwd;
  if (!isLiteral(word)) return undefined;
  return resolveArg(word, inv, r).resolved;
}

// ------------------------------------------------------------------------------------------------ per builder

function rake(inv: Invocation, r: Reporter): void {
  const file = nearest(inv.cwd as string, ['rakefile', 'Rakefile', 'rakefile.rb', 'Rakefile.rb'], inv, r);
  if (!file) return;
  const w = walk(inv, r);
  // `rake spec` runs the top-level code and the spec task with its prerequisites, not every task's lines.
  const goals = inv.args.every(isLiteral) ? rakeGoals(inv.args.map((a) => plain(a))) : undefined;
  const byTask: Reader = (text) => (goals && rakeTaskCommands(text, goals, readRuby)) ?? readRuby(text);
  follow(w, file, byTask, 'Rakefile');
  // rake loads every `rakelib/*.rake` beside the Rakefile before any task runs: each is read whole.
  const lib = readBudgeted(inFolder(posix.dirname(file), 'rakelib'), inv, r);
  if (lib?.kind === 'unreadable' && lib.why === 'not-regular') {
    if (!lib.entries) say(inv, r, 'loads a rakelib folder gavel cannot list');
    for (const name of lib.entries ?? [])
      if (name.endsWith('.rake'))
        follow(w, inFolder(inFolder(posix.dirname(file), 'rakelib'), name), readRuby, 'rakelib file');
  }
  finish(w);
}

/** A Python project folder built by an install or a build: its setup.py and an in-tree build backend. */
function pythonProject(dir: string, inv: Invocation, r: Reporter): void {
  const w = walk(inv, r);
  const pyproject = projectFile(inFolder(dir, 'pyproject.toml'), inv, r);
  if (pyproject.kind === 'unknown') return;
  if (pyproject.kind === 'text' && /^\s*backend-path\s*=/m.test(pyproject.text)) {
    say(inv, r, 'builds the project with a build backend of its own: code gavel does not follow');
    return;
  }
  if (
    pyproject.kind === 'text' &&
    /^\s*\[tool\.poetry\.build\]|^\s*build-script\s*=|^\s*script\s*=\s*["']build/m.test(pyproject.text)
  ) {
    say(inv, r, 'builds the project with a build script of its own: code gavel does not follow');
    return;
  }
  // Build hooks the backend imports from the project (hatch's `hatch_build.py` and other hook plugins, a
  // `pdm_build.py` pdm-backend runs when present), and backends that build with a build system of the project's
  // (CMake, Meson, Cargo's build.rs).
  if (pyproject.kind === 'text' && PROJECT_HOOKS.test(pyproject.text)) {
    say(inv, r, 'builds the project with build hooks of its own: code gavel does not follow');
    return;
  }
  // setuptools imports a module of the project for a dynamic value (`version = {attr = "pkg.VERSION"}`, setup.cfg's
  // `attr:`) when the value is not a plain literal, and runs the project's own command classes (`cmdclass`).
  const cfg = projectFile(inFolder(dir, 'setup.cfg'), inv, r);
  if (cfg.kind === 'unknown') return;
  if (
    (pyproject.kind === 'text' &&
      /\battr\s*=|^\s*\[tool\.setuptools\.cmdclass\]|\bcmdclass\s*=/m.test(pyproject.text)) ||
    (cfg.kind === 'text' && /=\s*attr\s*:|^\s*cmdclass\s*=/m.test(cfg.text))
  ) {
    say(
      inv,
      r,
      'builds the project with values or commands setuptools imports from it: code gavel does not follow',
    );
    return;
  }
  if (pyproject.kind === 'text' && /^\s*build-backend\s*=\s*["']pdm\.backend["']/m.test(pyproject.text)) {
    const hook = projectFile(inFolder(dir, 'pdm_build.py'), inv, r);
    if (hook.kind !== 'missing') {
      say(inv, r, 'builds the project with a pdm_build.py of its own: code gavel does not follow');
      return;
    }
  }
  follow(w, inFolder(dir, 'setup.py'), readPython, 'setup.py');
  finish(w);
}

/** A pyproject whose build runs code of the project's beyond setup.py. */
const PROJECT_HOOKS =
  /^\s*\[tool\.hatch\.(?:build(?:\.targets\.[\w.-]+)?|metadata)\.hooks\b|^\s*build-backend\s*=\s*["'](?:scikit_build_core|skbuild|mesonpy|maturin|setuptools_rust)\b/m;

const PIP_VALUES =
  /^(-r|--requirement|-c|--constraint|-i|--index-url|--extra-index-url|-t|--target|--prefix|--root|-f|--find-links|--python|-p|--python-version|--platform|--only-binary|--no-binary|--config-settings|-C|--upgrade-strategy|--progress-bar|--cache-dir|--src|--log|--report|--group|--extra)$/;

/** The local projects among pip's install words: `-e PATH`, `--editable=PATH`, and operands that are paths. */
/**
 * The folder a `file:` URL names (`file:sub`, `file:./sub#egg=x`, `file:///abs`, `name @ file:sub`: pip installs
 * each as the local project it is; review of round 32), else the word as it is.
 */
function fileUrlFolder(w: Word): Word {
  const m = /^(?:[\w.[\],-]+\s*@\s*)?file:(?:\/\/(?=\/))?([^#]*)(?:#.*)?$/i.exec(plain(w));
  return m ? { text: m[1] === '' ? '.' : (m[1] as string), flow: w.flow } : w;
}

function localProjects(words: readonly Word[]): Word[] {
  const local: Word[] = [];
  for (let k = 0; k < words.length; k++) {
    const t = plain(words[k]);
    if (t === '-e' || t === '--editable') {
      const v = words[++k];
      if (v) local.push(fileUrlFolder(v));
    } else if (/^--editable=/.test(t))
      local.push(fileUrlFolder({ text: (words[k] as Word).text.slice(11), flow: NO_FLOW }));
    else if (PIP_VALUES.test(t)) k++;
    else if (!t.startsWith('-') && fileUrlFolder(words[k] as Word) !== words[k])
      local.push(fileUrlFolder(words[k] as Word));
    else if (!t.startsWith('-') && /^(\.|\/|~)|\//.test(t) && !/^[a-z+]+:/i.test(t))
      local.push(words[k] as Word);
  }
  return local;
}

function pipInstall(args: readonly Word[], inv: Invocation, r: Reporter): void {
  const sub = args.findIndex((a) => !plain(a).startsWith('-'));
  if (!/^(install|wheel|download)$/.test(plain(args[sub]))) return;
  const rest = args.slice(sub + 1);
  const local = localProjects(rest);
  // A requirements file's lines are installed as if given here: a local project there is built too (`-e ./lib`).
  for (let k = 0; k < rest.length; k++) {
    const t = plain(rest[k]);
    const file = t === '-r' || t === '--requirement' ? rest[++k] : undefined;
    const attached = /^--requirement=/.test(t)
      ? { text: (rest[k] as Word).text.slice(14), flow: NO_FLOW }
      : undefined;
    const named = file ?? attached;
    if (named) local.push(...localProjects(requirementFiles(named, '`pip`', inv, r)));
    else if (PIP_VALUES.test(t)) k++;
  }
  for (const word of local) {
    const text = plain(word).replace(/\[[^\]]*\]$/, '');
    if (/\.(whl|zip|tar\.gz|tgz)$/.test(text)) continue;
    const dir = folderOf({ text, flow: word.flow }, inv, r);
    if (dir === undefined) continue;
    pythonProject(dir, inv, r);
  }
}

/**
 * The source folder of a configure step earlier in this line that wrote the build folder `binary`
 * (`cmake -S . -B build && cmake --build build`): the cache it writes names that source. Undefined when no earlier
 * step configured it; null when one did but its source cannot be placed.
 */
function configuredEarlier(binary: string, inv: Invocation, r: Reporter): string | null | undefined {
  for (const seg of r.segments.slice(0, inv.segment).reverse()) {
    if (seg.program !== 'cmake') continue;
    const write = seg.paths.find((p) => p.role === 'write' && p.resolved === binary);
    if (!write) continue;
    let b: string | undefined;
    let s: string | undefined;
    const a = seg.argv.slice(1);
    for (let k = 0; k < a.length; k++) {
      const x = a[k] ?? '';
      if (x === '-B' || x === '-S') {
        if (x === '-B') b = a[k + 1];
        else s = a[k + 1];
        k++;
      } else if (/^-[BS]./.test(x)) {
        if (x.startsWith('-B')) b = x.slice(2);
        else s = x.slice(2);
      } else if (/^-[DGTAUCW]$|^--(preset|toolchain|install-prefix)$/.test(x)) k++;
      else if (!x.startsWith('-')) return null;
    }
    if (b === undefined || b.includes('$') || s?.includes('$')) return null;
    // The folder that step ran in: the build folder as resolved, less the word that named it.
    const rel = posix.normalize(b).replace(/\/+$/, '');
    const cwd = b.startsWith('/')
      ? undefined
      : binary.endsWith(`/${rel}`)
        ? binary.slice(0, -rel.length - 1) || '/'
        : undefined;
    if (rel === '.' && !b.startsWith('/'))
      return s === undefined ? binary : s.startsWith('/') ? s : posix.resolve(binary, s);
    if (s?.startsWith('/')) return posix.normalize(s);
    if (cwd === undefined || posix.resolve(cwd, b) !== binary) return null;
    return s === undefined ? cwd : posix.resolve(cwd, s);
  }
  return undefined;
}

function cmake(inv: Invocation, r: Reporter): void {
  const args = inv.args;
  const t = args.map((a) => plain(a));
  if (t.some((x) => /^(-E|-P|--help.*|--version|-h|--system-information|--list-presets(=.*)?)$/.test(x)))
    return;
  const cwd = inv.cwd as string;
  let binary: string | undefined;
  let source: string | undefined;
  const buildAt = t.findIndex((x) => x === '--build' || x === '--install');
  // Configured earlier in this line: its cache holds what that step was given, judged there.
  let configuredHere = false;
  if (buildAt >= 0) {
    binary = folderOf(args[buildAt + 1], inv, r);
  } else {
    for (let k = 0; k < t.length; k++) {
      const x = t[k] ?? '';
      if (x === '-S' || x === '-B') {
        const dir = folderOf(args[k + 1], inv, r);
        if (x === '-S') source = dir;
        else binary = dir;
        k++;
      } else if (/^-[SB]./.test(x)) {
        const dir = folderOf({ text: (args[k] as Word).text.slice(2), flow: NO_FLOW }, inv, r);
        if (x.startsWith('-S')) source = dir;
        else binary = dir;
      } else if (
        /^-[DGTAUCW]$|^--(preset|toolchain|install-prefix|graphviz|log-level|trace-redirect)$/.test(x)
      )
        k++;
      else if (!x.startsWith('-')) source = folderOf(args[k], inv, r);
    }
  }
  if (buildAt >= 0 || (source === undefined && binary === undefined && t.some((x) => !x.startsWith('-')))) {
    // A build folder: its cache names the source the configure step read.
    const dir = binary ?? source;
    if (dir === undefined) return;
    const configured = buildAt >= 0 ? configuredEarlier(dir, inv, r) : undefined;
    configuredHere = configured !== undefined;
    if (configured === null) {
      say(inv, r, 'builds a folder an earlier command configured from a source gavel cannot place');
      return;
    }
    const cache = configured
      ? { kind: 'text' as const, text: `CMAKE_HOME_DIRECTORY:INTERNAL=${configured}\n` }
      : projectFile(inFolder(dir, 'CMakeCache.txt'), inv, r);
    if (cache.kind !== 'text') {
      if (buildAt < 0) source = dir;
      else return;
    } else {
      const home = /^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$/m.exec(cache.text)?.[1]?.trim();
      if (home === undefined) {
        say(inv, r, 'builds a folder whose CMake cache names no source: code gavel does not follow');
        return;
      }
      source = home;
      binary = dir;
    }
  }
  source ??= cwd;
  binary ??= cwd;
  const w = walk(inv, r);
  if (!inWorkspace(source, w)) {
    say(inv, r, 'configures a project outside the workspace, which gavel does not read');
    return;
  }
  const vars = { source, binary };
  // The programs the build folder's cache names run at every build step (a preset's clang-tidy, a launcher).
  const cacheFile = configuredHere ? undefined : projectFile(inFolder(binary, 'CMakeCache.txt'), inv, r);
  if (cacheFile?.kind === 'text') {
    w.commands.push(...cacheToolCommands(cacheFile.text));
    // CMake files the cache names run when the folder is configured, a build that configures again too.
    for (const file of cacheCodeFiles(cacheFile.text)) {
      const path = posix.resolve(binary, file);
      if (!inWorkspace(path, w)) {
        say(inv, r, 'configures with a CMake file from outside the workspace, which gavel does not read');
        return;
      }
      follow(w, path, (text) => readCmake(text, vars, buildAt >= 0), 'CMake file its cache names');
    }
  }
  follow(
    w,
    inFolder(source, 'CMakeLists.txt'),
    (text) => readCmake(text, vars, buildAt >= 0),
    'CMakeLists.txt',
  );
  finish(w);
}

/** `ctest`: the tests of the build folder (`--test-dir`, else the current one) it may run; none with `-N`. */
function ctest(inv: Invocation, r: Reporter): void {
  let dir = inv.cwd as string;
  let listOnly = false;
  const args = inv.args;
  for (let k = 0; k < args.length; k++) {
    const t = plain(args[k]);
    if (/^(?:--help.*|--version|-h)$/.test(t)) return;
    // `-N` lists the tests and runs none, but ctest still runs the test files as CMake scripts.
    if (/^(?:-N|--show-only(?:=.*)?)$/.test(t)) listOnly = true;
    const m = /^--test-dir(?:=(.*))?$/.exec(t);
    if (!m) continue;
    const word = m[1] !== undefined ? { text: (args[k] as Word).text.slice(11), flow: NO_FLOW } : args[++k];
    if (!word || !isLiteral(word)) {
      say(inv, r, 'runs the tests of a folder named at run time');
      return;
    }
    dir = resolveArg(word, inv, r).resolved ?? dir;
  }
  const w = walk(inv, r);
  // ctest runs CTestCustom.cmake from the build folder first: CMake code (and `CTEST_CUSTOM_PRE_TEST` commands).
  const custom = projectFile(inFolder(dir, 'CTestCustom.cmake'), inv, r);
  if (custom.kind === 'unknown') return;
  if (
    custom.kind === 'text' &&
    custom.text.split(/\r?\n/).some((l) => l.trim() !== '' && !l.trim().startsWith('#'))
  ) {
    say(inv, r, 'runs the CMake code of a CTestCustom.cmake, which gavel does not follow');
    return;
  }
  follow(
    w,
    inFolder(dir, 'CTestTestfile.cmake'),
    (text) => {
      const read = ctestFile(text, dir);
      return listOnly ? { ...read, commands: [] } : read;
    },
    'CTestTestfile.cmake',
  );
  finish(w);
}

function ninja(inv: Invocation, r: Reporter): void {
  let dir = inv.cwd as string;
  let name = 'build.ninja';
  for (let k = 0; k < inv.args.length; k++) {
    const t = plain(inv.args[k]);
    if (t === '-t' || t === '--version' || t === '-h') return;
    if (t === '-C' || t === '-f') {
      const v = inv.args[++k];
      if (!v || !isLiteral(v)) {
        say(inv, r, 'runs a build file named at run time');
        return;
      }
      if (t === '-C') dir = resolveArg(v, { ...inv, cwd: dir }, r).resolved ?? dir;
      else name = plain(v);
    }
  }
  const w = walk(inv, r);
  follow(w, posix.resolve(dir, name), readNinja, 'build.ninja');
  finish(w);
}

/**
 * The source folders whose meson.build `meson` runs. `setup`/`configure` take a build and a source folder in
 * either order (meson tells them apart by which holds a meson.build): the current folder and every literal
 * operand are read. The other subcommands run in a build folder (`-C dir` or the current one), whose
 * `meson-info/meson-info.json` names its sources; a build folder not made yet was read when it is set up.
 * Undefined (uncertainty reported) when a folder is named at run time or a build folder's sources are unknown.
 */
function mesonSources(inv: Invocation, r: Reporter, sub: string): string[] | undefined {
  const cwd = inv.cwd as string;
  const at = (w: Word) => resolveArg(w, inv, r).resolved;
  if (sub === 'setup' || sub === 'configure' || sub === '') {
    const dirs = [cwd];
    for (const a of inv.args.slice(sub === '' ? 0 : 1)) {
      const t = plain(a);
      if (!isLiteral(a)) {
        say(inv, r, 'runs a meson.build in a folder named at run time');
        return undefined;
      }
      if (t.startsWith('-')) continue;
      const dir = at(a);
      if (dir !== undefined) dirs.push(dir);
    }
    return dirs;
  }
  let build: string | undefined = cwd;
  const k = inv.args.findIndex((a) => /^-C$|^-C./.test(plain(a)));
  if (k >= 0) {
    const t = plain(inv.args[k]);
    const v = t === '-C' ? inv.args[k + 1] : { ...(inv.args[k] as Word), text: t.slice(2) };
    build = v !== undefined && isLiteral(v) ? at(v) : undefined;
  }
  if (build === undefined) {
    say(inv, r, 'runs a build folder named at run time');
    return undefined;
  }
  const info = projectFile(inFolder(build, 'meson-info/meson-info.json'), inv, r);
  // Not set up yet (`meson setup` earlier in the line read its sources), or no reader: as before.
  if (info.kind === 'missing' || info.kind === 'unread') return [cwd];
  if (info.kind === 'unknown') return undefined;
  const source = mesonInfoSource(info.text);
  if (source === undefined) {
    say(inv, r, 'runs a build folder whose sources gavel cannot place');
    return undefined;
  }
  return [source];
}

/** `directories.source` of a meson-info.json, when it is an absolute path. */
function mesonInfoSource(text: string): string | undefined {
  try {
    const source = (JSON.parse(text) as { directories?: { source?: unknown } }).directories?.source;
    return typeof source === 'string' && source.startsWith('/') ? posix.normalize(source) : undefined;
  } catch {
    return undefined;
  }
}

function meson(inv: Invocation, r: Reporter): void {
  const sub = plain(inv.args[0]);
  if (!/^(setup|configure|compile|test|install|dist|devenv|introspect)$/.test(sub) && sub !== '') return;
  if (sub === 'introspect') return;
  const sources = mesonSources(inv, r, sub);
  if (sources === undefined) return;
  const w = walk(inv, r);
  for (const dir of sources) follow(w, inFolder(dir, 'meson.build'), readMeson, 'meson.build');
  finish(w);
}

function scons(inv: Invocation, r: Reporter): void {
  if (inv.args.some((a) => /^(-h|--help|--version)$/.test(plain(a)))) return;
  const found = firstIn(inv.cwd as string, ['SConstruct', 'Sconstruct', 'sconstruct'], inv, r);
  if (!found) return;
  const w = walk(inv, r);
  follow(w, found, readPython, 'SConstruct');
  finish(w);
}

function swift(inv: Invocation, r: Reporter): void {
  if (!/^(build|test|run|package)$/.test(plain(inv.args[0]))) return;
  const at = inv.args.findIndex((a) => plain(a) === '--package-path');
  const dir = at >= 0 ? folderOf(inv.args[at + 1], inv, r) : inv.cwd;
  if (dir === undefined) {
    say(inv, r, 'builds a package named at run time');
    return;
  }
  const w = walk(inv, r);
  follow(w, inFolder(dir, 'Package.swift'), (t) => readProgram('swift', t), 'Package.swift');
  // SwiftPM prefers a manifest for its own version (`Package@swift-5.9.swift`) over Package.swift: each is read.
  const listing = readBudgeted(dir, inv, r);
  if (listing?.kind === 'unreadable' && listing.why === 'not-regular' && !listing.entries)
    say(inv, r, 'builds a package whose folder gavel cannot list: a versioned manifest may be the one run');
  for (const name of (listing?.kind === 'unreadable' && listing.entries) || [])
    if (/^Package@swift-[\d.]+\.swift$/.test(name))
      follow(w, inFolder(dir, name), (t) => readProgram('swift', t), 'Package.swift');
  finish(w);
}

function zig(inv: Invocation, r: Reporter): void {
  if (plain(inv.args[0]) !== 'build') return;
  const file = nearest(inv.cwd as string, ['build.zig'], inv, r);
  if (!file) return;
  const w = walk(inv, r);
  follow(w, file, (t) => readProgram('zig', t), 'build.zig');
  // build.zig.zon's dependencies: each one's build.zig runs too. A `.path` is followed as the project's own; a `.url`
  // is fetched (by its hash) from a host nobody stated unless the user's package sources name it.
  const zon = projectFile(inFolder(posix.dirname(file), 'build.zig.zon'), inv, r);
  if (zon.kind === 'text' && !w.stopped) {
    const stated = r.env.packageSources ?? DEFAULT_PACKAGE_SOURCES;
    for (const m of zon.text.matchAll(/\.url\s*=\s*"([^"]*)"/g)) {
      const host = hostOf(m[1] ?? '');
      if (host === undefined || !covers(stated, host)) {
        say(inv, r, 'fetches a dependency of build.zig.zon from a host nobody stated, whose build.zig runs');
        return;
      }
    }
    for (const m of zon.text.matchAll(/\.path\s*=\s*"([^"]*)"/g)) {
      const dep = posix.resolve(posix.dirname(file), m[1] ?? '', 'build.zig');
      if (!inWorkspace(dep, w)) {
        say(inv, r, 'builds a dependency of build.zig.zon from outside the workspace');
        return;
      }
      if (!follow(w, dep, (t) => readProgram('zig', t), 'build.zig')) return;
    }
  }
  finish(w);
}

function mix(inv: Invocation, r: Reporter): void {
  const sub = plain(inv.args[0]);
  // Only mix's own shortcuts skip the project: every task (`help`, `hex.outdated`, `local.hex` included) is run after
  // mix.exs is evaluated, and a project alias of the task's name runs in its place.
  if (/^(--version|-v|-h|--help)$/.test(sub)) return;
  const w = walk(inv, r);
  const cwd = inv.cwd as string;
  const elixir = (t: string) => readProgram('elixir', t);
  // The task's aliases only (`mix test` never runs the `"cmd ..."` of another alias); `mix do` runs several.
  const task = sub === '' || sub === 'do' || sub.startsWith('-') ? undefined : sub;
  const project = (t: string) => readProgram('elixir', t, { mix: { task } });
  follow(w, inFolder(cwd, 'mix.exs'), project, 'mix.exs');
  // An umbrella's apps (`apps_path: "apps"`) are projects of their own: each app's mix.exs is evaluated.
  const root = projectFile(inFolder(cwd, 'mix.exs'), inv, r);
  // One `apps_path: "dir"` only: a second mention (a comment, another clause) may be the one mix takes.
  const mentions = root.kind === 'text' ? (root.text.match(/\bapps_path\b/g)?.length ?? 0) : 0;
  const apps =
    root.kind === 'text' && mentions === 1
      ? /\bapps_path\s*:\s*"([\w./-]+)"/.exec(root.text)?.[1]
      : undefined;
  if (mentions > 0 && apps === undefined) say(inv, r, 'builds umbrella apps gavel cannot place');
  if (apps !== undefined) {
    const listing = readBudgeted(inFolder(cwd, apps), inv, r);
    if (listing?.kind === 'unreadable' && listing.why === 'not-regular' && !listing.entries)
      say(inv, r, 'builds umbrella apps gavel cannot list');
    for (const app of (listing?.kind === 'unreadable' && listing.entries) || [])
      follow(w, inFolder(inFolder(inFolder(cwd, apps), app), 'mix.exs'), project, 'mix.exs');
  }
  // Mix evaluates the project's configuration before its tasks (config.exs and the environment files it
  // imports, runtime.exs as the app starts), and `mix format` its .formatter.exs: Elixir code, run every time.
  for (const name of [
    'config/config.exs',
    'config/dev.exs',
    'config/test.exs',
    'config/prod.exs',
    'config/runtime.exs',
  ])
    follow(w, inFolder(cwd, name), elixir, 'Mix configuration');
  if (sub === 'format') {
    follow(w, inFolder(cwd, '.formatter.exs'), elixir, '.formatter.exs');
    // A formatter plugin is code mix format loads and runs (compiling the project or path dependency defining it):
    // only the plugins Hex packages publish for it (data/formatter-plugins.ts) are known.
    const fmt = projectFile(inFolder(cwd, '.formatter.exs'), inv, r);
    // One `plugins: [A, B]` of module names, followed by nothing that adds to it (`++`, a call): a second mention (a
    // comment) or any other form is not read.
    const mentions = fmt.kind === 'text' ? (fmt.text.match(/\bplugins\b/g)?.length ?? 0) : 0;
    const plugins =
      fmt.kind === 'text' && mentions === 1
        ? /\bplugins\s*:\s*\[\s*((?:[A-Z][\w.]*\s*,\s*)*(?:[A-Z][\w.]*)?)\s*,?\s*\](?=\s*[,\]])/.exec(
            fmt.text,
          )
        : null;
    if (mentions > 0 && !w.stopped) {
      const names = (plugins?.[1] ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== '');
      if (plugins === null || names.some((n) => !HEX_FORMATTER_PLUGINS.has(n)))
        say(inv, r, 'loads a formatter plugin: code gavel does not follow');
    }
    // `subdirectories: ["priv/*/migrations"]`: each folder's own .formatter.exs is evaluated too (a `*` is one folder
    // level); a list in any other form is not read.
    if (fmt.kind === 'text' && /\bsubdirectories\b/.test(fmt.text)) {
      const list = /\bsubdirectories\s*:\s*\[((?:\s*"[\w.*/-]+"\s*,?)*)\s*\](?=\s*[,\]])/.exec(fmt.text);
      if (!list || (fmt.text.match(/\bsubdirectories\b/g)?.length ?? 0) > 1)
        say(inv, r, "loads other folders' formatter settings gavel cannot place");
      for (const m of list?.[1]?.matchAll(/"([\w.*/-]+)"/g) ?? []) {
        let folders = [cwd];
        for (const part of (m[1] as string).split('/')) {
          if (part === '..' || part === '') {
            say(inv, r, "loads formatter settings from outside the project's folder");
            folders = [];
            break;
          }
          if (part !== '*') {
            folders = folders.map((f) => inFolder(f, part));
            continue;
          }
          folders = folders.flatMap((f) => {
            const l = readBudgeted(f, inv, r);
            if (l?.kind === 'unreadable' && l.entries)
              return (l.folders ?? l.entries).map((e) => inFolder(f, e));
            if (l?.kind !== 'missing')
              say(inv, r, 'loads formatter settings from a folder gavel cannot list');
            return [];
          });
        }
        for (const f of folders) follow(w, inFolder(f, '.formatter.exs'), elixir, '.formatter.exs');
      }
    }
    // `import_deps` evaluates each named dependency's .formatter.exs: a path dependency's is the project's, unread.
    const manifest = projectFile(inFolder(cwd, 'mix.exs'), inv, r);
    if (
      fmt.kind === 'text' &&
      /\bimport_deps\b/.test(fmt.text) &&
      manifest.kind === 'text' &&
      /(?<![\w.])path\s*:/.test(manifest.text)
    )
      say(inv, r, "imports a path dependency's formatter settings: code gavel does not follow");
  }
  finish(w);
}

/** Cargo.toml's package build script, its workspace members and its path dependencies (relative folders). */
function cargoManifest(text: string): {
  build?: string;
  members: string[];
  paths: string[];
  glob: boolean;
  /** The package's name, if it is one. */
  name?: string;
  /** Paths of `[workspace.dependencies]` (members take them by `workspace = true`), by the key that names each. */
  shared: [string, string][];
  /** Paths `[patch]` and `[replace]` put in place of crates: they count for the whole workspace. */
  patched: string[];
  /** Takes a dependency from the workspace's table (`x.workspace = true`, `{ workspace = true }`). */
  inherits: boolean;
  /** The names it takes so, or `all` when a line names one in a form not read here. */
  inherited: Set<string> | 'all';
  /** `[package] workspace = "…"`: the root it names. */
  workspace?: string;
  /** Written in a TOML form this line reader does not follow (multi-line strings, quoted or dotted keys). */
  unread: boolean;
  /** A proc-macro library: rustc runs its code while compiling the crates that use it. */
  procMacro: boolean;
  /** `[lib] path`, if given. */
  lib?: string;
} {
  const members: string[] = [];
  const paths: string[] = [];
  const shared: [string, string][] = [];
  const patched: string[] = [];
  let inherited: Set<string> | 'all' = new Set();
  let workspace: string | undefined;
  let build: string | undefined;
  let name: string | undefined;
  let inherits = false;
  let procMacro = false;
  let lib: string | undefined;
  let glob = false;
  let section = '';
  const src = text.replace(/\r\n/g, '\n');
  const workspaceAt = src.search(/^\s*\[\s*workspace\s*\]/m);
  // Comments dropped first: a `]` in one would end the list early (review).
  const memberList = /^\s*members\s*=\s*\[([^\]]*)\]/m.exec(
    withoutComments(src.slice(workspaceAt >= 0 ? workspaceAt : src.length)),
  );
  for (const m of (memberList?.[1] ?? '').matchAll(/["']([^"']+)["']/g)) {
    if (/[*?[]/.test(m[1] ?? '')) glob = true;
    else members.push(m[1] ?? '');
  }
  // A line starting with `[` inside an array that spans lines is the array's, not a table header: not read here.
  let arrayHeader = false;
  let rootTable = false;
  let depth = 0;
  for (const line of src.split('\n')) {
    const bare = line.replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, '""').replace(/#.*$/, '');
    if (depth > 0 && /^\s*\[/.test(line)) arrayHeader = true;
    const header = depth === 0 && /^\s*\[/.test(bare);
    if (!header)
      depth = Math.max(0, depth + (bare.match(/\[/g)?.length ?? 0) - (bare.match(/\]/g)?.length ?? 0));
    const sec = header ? /^\s*\[([^\]]+)\]/.exec(line) : null;
    // A table written as a root key (`package = { ... }`, `dependencies = { ... }`) is not read here.
    if (
      section === '' &&
      !header &&
      /^\s*(?:package|lib|dependencies|dev-dependencies|build-dependencies|workspace|patch|replace|target)\s*=/.test(
        line,
      )
    )
      rootTable = true;
    if (sec) {
      section = (sec[1] ?? '').trim();
      continue;
    }
    if (section === 'package') {
      const b = /^\s*build\s*=\s*(?:["']([^"']+)["']|(true|false))/.exec(line);
      if (b) build = b[1] ?? (b[2] === 'false' ? '' : undefined);
      const n = /^\s*name\s*=\s*["']([^"']+)["']/.exec(line);
      if (n) name = n[1];
      const root = /^\s*workspace\s*=\s*["']([^"']+)["']/.exec(line);
      if (root) workspace = root[1];
    }
    if (section === 'lib' && /^\s*proc[-_]macro\s*=\s*true\b/.test(line)) procMacro = true;
    if (section === 'lib') lib = /^\s*path\s*=\s*["']([^"']+)["']/.exec(line)?.[1] ?? lib;
    // Dependencies, and the crates `[patch]` and `[replace]` put in their place.
    if (/dependencies|^patch\b|^replace\b/.test(section)) {
      const p = /\bpath\s*=\s*["']([^"']+)["']/.exec(line);
      // The dependency's key: the line's own in a dependency table (`x = { … }`, `x.path = …`), else the table's
      // (`[dependencies.x]`).
      const own = /(?:^|\.)(?:dev-|build-)?dependencies$/.test(section)
        ? /^\s*([\w-]+)\s*[.=]/.exec(line)?.[1]
        : /(?:^|\.)(?:dev-|build-)?dependencies\.([\w-]+)$/.exec(section)?.[1];
      if (p) {
        if (section.startsWith('workspace.dependencies')) shared.push([own ?? '', p[1] ?? '']);
        else (/^(?:patch|replace)\b/.test(section) ? patched : paths).push(p[1] ?? '');
      }
      if (/\bworkspace\s*=\s*true\b/.test(line)) {
        inherits = true;
        if (own === undefined || inherited === 'all') inherited = 'all';
        else inherited.add(own);
      }
    }
  }
  // Keys and strings this reader would misplace: a multi-line string (a `[package]` line inside it), a quoted key
  // (`"path" = ...`), a dotted key for a table it reads (`package.build = ...`, `lib.proc-macro = ...`).
  const unread =
    arrayHeader ||
    // A header with quotes or blanks inside (`[workspace."dependencies"]`, `[ workspace ]`), an inline table going on
    // past its line (`x = { version = "1",` then `path = "x" }`): the line reader would file a key under the wrong name.
    src.split('\n').some((line) => /^\s*\[/.test(line) && !/^\s*\[\[?[\w.-]+\]\]?\s*(?:#.*)?$/.test(line)) ||
    // A dependency table written as a key of another table (`[workspace]` with `dependencies = { … }`, `[target]` with
    // `x.dependencies.foo.path = …`): its paths would be missed (review).
    /^\s*(?:[\w-]+\s*\.\s*)*(?:dependencies|dev-dependencies|build-dependencies|patch|replace)\s*[=.]/m.test(
      src,
    ) ||
    src.split('\n').some((line) => {
      const bare = line.replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, '""').replace(/#.*$/, '');
      return (bare.match(/\{/g)?.length ?? 0) !== (bare.match(/\}/g)?.length ?? 0);
    }) ||
    // An escape other than `\"` and `\\`: TOML's `\u`, and 1.1's `\x`, `\e` in a key or path (`"bui\x6cd"`) name what the
    // reader would miss.
    /\\(?!["\\])/.test(src.replace(/\\\\/g, '')) ||
    /^\s*\[\[?\s*["']/m.test(src) ||
    rootTable ||
    /"""|'''/.test(src) ||
    /^\s*["'][\w-]+["']\s*=|[{,]\s*["'][\w-]+["']\s*=/m.test(src) ||
    /^\s*(?:package|lib|workspace|dependencies|dev-dependencies|build-dependencies|patch|replace)\s*\./m.test(
      src,
    );
  return {
    build,
    members,
    paths: [...paths, ...patched],
    glob,
    name,
    shared,
    patched,
    inherits,
    inherited,
    workspace,
    unread,
    procMacro,
    lib,
  };
}

const CARGO_BUILDS =
  /^(build|b|check|c|test|t|run|r|bench|clippy|doc|d|fix|rustc|nextest|llvm-cov|tarpaulin|miri)$/;

function cargo(given: Invocation, r: Reporter): void {
  // An alias is the command it stands for (`cargo lint` = `cargo clippy -p a`); one not followed counts whole below.
  const inv = expandCargoAlias(given, r) ?? given;
  // The subcommand: the first word that is no option, no toolchain and no value of a global option.
  const valued = /^(?:-C|-Z|--config|--color|--manifest-path|--target-dir)$/;
  const sub = plain(
    inv.args.find((a, k) => {
      const t = plain(a);
      return !t.startsWith('-') && !t.startsWith('+') && !valued.test(plain(inv.args[k - 1]));
    }),
  );
  if (!CARGO_BUILDS.test(sub)) return;
  // `--manifest-path F` and `-C DIR` name the package built, as a `cd` would.
  let start = inv.cwd as string;
  let named: string | undefined;
  for (let k = 0; k < inv.args.length; k++) {
    const t = plain(inv.args[k]);
    const value =
      t === '--manifest-path' || t === '-C'
        ? inv.args[k + 1]
        : t.startsWith('--manifest-path=')
          ? { text: t.slice('--manifest-path='.length), flow: (inv.args[k] as Word).flow }
          : undefined;
    if (value === undefined) continue;
    if (!isLiteral(value)) {
      say(inv, r, 'builds a package named at run time');
      return;
    }
    const abs = resolveArg(value, inv, r).resolved;
    if (abs === undefined) {
      say(inv, r, 'builds a package gavel cannot place');
      return;
    }
    if (t === '-C') start = abs;
    else named = abs;
  }
  const nearestManifest = named ?? nearest(start, ['Cargo.toml'], inv, r);
  if (!nearestManifest) return;
  const w = walk(inv, r);
  // Packages chosen by name or the whole workspace are the workspace's: cargo finds its root above a member.
  const chooses = inv.args.some((a) =>
    /^(?:-p|--package|--workspace|--all|--exclude)(?:=|$)|^-p./.test(plain(a)),
  );
  const manifest = chooses ? (workspaceRoot(nearestManifest, inv, r) ?? nearestManifest) : nearestManifest;
  // An alias in cargo's configuration may stand for any subcommand and options (`c = "check --workspace"`).
  // Cargo's own long subcommands win over an alias of their name; the short ones (`c`) and others do not.
  const aliased =
    !CARGO_BUILTIN.test(sub) && (cargoAliases(posix.dirname(nearestManifest), inv, r)?.has(sub) ?? true);
  const packages = aliased ? undefined : cargoPackages(inv, manifest, r);
  // With packages named, only theirs and what they depend on build; the workspace's shared dependencies count
  // whole for a package that takes any of them.
  const scoped = packages !== undefined;
  const visit = (path: string): boolean => {
    if (w.stopped || w.seen.has(path)) return !w.stopped;
    w.seen.add(path);
    if (w.seen.size > MAX_BUILD_FILES) {
      say(inv, r, `reads more build files than one review follows (${MAX_BUILD_FILES})`);
      w.stopped = true;
      return false;
    }
    const file = projectFile(path, inv, r);
    if (file.kind === 'unknown') {
      w.stopped = true;
      return false;
    }
    if (file.kind !== 'text') return true;
    const dir = posix.dirname(path);
    const m = cargoManifest(file.text);
    if (m.glob || m.unread) {
      say(
        inv,
        r,
        m.glob
          ? 'builds workspace members listed by a pattern, whose build scripts gavel cannot list'
          : 'reads a Cargo.toml written in a form gavel does not follow',
      );
      w.stopped = true;
      return false;
    }
    if (m.build !== '') {
      const script = posix.resolve(dir, m.build ?? 'build.rs');
      if (!follow(w, script, (t) => readProgram('rust', t), 'build.rs')) return false;
    }
    // A proc-macro crate's code runs inside rustc while the crates using it compile (`cargo check` too): its library
    // is read as a build script is; one split into modules of other files is not followed.
    if (m.procMacro) {
      const lib = posix.resolve(dir, m.lib ?? 'src/lib.rs');
      const read = (t: string): BuildRead =>
        /\bmod\s+\w+\s*;|\binclude!/.test(t)
          ? { commands: [], loads: [], opaque: 'loads modules gavel does not follow' }
          : readProgram('rust', t);
      if (!follow(w, lib, read, 'proc-macro library')) return false;
    }
    const below = [
      ...(scoped ? [] : m.members).map((rel) => posix.resolve(dir, rel, 'Cargo.toml')),
      ...m.paths.map((rel) => posix.resolve(dir, rel, 'Cargo.toml')),
      ...(m.inherits ? takenShared(m.inherited, packages?.shared ?? inheritedShared(path, inv, r)) : []),
    ];
    for (const target of below) {
      if (!inWorkspace(target, w)) continue;
      if (!visit(target)) return false;
    }
    return true;
  };
  // The root's `[patch]`/`[replace]` crates stand in for whatever the named packages take from elsewhere.
  for (const start of packages ? [...packages.manifests, ...packages.patched] : [manifest])
    if (!visit(start)) break;
  finish(w);
}

/**
 * The manifests of the workspace's shared dependencies (`[workspace.dependencies]` by path) and `[patch]` crates, for
 * a member building alone that takes some of them (`x.workspace = true`): its own build needs them (round 28: `cd
 * crates/cli && cargo build` built a shared path dependency's build.rs unread). A root gavel cannot read gives none
 * here (the reader reported why); one in a form not followed is uncertain.
 */
function inheritedShared(member: string, inv: Invocation, r: Reporter): [string, string][] {
  const root = workspaceRoot(member, inv, r);
  if (root === undefined) return [];
  const file = projectFile(root, inv, r);
  if (file.kind !== 'text') return [];
  const top = cargoManifest(file.text);
  if (top.unread) say(inv, r, 'reads a Cargo.toml written in a form gavel does not follow');
  const dir = posix.dirname(root);
  return [...top.shared, ...top.patched.map((p): [string, string] => ['', p])].map(([k, rel]) => [
    k,
    posix.resolve(dir, rel, 'Cargo.toml'),
  ]);
}

/**
 * The manifests of the shared dependencies a member takes by name (`x.workspace = true` takes `x`); every one when
 * a name was not read, and always those without a name here (the root's `[patch]` crates).
 */
function takenShared(names: Set<string> | 'all', shared: readonly [string, string][]): string[] {
  return shared.filter(([k]) => names === 'all' || k === '' || names.has(k)).map(([, path]) => path);
}

/** The workspace's root manifest above (or at) a member's `manifest`, as cargo looks for it; undefined: none found. */
function workspaceRoot(manifest: string, inv: Invocation, r: Reporter): string | undefined {
  // A member may name its root (`[package] workspace = "../.."`): cargo takes that one, not the nearest.
  const own = projectFile(manifest, inv, r);
  const named = own.kind === 'text' ? cargoManifest(own.text).workspace : undefined;
  if (named !== undefined) return posix.resolve(posix.dirname(manifest), named, 'Cargo.toml');
  for (const d of configFolders(posix.dirname(manifest), r)) {
    const path = inFolder(d, 'Cargo.toml');
    const file = projectFile(path, inv, r);
    if (file.kind === 'text' && /^\s*\[\s*workspace\s*\]/m.test(file.text)) return path;
  }
  return undefined;
}

/**
 * The manifests of the workspace packages `-p NAME`/`--package NAME` name, and the paths of the workspace's shared
 * dependencies; undefined when the whole workspace counts: no package named, `--workspace`/`--all`/`--exclude`, a
 * spec with a version or pattern, a name gavel does not find among the members, or a workspace it cannot read.
 */
function cargoPackages(
  inv: Invocation,
  manifest: string,
  r: Reporter,
): { manifests: string[]; shared: [string, string][]; patched: string[] } | undefined {
  const names: string[] = [];
  for (let k = 0; k < inv.args.length; k++) {
    const t = plain(inv.args[k]);
    if (t === '--') break;
    if (/^(?:--workspace|--all|--exclude)(?:=|$)/.test(t)) return undefined;
    const value =
      t === '-p' || t === '--package'
        ? inv.args[++k]
        : /^(?:-p|--package=)./.test(t)
          ? { text: t.replace(/^(?:-p|--package=)/, ''), flow: (inv.args[k] as Word).flow }
          : undefined;
    if (value === undefined) continue;
    if (!isLiteral(value) || !/^[\w-]+$/.test(plain(value))) return undefined;
    names.push(plain(value));
  }
  if (names.length === 0) return undefined;
  const root = projectFile(manifest, inv, r);
  if (root.kind !== 'text') return undefined;
  const top = cargoManifest(root.text);
  if (top.unread) return undefined;
  const dir = posix.dirname(manifest);
  const byName = new Map<string, string>();
  if (top.name) byName.set(top.name, manifest);
  if (top.glob) return undefined;
  for (const rel of top.members) {
    const path = posix.resolve(dir, rel, 'Cargo.toml');
    const file = projectFile(path, inv, r);
    if (file.kind !== 'text') return undefined;
    const member = cargoManifest(file.text);
    if (member.unread) return undefined;
    if (member.name) byName.set(member.name, path);
  }
  const manifests = names.map((n) => byName.get(n));
  if (manifests.some((m) => m === undefined)) return undefined;
  return {
    manifests: manifests as string[],
    shared: top.shared.map(([k, rel]): [string, string] => [k, posix.resolve(dir, rel, 'Cargo.toml')]),
    patched: top.patched.map((rel) => posix.resolve(dir, rel, 'Cargo.toml')),
  };
}

function gradle(inv: Invocation, r: Reporter): void {
  if (inv.args.some((a) => /^(-h|--help|-v|--version|--stop|--status)$/.test(plain(a)))) return;
  // `-p DIR` builds the project in DIR.
  const at = inv.args.map(plain).findIndex((a) => /^(-p|--project-dir)(=|$)/.test(a));
  let dir = inv.cwd as string;
  if (at >= 0) {
    const word = /=/.test(plain(inv.args[at])) ? undefined : inv.args[at + 1];
    const given = word ? folderOf(word, inv, r) : plain(inv.args[at]).replace(/^[^=]*=/, '');
    if (given === undefined || given === '') {
      say(inv, r, 'builds a project in a folder known only at run time');
      return;
    }
    dir = posix.resolve(dir, given);
  }
  const settings = nearest(dir, ['settings.gradle.kts', 'settings.gradle'], inv, r);
  const root = settings ? posix.dirname(settings) : dir;
  const w = walk(inv, r);
  // Tasks registered lazily that the command's tasks do not name are not run (gradle-tasks.ts); a name in another
  // script of the build may wire one in, so each project script is read knowing the others.
  const tasks = gradleTasks(inv.args.map(plain));
  let scripts: Map<string, string> | undefined;
  const reader = (t: string, path: string) =>
    readProgram(
      'gradle',
      t,
      tasks === undefined
        ? {}
        : {
            gradle: {
              tasks,
              others: scripts && [...scripts].filter(([p]) => p !== path).map(([, x]) => x),
            },
          },
    );
  // A buildSrc folder is built and put on every build script's classpath, whatever it holds (scripts or sources).
  if (r.env.readScript && folderListing(inFolder(root, 'buildSrc'), inv, r) !== 'missing') {
    say(inv, r, "builds and applies the project's buildSrc plugins: code gavel does not follow");
    return;
  }
  const projects = new Set<string>([root, dir]);
  if (settings) {
    const file = projectFile(settings, inv, r);
    if (file.kind === 'unknown') return;
    if (!follow(w, settings, reader, 'Gradle settings script')) return;
    if (file.kind === 'text') {
      if (/\b(?:includeBuild|includeFlat|buildFileName|setProjectDir|projectDir)\b/.test(file.text)) {
        say(
          inv,
          r,
          'includes another Gradle build or places a project elsewhere: code gavel does not follow',
        );
        return;
      }
      // Every string of the settings that may name a project (`include(⏎ ":app"⏎)`, `include 'a',⏎ 'b'`): its
      // folder's build script is read when there is one.
      for (const p of file.text.matchAll(/["']:?([\w.-]+(?::[\w.-]+)*)["']/g))
        projects.add(posix.resolve(root, (p[1] ?? '').replaceAll(':', '/')));
    }
  }
  // Both scripts where a project has both: Gradle picks one, gavel reads each.
  const builds = [...projects].flatMap((p) => [
    firstIn(p, ['build.gradle.kts'], inv, r),
    firstIn(p, ['build.gradle'], inv, r),
  ]);
  const read = new Map<string, string>();
  for (const path of [settings, ...builds]) {
    if (path === undefined) continue;
    const file = projectFile(path, inv, r);
    if (file.kind === 'text') read.set(path, file.text);
    else if (file.kind !== 'missing') {
      read.clear();
      break;
    }
  }
  scripts = read.size > 0 ? read : undefined;
  for (const found of builds) if (found && !follow(w, found, reader, 'Gradle build script')) return;
  finish(w);
}

function maven(inv: Invocation, r: Reporter): void {
  if (inv.args.some((a) => /^(-h|--help|-v|--version)$/.test(plain(a)))) return;
  const w = walk(inv, r);
  // A profile the build does not activate does not run its plugins (maven-profiles.ts).
  const active = activeProfiles(inv, r);
  const visit = (dir: string): boolean => {
    const path = inFolder(dir, 'pom.xml');
    if (w.seen.has(path)) return true;
    const file = projectFile(path, inv, r);
    if (!follow(w, path, (t) => readProgram('maven', withoutInactiveProfiles(t, active)), 'pom.xml'))
      return false;
    if (file.kind !== 'text') return true;
    for (const m of file.text.matchAll(/<module>\s*([^<\s]+)\s*<\/module>/g)) {
      const sub = posix.resolve(dir, m[1] ?? '');
      if (!inWorkspace(sub, w)) {
        say(inv, r, 'builds a module outside the workspace, which gavel does not read');
        return false;
      }
      if (!visit(sub)) return false;
    }
    return true;
  };
  visit(inv.cwd as string);
  finish(w);
}

/** `python -m build`, uv/poetry/pdm/hatch building or syncing the project in the working folder. */
const PROJECT_BUILDS: Readonly<Record<string, RegExp>> = {
  uv: /^(run|sync|build)$/,
  poetry: /^(install|build)$/,
  pdm: /^(install|sync|build)$/,
  hatch: /^(build)$/,
  build: /^$|^-/,
  'pyproject-build': /^$|^-/,
};

/** Build frontends that take the project's folder as their operand (`python -m build DIR`, `pyproject-build DIR`). */
const FRONTENDS = new Set(['build', 'pyproject-build']);
/** Their options that take a value as the next word. */
const FRONTEND_VALUES =
  /^(?:-o|--outdir|--out-dir|-C|--config-setting|--config-settings|--installer|-p|--python|--index|--index-url|--default-index|--extra-index-url|-f|--find-links|--build-constraint|-b|--build-constraints|--config-file|--cache-dir|--directory)$/;

/**
 * `python -m build [DIR]`, `pyproject-build [DIR]`, `uv build [DIR]`: the project in DIR (the working folder by
 * default) is built, its backend and setup.py run. A folder known only at run time, or `uv build --package`/`--all`
 * (workspace members by name), is not placed: uncertain.
 */
function buildFrontend(base: string, args: readonly Word[], inv: Invocation, r: Reporter): void {
  const dir = frontendFolder(base, args, inv, r);
  if (typeof dir === 'string') pythonProject(dir, inv, r);
  else say(inv, r, dir.why);
}

/** The project folder a build frontend builds, or why it is not placed. */
function frontendFolder(
  base: string,
  args: readonly Word[],
  inv: Invocation,
  r: Reporter,
): string | { why: string } {
  const words = base === 'uv' ? args.slice(1) : args;
  const operands: Word[] = [];
  const unplaced = { why: 'builds a project in a folder known only at run time' };
  for (let k = 0; k < words.length; k++) {
    const w = words[k] as Word;
    const t = plain(w);
    if (!isLiteral(w)) return unplaced;
    if (/^--(?:package|all-packages|all)(?:=|$)/.test(t))
      return { why: 'builds workspace packages gavel does not place' };
    if (FRONTEND_VALUES.test(t)) k++;
    else if (!t.startsWith('-')) operands.push(w);
  }
  if (operands.length > 1) return { why: 'builds more than one project folder' };
  const dir = operands.length === 0 ? inv.cwd : folderOf(operands[0], inv, r);
  return dir ?? unplaced;
}

export function buildFileRuns(inv: Invocation, r: Reporter): void {
  if (inv.cwd === undefined) return;
  const { program, args } = runnerOf(inv);
  const base = program.slice(program.lastIndexOf('/') + 1);
  if (base === 'rake') rake(inv, r);
  else if (/^pip\d*(\.\d+)?$/.test(base)) pipInstall(args, inv, r);
  else if (base === 'uv' && plain(args[0]) === 'pip') pipInstall(args.slice(1), inv, r);
  else if (FRONTENDS.has(base) || (base === 'uv' && plain(args[0]) === 'build'))
    buildFrontend(base, args, inv, r);
  else if (PROJECT_BUILDS[base]?.test(plain(args.find((a) => !plain(a).startsWith('-'))) || plain(args[0])))
    pythonProject(inv.cwd, inv, r);
  else if (base === 'cmake') cmake(inv, r);
  else if (base === 'ninja') ninja(inv, r);
  else if (base === 'ctest') ctest(inv, r);
  else if (base === 'meson') meson(inv, r);
  else if (base === 'scons') scons(inv, r);
  else if (base === 'swift') swift(inv, r);
  else if (base === 'zig') zig(inv, r);
  else if (base === 'mix') mix(inv, r);
  else if (base === 'cargo') cargo(inv, r);
  else if (base === 'gradle' || base === 'gradlew') gradle(inv, r);
  else if (base === 'mvn' || base === 'mvnw') maven(inv, r);
}

/** The walk over build files, for readers of other builders (build-files-dotnet.ts). */
export {
  finish as finishBuildWalk,
  follow as followBuildFile,
  pythonProject as buildPythonProject,
  walk as startBuildWalk,
};

/** TOML text without its comments (a `#` outside a string to the line's end). */
function withoutComments(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let quote = '';
      for (let k = 0; k < line.length; k++) {
        const c = line[k] as string;
        if (quote) {
          if (c === '\\' && quote === '"') k++;
          else if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '#') return line.slice(0, k);
      }
      return line;
    })
    .join('\n');
}
