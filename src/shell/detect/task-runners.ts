/**
 * Project task runners beyond make and the package managers: `just` (its justfile's recipes, read and analysed
 * as the shell lines they are), `task` (a Taskfile), `tox` (tox.ini's `commands`), `nox` (a noxfile) and
 * `pytest` (the `conftest.py` files it imports while collecting). Python run by a runner is interpreter code:
 * only a file that imports nothing beyond a short list and calls nothing that reaches the system is let through.
 * Never quotes a file. Pure apart from the injected reader and reporting.
 * INVARIANT: a file these runners read that cannot be read or followed is uncertain, never silently allowed.
 */

import { posix } from 'node:path';
import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { buildConfigs } from './build-configs';
import { composerScripts } from './build-files-composer';
import { dotnetBuildFiles } from './build-files-dotnet';
import { buildFileRuns, buildPythonProject } from './build-files-run';
import { sbtBuild } from './build-files-sbt';
import { denoConfig, taskfile } from './build-files-task';
import { toolBuildRuns } from './build-files-tools';
import { xcodeBuildFiles } from './build-files-xcode';
import { folderListing, listedEntry } from './config-modules';
import { conftestsBelow } from './conftest-walk';
import { dartPackages } from './dart-packages';
import { recursiveDelete } from './detect-filesystem';
import { runFileText } from './disk-scripts';
import { djangoBoot } from './django-boot';
import { goEnv } from './go-env';
import { goGenerate } from './go-generate';
import { helmCharts } from './helm-charts';
import { hugoModules } from './hugo-modules';
import { fixtureOnlyImports, inertPython } from './inert-python';
import { justRecipes } from './just-recipes';
import { jvmLaunchFiles } from './jvm-launch-files';
import { kustomizations } from './kustomizations';
import { laravelBoot } from './laravel-boot';
import { lefthookRun } from './lefthook-hooks';
import { linterConfigs } from './linter-configs';
import { mageTargets } from './mage-targets';
import { nearest } from './nearest-file';
import { notebookTests, PYTEST_FLAGS } from './notebook-tests';
import { POSARGS, readNoxfile, selectedSessions } from './nox-sessions';
import { resolveArg } from './path-effects';
import { poeTasks } from './poe-tasks';
import { foldersUp, inFolder, projectFile, unknownFolder } from './project-file';
import { pyprojectScripts } from './pyproject-scripts';
import { railsBoot } from './rails-boot';
import { railsTasks } from './rails-tasks';
import { PYTEST_FILES, pytestSettings, runnerConfig } from './runner-config';
import { runnerOptions } from './runner-options';
import { siteBuilders } from './site-builders';
import { sourceConfigs } from './source-configs';
import { testBootstraps } from './test-bootstraps';
import { standardModules } from './workspace-programs';
import { workspaceRuns } from './workspace-runs';
import { writtenPaths } from './written-scripts';

export { inertPython } from './inert-python';

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');
const wrapperOf = (inv: Invocation) => `${inv.program}${SCRIPT_FILE_WRAPPER}`;

/**
 * Is `module` the project's own (a package or module in a folder between `dir` and the workspace top, or in its
 * `src/`)? Such a module is what the tests import and run anyway (ADR 0068): a conftest importing it is known as
 * they are. Names of a closed shape only.
 */
function firstParty(module: string, dir: string, top: string, inv: Invocation, r: Reporter): boolean {
  if (!/^[A-Za-z_]\w{0,63}$/.test(module)) return false;
  for (const d of foldersUp(dir)) {
    for (const base of [d, inFolder(d, 'src')])
      for (const f of [inFolder(base, `${module}/__init__.py`), inFolder(base, `${module}.py`)])
        if (projectFile(f, inv, r).kind === 'text') return true;
    if (d === top || !d.startsWith(`${top}/`)) break;
  }
  return false;
}

/** pytest's options (and common plugins') that take a value as the next word. */
const PYTEST_VALUES = new Set(
  '-k -m -p -c -o -W -r -n --maxfail --tb --rootdir --basetemp --junitxml --junit-xml --confcutdir --deselect --ignore-glob --import-mode --durations --durations-min --log-level --log-file --log-cli-level --log-format --log-date-format --capture --color --code-highlight --pythonwarnings --override-ini --config-file --last-failed-no-failures --report-log --cov-report --cov-config --cov-fail-under --dist --numprocesses --maxprocesses --timeout --reruns --randomly-seed --html --json-report-file --doctest-glob --verbosity'.split(
    ' ',
  ),
);

/**
 * An `--ignore-glob` pattern as pytest applies it: made absolute from the folder it runs in (`os.path.abspath`), then
 * fnmatch-ed against each absolute path it would collect (`*` and `?` cross `/`).
 */
function fnmatchRegex(glob: string, cwd: string): RegExp {
  const abs = posix.normalize(glob.startsWith('/') ? glob : `${cwd}/${glob}`);
  const body = abs
    .replace(/[.+^${}()|\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

/** `pytest [paths…]`, `py.test`, `python -m pytest`: the conftest.py files between the workspace and each path. */
function pytest(inv: Invocation, args: readonly Word[], r: Reporter): void {
  // `--basetemp DIR` empties DIR before the run: a delete of it.
  args.forEach((w, k) => {
    const t = plain(w);
    if (t === '--basetemp' && args[k + 1]) recursiveDelete(args[k + 1] as Word, inv, r);
    else if (t.startsWith('--basetemp='))
      recursiveDelete({ text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow }, inv, r);
  });
  const written = writtenPaths(r).filter((p) =>
    /\.py$|\/(pytest|tox)\.ini$|\/pyproject\.toml$|\/setup\.cfg$/.test(p),
  );
  if (written.length > 0) {
    say(inv, r, 'collects Python files this command writes');
    return;
  }
  if (!r.env.readScript) return;
  // `--version` alone prints before any conftest.py or plugin of the project loads (measured with pytest 9).
  if (args.length > 0 && args.every((w) => plain(w) === '--version')) return;
  // `--help`, `--markers`: no test is collected, only the initial conftest.py files load (measured with pytest 9:
  // the folder given or each test path, the folders above it, and its `test*` folders).
  const initialOnly = args.some((w) => /^(?:-h|--help|--markers)$/.test(plain(w)));
  const cwd = inv.cwd;
  if (cwd === undefined) {
    unknownFolder(inv, r);
    return;
  }
  const roots = [cwd];
  const ignored: string[] = [];
  // `--ignore-glob`: fnmatch patterns pytest tests each path it would collect against (`*` crosses folders).
  const ignoredGlobs: RegExp[] = [];
  let ambiguous = false;
  for (let k = 0; k < args.length; k++) {
    const w = args[k] as Word;
    const t = plain(w);
    // An option's value is no path collected (`-k crps`, `-m 'not gpu'`: round 32 took them for folders and read
    // none of the conftest.py files below the test paths); `--ignore` keeps a path's conftest.py unloaded.
    if (t === '--ignore' || t.startsWith('--ignore=')) {
      const value =
        t === '--ignore' ? args[++k] : { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow };
      const abs = value && isLiteral(value) ? resolveArg(value, inv, r).resolved : undefined;
      if (abs) ignored.push(abs);
      continue;
    }
    if (t === '--ignore-glob' || t.startsWith('--ignore-glob=')) {
      const value =
        t === '--ignore-glob' ? args[++k] : { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow };
      const glob = value && isLiteral(value) ? plain(value) : undefined;
      if (glob !== undefined && !/[[\]\\]/.test(glob)) ignoredGlobs.push(fnmatchRegex(glob, cwd));
      continue;
    }
    if (PYTEST_VALUES.has(t)) {
      k++;
      continue;
    }
    if (t.startsWith('-')) continue;
    // A word after an option gavel does not know (a plugin's `--foo bar`) may be its value: the test paths pytest
    // then collects are walked too.
    const before = k > 0 ? plain(args[k - 1]) : '';
    if (/^(?:-[A-Za-z]|--[\w-]+)$/.test(before) && !PYTEST_FLAGS.has(before)) ambiguous = true;
    if (!isLiteral(w)) {
      say(inv, r, 'collects tests from a path known only at run time');
      return;
    }
    const abs = resolveArg({ text: t.replace(/::.*$/, ''), flow: w.flow }, inv, r).resolved;
    if (abs) roots.push(abs.endsWith('.py') ? abs.slice(0, abs.lastIndexOf('/')) || '/' : abs);
  }
  const top = r.scope.workspaceRoots.find((w) => cwd === w || cwd.startsWith(`${w}/`)) ?? cwd;
  const dirs = new Set<string>();
  for (const root of roots)
    for (const d of foldersUp(root)) {
      dirs.add(d);
      if (d === top || !d.startsWith(`${top}/`)) break;
    }
  // Under a folder collected whole, conftest.py in the usual test folders too (deeper ones are not listed).
  for (const root of roots)
    for (const sub of ['tests', 'test', 'testing', 'src']) dirs.add(inFolder(root, sub));
  // Every conftest.py in the folders pytest recurses into below what it collects (conftest-walk.ts).
  // `python -m pytest` puts the folder first on the import path before pytest imports most of the standard library:
  // a module of the folder named like a standard one replaces it.
  if (/^python/.test(inv.program)) {
    const listed = folderListing(cwd, inv, r);
    if (listed === 'unlisted') {
      say(inv, r, 'runs in a folder gavel cannot list, whose modules replace standard ones of the same name');
      return;
    }
    const names = listed === 'missing' ? new Set<string>() : listed;
    // A module file, or a package (a folder holding `__init__.py`: a folder without one does not replace a module).
    const shadows = (n: string) =>
      n !== 'test' &&
      standardModules().has(n.replace(/\.py$/, '')) &&
      (n.endsWith('.py') ||
        listedEntry(inFolder(cwd, `${n}/__init__.py`), folderListing(inFolder(cwd, n), inv, r), inv, r));
    if ([...names].some(shadows)) {
      say(inv, r, 'runs with a module of the folder named like a standard one, which replaces it');
      return;
    }
  }
  const configs = pytestConfigs(cwd, top, inv, r);
  if (configs === undefined) return;
  const collected =
    roots.length > 1
      ? [...roots.slice(1), ...(ambiguous ? (configs.testpaths ?? [cwd]) : [])]
      : (configs.testpaths ?? roots);
  if (initialOnly) {
    for (const anchor of collected) {
      for (const d of foldersUp(anchor)) {
        dirs.add(d);
        if (d === top || !d.startsWith(`${top}/`)) break;
      }
      const names = folderListing(anchor, inv, r);
      if (names === 'unlisted') {
        say(inv, r, 'loads the conftest.py files of a folder gavel cannot list');
        return;
      }
      if (names !== 'missing') for (const n of names) if (n.startsWith('test')) dirs.add(inFolder(anchor, n));
    }
  }
  const below = initialOnly ? [] : conftestsBelow(collected, /\bnorecursedirs\b/.test(configs.text), r);
  if (below === 'cut') {
    say(
      inv,
      r,
      'collects tests below more folders than one review lists: a conftest.py there is not ruled out',
    );
    return;
  }
  for (const path of below)
    if (
      !ignored.some((i) => path.startsWith(`${i}/`)) &&
      // A folder pytest collects into is tested against the patterns; the paths given (and above) are collected anyway.
      !foldersUp(path.slice(0, -'/conftest.py'.length)).some(
        (d) => collected.some((c) => d.startsWith(`${c}/`)) && ignoredGlobs.some((g) => g.test(d)),
      )
    )
      dirs.add(path.slice(0, -'/conftest.py'.length));
  // A conftest.py in a package is imported as a module of it (`tests.conftest`): the packages' `__init__.py` up to the
  // workspace top run first.
  const inits = new Set<string>();
  for (const dir of dirs)
    for (const d of foldersUp(dir)) {
      if (d !== top && !d.startsWith(`${top}/`)) break;
      inits.add(inFolder(d, '__init__.py'));
      if (d === top) break;
    }
  for (const path of inits) {
    const file = projectFile(path, inv, r);
    if (file.kind === 'unknown') return;
    if (
      file.kind === 'text' &&
      !inertPython(file.text, (m) => firstParty(m, posix.dirname(path), top, inv, r))
    ) {
      say(inv, r, "imports a test package's __init__.py whose code may reach the system while collecting");
      return;
    }
  }
  for (const dir of dirs) {
    const file = projectFile(inFolder(dir, 'conftest.py'), inv, r);
    if (file.kind === 'unknown') return;
    if (file.kind === 'text' && !fixtureOnlyImports(file.text, (m) => firstParty(m, dir, top, inv, r))) {
      say(inv, r, 'imports a conftest.py whose code may reach the system while collecting');
      return;
    }
  }
}

/**
 * pytest's configuration files between `cwd` and the workspace top: their text joined, and the `testpaths` pytest
 * collects when run with no path from the folder of the configuration that sets them (globs: the folder itself).
 * Undefined when unsure.
 */
function pytestConfigs(cwd: string, top: string, inv: Invocation, r: Reporter) {
  let text = '';
  let testpaths: string[] | undefined;
  let chosen = false;
  for (const d of foldersUp(cwd)) {
    for (const name of PYTEST_FILES) {
      const file = projectFile(inFolder(d, name), inv, r);
      if (file.kind === 'unknown') return undefined;
      if (file.kind !== 'text') continue;
      text += `${file.text}\n`;
      // pytest takes the first file it finds that is a pytest configuration (pytest.ini even when empty), nearest
      // folder first: `testpaths` come from that one alone.
      if (chosen || !isPytestConfig(name, file.text)) continue;
      chosen = true;
      const paths = pytestSettings(file.text, name)?.testpaths ?? [];
      if (d === cwd && paths.length > 0 && !paths.some((p) => /[*?[]/.test(p)))
        testpaths = paths.map((p) => posix.resolve(d, p));
    }
    if (d === top || !d.startsWith(`${top}/`)) break;
  }
  return { text, testpaths };
}

/** Is a file of PYTEST_FILES a pytest configuration pytest would take (its section is there)? */
function isPytestConfig(name: string, text: string): boolean {
  if (name === 'pytest.ini' || name === '.pytest.ini') return true;
  if (name === 'pyproject.toml') return /^\[tool\.pytest(?:\.ini_options)?\]/m.test(text);
  if (name === 'tox.ini') return /^\[pytest\]/m.test(text);
  if (name === 'setup.cfg') return /^\[tool:pytest\]/m.test(text);
  return true;
}

/** tox.ini's `commands`, `commands_pre` and `commands_post` of the environments run (all when none is named). */
/** tox's options that print and run no environment (`tox -l`, `tox --version`). */
const TOX_LISTS = /^(?:-l|--listenvs|-a|--listenvs-all|list|--version|--help|-h|-q|-v|-qq|-vv)$/;

function tox(inv: Invocation, r: Reporter): void {
  let envs: string[] | undefined;
  let posargs: string | undefined;
  let conf: Word | undefined;
  for (let k = 0; k < inv.args.length; k++) {
    const t = plain(inv.args[k]);
    if (t === '--') {
      const rest = inv.args.slice(k + 1);
      posargs = rest
        .map((w) => (isLiteral(w) ? `'${plain(w).replaceAll("'", "'\\''")}'` : '"$tox_posarg"'))
        .join(' ');
      break;
    }
    if (t === '-e' || t === '--env') envs = plain(inv.args[++k]).split(',');
    else if (/^-e./.test(t)) envs = t.slice(2).split(',');
    else if (t === '-c' || t === '--conf') conf = inv.args[++k];
    else if (/^(--root|--workdir)$/.test(t) || /^(-c.|--conf=)/.test(t))
      say(inv, r, 'reads a configuration named on its command line');
  }
  // A configuration named on the line is read like the default one when it is an ini file (one outside the
  // workspace is runner-options.ts's); another form is not followed.
  if (conf && (!isLiteral(conf) || !/\.ini$/.test(plain(conf)))) {
    say(inv, r, 'reads a configuration named on its command line');
    return;
  }
  if (!r.env.readScript) return;
  if (inv.cwd === undefined) {
    unknownFolder(inv, r);
    return;
  }
  const named = conf ? resolveArg(conf, inv, r).resolved : undefined;
  if (conf && !named) {
    say(inv, r, 'reads a configuration named on its command line');
    return;
  }
  // tox looks for its configuration in the folder it starts in and then in each folder above.
  let ini = named ? projectFile(named, inv, r) : undefined;
  let iniDir = named ? posix.dirname(named) : inv.cwd;
  if (!named)
    for (const dir of foldersUp(inv.cwd)) {
      const file = projectFile(inFolder(dir, 'tox.ini'), inv, r);
      if (file.kind === 'unknown') return;
      if (file.kind === 'text') {
        ini = file;
        iniDir = dir;
        break;
      }
      // tox reads its configuration from pyproject.toml, setup.cfg or tox.toml too: not followed.
      for (const name of ['pyproject.toml', 'setup.cfg', 'tox.toml']) {
        const other = projectFile(inFolder(dir, name), inv, r);
        if (other.kind === 'text' && /\btox\b/.test(other.text)) {
          say(inv, r, 'reads a configuration gavel does not follow');
          return;
        }
      }
    }
  if (ini?.kind !== 'text') return;
  // tox 4 loads a `toxfile.py` beside its configuration as a plugin, whatever it is asked.
  const plugin = projectFile(inFolder(iniDir as string, 'toxfile.py'), inv, r);
  if (plugin.kind === 'unknown') return;
  if (plugin.kind !== 'missing' && plugin.kind !== 'unread') {
    say(inv, r, 'loads the toxfile.py beside its configuration as a plugin: Python gavel does not follow');
    return;
  }
  // Listing environments, showing the configuration, the version or usage: no environment runs.
  if (inv.args.length > 0 && inv.args.every((w) => TOX_LISTS.test(plain(w)))) return;
  // The words after `--` are judged in the commands only when tox would keep each one a word of its own there: a
  // line break splits commands, a brace is a replacement tox expands, a `#` starts its comment.
  const plainWords = inv.args
    .slice(inv.args.findIndex((w) => plain(w) === '--') + 1)
    .every((w) => !/[\n\r{}#\\]/.test(plain(w)));
  let skipSaid = false;
  let buildSaid = false;
  const lines: string[] = [];
  const exports: string[] = [];
  const deps: string[] = [];
  let section = '';
  let key = '';
  // Whether the words after `--` reach only whole words of the commands read (`Segment.forwarded`).
  let onlyCommands = posargs === undefined || plainWords;
  const wanted = (s: string) =>
    s === 'testenv' ||
    (s.startsWith('testenv:') && (!envs || envs.includes(s.slice(8)) || envs.includes('ALL')));
  // tox joins a line ending in a backslash with the next before it reads commands.
  for (const raw of ini.text.replace(/\r\n/g, '\n').replace(/\\\n/g, '').split('\n')) {
    const sec = /^\[([^\]]+)\]/.exec(raw);
    if (sec) {
      section = (sec[1] ?? '').trim();
      key = '';
      // Environments generated from factors (`testenv:py{311,312}`) are not expanded by this reading.
      if (/^testenv:.*[{,]/.test(section)) {
        say(inv, r, 'reads a tox.ini whose environments this reading does not expand');
        return;
      }
      continue;
    }
    if (/^[#;]/.test(raw)) continue;
    // Python's ini reader: `=` or `:` between a key and its value, and keys of any case.
    const kv = /^([\w.-]+)\s*[=:]\s*(.*)$/.exec(raw);
    let value: string | undefined;
    if (kv) {
      key = (kv[1] ?? '').toLowerCase();
      value = kv[2];
    } else if (/^\s+\S/.test(raw)) value = raw.trim();
    if (value === undefined) continue;
    // tox drops what follows a `#` that no backslash escapes, wherever it stands in a value.
    value = value.replace(/(?<!\\)#.*$/, '').trimEnd();
    const command = /^commands(_pre|_post)?$/.test(key);
    if (/\{posargs|\[\]/.test(value) && (!command || !standalonePosargs(value))) onlyCommands = false;
    if (wanted(section) && key === 'base') {
      say(inv, r, 'reads a tox.ini whose environments inherit from other sections');
      return;
    }
    // tox installs with a command of the project's, or builds the package with commands of its own.
    if (key === 'install_command' || (key === 'package' && /^external\b/.test(value.trim()))) {
      say(inv, r, 'installs or builds with commands of the configuration that this reading does not follow');
      return;
    }
    // An environment run skips the package build only where the sections it reads say so and none says otherwise.
    if (wanted(section) && (key === 'skip_install' || key === 'package')) {
      const skips = key === 'skip_install' ? /^true$/i.test(value.trim()) : /^skip$/.test(value.trim());
      if (skips) skipSaid = true;
      else buildSaid = true;
    }
    // Variables an environment sets reach every command it runs (`PYTHONPATH`, `PYTHONSTARTUP`), and its deps are
    // installed as pip installs them (a local folder's build runs): both judged as the shell lines they make
    // (review of round 32).
    if (wanted(section) && (key === 'setenv' || key === 'set_env') && value !== '') {
      const set = /^([A-Za-z_]\w*)\s*=\s*(.*)$/.exec(value);
      if (!set) {
        say(inv, r, 'sets variables in a form this reading does not follow');
        return;
      }
      exports.push(`export ${set[1]}=${toxQuoted(set[2] ?? '', iniDir as string)}`);
      continue;
    }
    if (wanted(section) && key === 'deps' && value !== '') {
      deps.push(
        `pip install ${value
          .split(/\s+/)
          .map((w) => toxQuoted(w, iniDir as string))
          .join(' ')}`,
      );
      continue;
    }
    if (!wanted(section) || !command) continue;
    if (value === '') continue;
    // `{posargs}` (and its shorthand `[]`), `{envdir}`, `{[section]key}`: values tox computes.
    lines.push(
      value
        .replace(/\[\]/g, '{posargs}')
        .replace(/\{posargs(?::([^}]*))?\}/g, (_m, fallback: string | undefined) => posargs ?? fallback ?? '')
        .replace(/\{toxinidir\}/g, `'${inv.cwd}'`)
        .replace(/\{[^}]*\}/g, '$__tox_value')
        .replace(/^[-!]+\s*/, '')
        .replace(/\\$/, ''),
    );
  }
  // Without `skip_install`, tox builds the project's package first, as `pip install .` would.
  if (!skipSaid || buildSaid) buildPythonProject(iniDir as string, inv, r);
  if (deps.length > 0) runFileText(deps.map((l) => `(\n${l}\n)`).join('\n'), inv, r, wrapperOf(inv));
  if (lines.length > 0)
    runFileText([...exports, ...lines.map((l) => `(\n${l}\n)`)].join('\n'), inv, r, wrapperOf(inv));
  if (onlyCommands) forwarded(inv, r);
}

/** A tox value as one shell word: `{toxinidir}` the folder, another replacement a value known at run time. */
function toxQuoted(value: string, dir: string): string {
  const parts = value.split(/(\{[^}]*\})/);
  return parts
    .map((part) =>
      part === '{toxinidir}'
        ? `'${dir.replaceAll("'", "'\\''")}'`
        : /^\{[^}]*\}$/.test(part)
          ? '"$__tox_value"'
          : part === ''
            ? ''
            : `'${part.replaceAll("'", "'\\''")}'`,
    )
    .join('');
}

/**
 * Is every `{posargs}` (or `[]`) of a command line a word of its own outside quotes? tox puts the words in quoted its
 * own way (shlex), which reads as the shell reads them only there.
 */
function standalonePosargs(value: string): boolean {
  for (const m of value.matchAll(/\{posargs(?::[^}]*)?\}|\[\]/g)) {
    const before = value.slice(0, m.index);
    const after = value.slice((m.index ?? 0) + m[0].length);
    if (!/(?:^|\s)$/.test(before) || !/^(?:\s|$)/.test(after)) return false;
    if ((before.match(/"/g) ?? []).length % 2 !== 0 || (before.match(/'/g) ?? []).length % 2 !== 0)
      return false;
  }
  return true;
}

/** Options of nox that print and run no session (the noxfile is still imported). */
const NOX_LISTS = new Set(['-l', '--list', '--list-sessions', '--json', '-h', '--help', '--version']);
/** Options of nox that take a value of their own (not a session name). */
const NOX_VALUES = new Set([
  '-p',
  '--python',
  '--pythons',
  '-P',
  '--force-python',
  '-db',
  '--default-venv-backend',
  '-fb',
  '--force-venv-backend',
  '--envdir',
  '--extra-pythons',
  '--extra-python',
  '--report',
  '--download-python',
]);

/**
 * nox runs the sessions a command selects (`-s`/`-e`, else `nox.options.sessions`, else every default one) of the
 * noxfile in the folder it starts in, read by nox-sessions.ts; what the sessions run is analysed as shell. A
 * noxfile named by option, a selection by keyword or tag (every session counts) or a file gavel cannot read
 * is judged whole or uncertain.
 */
function nox(inv: Invocation, r: Reporter): void {
  // `nox --version`, `nox --help`: printed before the noxfile loads (round 32, measured with nox from Debian).
  if (inv.args.length === 1 && /^(?:--version|--help|-h)$/.test(plain(inv.args[0]))) return;
  let names: string[] | undefined;
  let all = false;
  let list = false;
  let posargs = '';
  const args = inv.args;
  for (let k = 0; k < args.length; k++) {
    const t = plain(args[k]);
    if (t === '--') {
      posargs = args
        .slice(k + 1)
        .map((w) => (isLiteral(w) ? `'${plain(w).replaceAll("'", "'\\''")}'` : '"$nox_posarg"'))
        .join(' ');
      break;
    }
    if (!isLiteral(args[k] as Word)) {
      say(inv, r, 'runs sessions named at run time');
      return;
    }
    if (/^(-s|-e|--sessions?)$/.test(t)) {
      names ??= [];
      while (k + 1 < args.length && !plain(args[k + 1]).startsWith('-')) {
        if (!isLiteral(args[k + 1] as Word)) {
          say(inv, r, 'runs sessions named at run time');
          return;
        }
        names.push(...plain(args[++k]).split(','));
      }
    } else if (/^--sessions?=/.test(t)) names = [...(names ?? []), ...t.slice(t.indexOf('=') + 1).split(',')];
    else if (/^(-k|--keywords|-t|--tags)$/.test(t)) {
      all = true;
      k++;
    } else if (NOX_LISTS.has(t)) list = true;
    else if (/^(-f|--noxfile)$|^--noxfile=/.test(t)) {
      unfollowed(inv, ['noxfile.py'], 'runs the sessions of a noxfile named on its command line', r);
      return;
    } else if (NOX_VALUES.has(t)) k++;
  }
  if (!r.env.readScript) return;
  if (inv.cwd === undefined) {
    unknownFolder(inv, r);
    return;
  }
  const file = projectFile(inFolder(inv.cwd, 'noxfile.py'), inv, r);
  if (file.kind !== 'text') return;
  const read = readNoxfile(file.text);
  if (read.kind === 'opaque') {
    say(inv, r, `runs the sessions of a noxfile that ${read.why}: Python code gavel does not follow`);
    return;
  }
  if (list) return;
  const everyOne = [...read.sessions.keys()];
  const wanted =
    names ?? (all ? everyOne : (read.defaults ?? everyOne.filter((n) => read.sessions.get(n)?.byDefault)));
  const selected = selectedSessions(read, wanted);
  const unread = selected.find((s) => s.opaque !== undefined);
  if (unread) {
    say(inv, r, `runs the sessions of a noxfile that ${unread.opaque}: Python code gavel does not follow`);
    return;
  }
  const lines = selected.map((s) => `(\n${s.lines.join('\n').replaceAll(POSARGS, posargs)}\n)`);
  if (lines.length > 0) runFileText(lines.join('\n'), inv, r, wrapperOf(inv));
  forwarded(inv, r);
}

/** The words after the runner's `--` went only into the lines just judged (`Segment.forwarded`). */
function forwarded(inv: Invocation, r: Reporter): void {
  const segment = r.segments[inv.segment];
  if (segment) segment.forwarded = true;
}

/** A runner whose file is not followed: uncertain when the file is there. */
function unfollowed(inv: Invocation, names: readonly string[], what: string, r: Reporter): void {
  if (!r.env.readScript) return;
  if (inv.cwd === undefined) {
    unknownFolder(inv, r);
    return;
  }
  const found = nearest(inv, names, r, inv.cwd);
  if (found?.file.kind === 'text') say(inv, r, what);
}

/**
 * Runners that compile, load or run source files of their ecosystem, by the subcommands that do (empty: any), and
 * the files they would run: one written earlier in the same command line runs text gavel never analysed.
 */
const RUNS_SOURCES: readonly { programs: RegExp; subs?: RegExp; files: RegExp }[] = [
  {
    programs: /^cargo$/,
    subs: /^(build|b|check|c|test|t|run|r|bench|clippy|doc|d|install|nextest|fix|rustc|publish|package)$/,
    files: /\.rs$|\/Cargo\.toml$|\/rust-toolchain(\.toml)?$/,
  },
  {
    programs: /^go$/,
    subs: /^(test|run|generate|build|vet|install)$/,
    files: /\.go$|\/go\.(mod|work)$|\.s$|\.c$/,
  },
  {
    programs:
      /^(vitest|jest|mocha|ava|tap|playwright|cypress|eslint|prettier|stylelint|tsx|ts-node|vite|next|nuxt|astro|webpack|rollup|esbuild|lint-staged)$/,
    files: /\.(m|c)?[jt]sx?$|\/(\.eslintrc|\.prettierrc|\.stylelintrc|\.mocharc|\.babelrc)[^/]*$/,
  },
  {
    programs: /^(pip|pip3|uv|poetry|pdm|pipenv|hatch|tox|nox|python\d*(\.\d+)?)$/,
    subs: /^(install|sync|lock|add|develop|build|-m)$/,
    files: /\/(setup\.py|setup\.cfg|pyproject\.toml|noxfile\.py|tox\.ini)$/,
  },
  {
    programs: /^(mvn|mvnw|gradle|gradlew)$/,
    files:
      /\/(pom\.xml|build\.gradle(\.kts)?|settings\.gradle(\.kts)?|gradle\.properties)$|\/\.mvn\/|\.java$|\.kt$/,
  },
  {
    programs: /^(terraform|tofu)$/,
    subs: /^(plan|apply|destroy|refresh|console|import|init|test)$/,
    files: /\.tf(\.json)?$/,
  },
  { programs: /^(pre-commit|prek)$/, files: /\/\.pre-commit-config\.yaml$/ },
];

function writtenSources(inv: Invocation, r: Reporter): void {
  const written = writtenPaths(r);
  if (written.length === 0) return;
  const program = inv.program.slice(inv.program.lastIndexOf('/') + 1);
  const sub = plain(inv.args.find((w) => !plain(w).startsWith('-') || plain(w) === '-m'));
  for (const rule of RUNS_SOURCES) {
    if (!rule.programs.test(program) || (rule.subs && !rule.subs.test(sub))) continue;
    if (written.some((p) => rule.files.test(p)))
      say(inv, r, 'builds or runs source files this command writes');
    return;
  }
}

export function taskRunners(inv: Invocation, r: Reporter): void {
  writtenSources(inv, r);
  runnerOptions(inv, r);
  runnerConfig(inv, r);
  buildConfigs(inv, r);
  buildFileRuns(inv, r);
  if (inv.cwd !== undefined) toolBuildRuns(inv.program.slice(inv.program.lastIndexOf('/') + 1), inv, r);
  jvmLaunchFiles(inv, r);
  kustomizations(inv, r);
  testBootstraps(inv, r);
  notebookTests(inv, r);
  railsBoot(inv, r);
  railsTasks(inv, r);
  djangoBoot(inv, r);
  laravelBoot(inv, r);
  goEnv(inv, r);
  goGenerate(inv, r);
  mageTargets(inv, r);
  helmCharts(inv, r);
  dartPackages(inv, r);
  lefthookRun(inv, r);
  hugoModules(inv, r);
  linterConfigs(inv, r);
  if (inv.program === 'dotnet') dotnetBuildFiles(inv, r);
  else if (inv.program === 'sbt') sbtBuild(inv, r);
  else if (inv.program === 'xcodebuild') xcodeBuildFiles(inv, r);
  composerScripts(inv, r);
  denoConfig(inv, r);
  sourceConfigs(inv, r);
  workspaceRuns(inv, r);
  siteBuilders(inv, r);
  pyprojectScripts(inv, r);
  const p = inv.program;
  if (p === 'pytest' || p === 'py.test') pytest(inv, inv.args, r);
  else if (
    /^python\d*(\.\d+)?$/.test(p) &&
    plain(inv.args[0]) === '-m' &&
    /^(pytest|py\.test)$/.test(plain(inv.args[1]))
  )
    pytest(inv, inv.args.slice(2), r);
  else if (p === 'just') justRecipes(inv, r);
  else if (p === 'tox') tox(inv, r);
  else if (p === 'nox') nox(inv, r);
  else if (p === 'task' || p === 'go-task') taskfile(inv, r);
  else if (p === 'poe') poeTasks(inv, r);
}
