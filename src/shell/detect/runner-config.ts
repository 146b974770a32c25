/**
 * Configuration files an ordinary runner reads before it runs anything, for the settings that make it run other
 * code: `.npmrc` (`script-shell`, `node-options`, `onload-script`, `prefix`, `globalconfig`, `userconfig`,
 * `pnpmfile`), `pnpm-workspace.yaml`'s settings and the `.pnpmfile.cjs` pnpm loads on every command, `.yarnrc.yml` / `.yarnrc` (`yarnPath`, `plugins`), `bunfig.toml` (`preload`), the pytest sections of
 * pytest.ini / pyproject.toml / setup.cfg / tox.ini (`addopts` with `-p`, `--pyargs`, `-c`, `-o`; `pythonpath`),
 * `.rspec` (`--require`, `-I`), `.mocharc.*` and jest configuration (`require`, `setupFiles`, `globalSetup`,
 * `reporters`, ...), and linters' and build tools' own (pylint `init-hook`, mypy and flake8 plugins, rubocop
 * `require`, bazel `--run_under`, dprint plugins). Read in the folders from the cwd up to the top of the workspace,
 * and the user's own (`~/.npmrc`, pnpm's `~/.config/pnpm/rc`, `~/.yarnrc.yml`, `~/.bunfig.toml`). A setting that
 * runs a shell or code from outside the workspace, or one gavel cannot read, is uncertain; ordinary settings stay quiet. Never
 * quotes a file. Pure apart from the injected reader and reporting.
 */

import { posix } from 'node:path';
import { isUnder } from '../../core';
import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, optionWords, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { settingValues, settingWords } from './config-settings';
import { readBudgeted, unreadable } from './disk-scripts';
import { managerStartsNothing } from './manager-starts-nothing';
import { resolveArg } from './path-effects';
import { pnpmfileMatters, pnpmInstalls } from './pnpmfile-hooks';
import { foldersUp, inFolder, type ProjectFile, projectFile } from './project-file';
import { looksLikePath, runnerOf } from './runner-options';

const say = (program: string, inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${program}\` ${why}`, inv.segment, 'kept');

/** The folders whose configuration a runner in `cwd` reads: up to the workspace top (only `cwd` outside it). */
export function configFolders(cwd: string, r: Reporter): string[] {
  const top = r.scope.workspaceRoots.find((w) => w !== '/' && w !== r.scope.home && isUnder(cwd, w));
  if (top === undefined) return [cwd];
  const out: string[] = [];
  for (const d of foldersUp(cwd)) {
    out.push(d);
    if (d === top) break;
  }
  return out;
}

/** Whether `value` (relative to `dir`) leads outside the workspace. */
function outside(value: string, dir: string, inv: Invocation, r: Reporter): boolean {
  const res = resolveArg({ text: value, flow: NO_FLOW }, { ...inv, cwd: dir }, r);
  return res.class !== 'workspace' || (res.real !== undefined && res.real !== res.resolved);
}

const SHELLS = /^(\/(usr\/)?bin\/)?(ba|z|da)?sh$/;
/** node options that load nothing and run nothing. */
const INERT_NODE_OPTION =
  /^--(max-old-space-size=\d+|max-semi-space-size=\d+|stack-size=\d+|no-warnings|no-deprecation|trace-warnings|trace-deprecation|enable-source-maps|experimental-vm-modules|experimental-specifier-resolution=node|openssl-legacy-provider|unhandled-rejections=\w+|dns-result-order=[\w-]+|no-experimental-fetch|expose-gc|use-openssl-ca)$/;

/** A settings key as npm and pnpm compare it, whatever its spelling (`script-shell`, `scriptShell`, `script_shell`). */
const keyOf = (key: string) => key.toLowerCase().replace(/[-_]/g, '');

/**
 * One npm or pnpm setting (`.npmrc`, pnpm's rc, `pnpm-workspace.yaml`): a shell, node options, a pnpmfile or a
 * configuration from elsewhere. `home` is the user's own file, where `prefix` names the folder of npm's global
 * configuration (read as the same kind of file) rather than code.
 */
function npmSetting(
  key: string,
  value: string,
  program: string,
  inv: Invocation,
  r: Reporter,
  home?: string,
): void {
  const k = keyOf(key);
  // What shapes the scripts and programs the manager starts matters not to a command that starts none (`npm ls`).
  if (STARTED_ONLY.test(k) && startsNothing(program, inv)) return;
  if (k === 'scriptshell' || k === 'shell') {
    if (!SHELLS.test(value)) say(program, inv, r, 'reads a setting that runs scripts in another shell');
  } else if (k === 'nodeoptions') {
    if (!value.split(/\s+/).every((o) => o === '' || INERT_NODE_OPTION.test(o)))
      say(program, inv, r, 'reads a setting whose node options may load other code');
  } else if (k === 'pnpmfile' || k === 'globalpnpmfile' || k === 'configdependencies')
    say(program, inv, r, 'reads a setting that loads a pnpmfile, code gavel does not follow');
  // pnpm installs before it runs a script when told to (its install hooks and dependencies' scripts then run).
  // A value read as a block (`[block]`: on the lines below) may be `install` too.
  else if (k === 'verifydepsbeforerun' && /^["']?(?:install|\[block\])["']?$|^[>|]/.test(value.trim()))
    say(program, inv, r, 'reads a setting that installs before running scripts');
  // pnpm runs scripts with a node it keeps in its home folder (`use-node-version`), unchecked once there.
  else if (k === 'usenodeversion' || k === 'executionenv')
    say(program, inv, r, 'reads a setting that runs scripts with a node from its own folder');
  else if (k === 'prefix' && home !== undefined) {
    const folder = value.replace(/^(?:~|\$\{HOME\}|\$HOME)(?=\/|$)/, home);
    if (!folder.startsWith('/') || folder.includes('$'))
      say(program, inv, r, 'reads a setting that loads configuration from elsewhere');
    else {
      const global = settledFile(posix.join(folder, 'etc/npmrc'), inv, r);
      if (global.kind === 'text') npmrc(global.text, program, inv, r);
    }
  } else if (/^(onloadscript|prefix|globalconfig|userconfig|initmodule|nodegyp|lockfiledir)$/.test(k))
    say(program, inv, r, 'reads a setting that loads code or configuration from elsewhere');
}

/** Settings that shape only what the manager starts: the script shell, node options, the node scripts run with. */
const STARTED_ONLY = /^(?:scriptshell|shell|nodeoptions|usenodeversion|executionenv|verifydepsbeforerun)$/;

/** Whether `inv` is the manager itself running a command that starts no program (manager-starts-nothing.ts). */
function startsNothing(program: string, inv: Invocation): boolean {
  const run = runnerOf(inv);
  return (
    run.program === program &&
    managerStartsNothing(
      program,
      run.args.map((w) => (isLiteral(w) ? plain(w) : undefined)),
    )
  );
}

/** A key or value as npm's ini reader reads it: JSON when double-quoted; undefined when that does not parse. */
function unquoted(text: string): string | undefined {
  if (/^'.*'$/.test(text)) return text.slice(1, -1);
  if (!/^".*"$/.test(text)) return text;
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `.npmrc` (and pnpm's rc, the same format): keys that change the shell, the node options or where npm reads its
 * configuration and scripts. A key is read as npm's ini reader reads it (quotes around it removed); one with a
 * `${VAR}` in it is named at run time (npm fills it in), so not known.
 */
function npmrc(text: string, program: string, inv: Invocation, r: Reporter, home?: string): void {
  for (const raw of text.split(/\r\n?|\n/)) {
    if (/^\s*[#;]/.test(raw)) continue;
    const m = /^\s*([^=\s][^=]*?)\s*=\s*(.*?)\s*$/.exec(raw);
    if (!m) continue;
    // npm's ini reader takes a double-quoted key or value as JSON (`"script\u002dshell"`), a single-quoted one as it is.
    const key = unquoted(m[1] ?? '');
    const value = unquoted(m[2] ?? '');
    if (key === undefined || value === undefined || key.includes('$')) {
      say(
        program,
        inv,
        r,
        'reads a setting whose name is written in a way gavel does not read, or filled in at run time',
      );
      return;
    }
    npmSetting(key, value, program, inv, r, home);
  }
}

/**
 * Whether a YAML settings file is written in the plain block form the line readers here follow: keys at the start
 * of their lines, no explicit (`? key`) or flow-mapped document, no escapes in quoted text, no anchors or merges.
 * Any other form (all valid YAML, read alike by pnpm and yarn) is not known.
 */
function plainYaml(text: string): boolean {
  const lines = text
    .split(/\r\n?|\n/)
    .filter((l) => l.trim() !== '' && !/^\s*#/.test(l) && !/^(?:---|\.\.\.|%)/.test(l));
  if (lines.length > 0 && /^\s/.test(lines[0] ?? '')) return false;
  return lines.every(
    (l) =>
      !/^\s*[?:{](?:\s|$|\{)|^[[{"']|"[^"\n]*\\|(?:^|[\s:,[{])[&*!][\w!-]|<<\s*:/.test(l) &&
      // pnpm fills `${VAR}` in keys too (`scriptShel${X-l}:` is `scriptShell`): a key holding one is not read (review).
      !/^[^:#]*\$\{/.test(l),
  );
}

/**
 * `pnpm-workspace.yaml`'s settings (pnpm 10 reads them as it reads `.npmrc`'s, in camelCase): top-level keys; a
 * value given as a block or a list is not a plain shell or option and so not known inert.
 */
function pnpmWorkspace(text: string, inv: Invocation, r: Reporter): void {
  if (!plainYaml(text)) {
    say('pnpm', inv, r, 'reads a pnpm-workspace.yaml written in a form gavel does not read');
    return;
  }
  const lines = text.split(/\r\n?|\n/);
  lines.forEach((line, k) => {
    const m = /^(["']?)([\w-]+)\1\s*:[ \t]*(.*?)\s*$/.exec(line);
    if (!m) return;
    let value = (m[3] ?? '').replace(/\s+#.*$/, '');
    // A plain value goes on over the indented lines after it (`nodeOptions: --a` then `  --require x`).
    for (let n = k + 1; value !== '' && n < lines.length && /^\s+\S/.test(lines[n] ?? ''); n++)
      value += ` ${(lines[n] ?? '').trim()}`;
    value = value.replace(/^(["'])(.*)\1$/, '$2');
    npmSetting(m[2] ?? '', value === '' ? '[block]' : value, 'pnpm', inv, r);
  });
}

/** package.json's `pnpm` field: settings that load code (`configDependencies`, a pnpmfile) are uncertain. */
function pnpmManifest(text: string, inv: Invocation, r: Reporter): void {
  let field: unknown;
  try {
    field = (JSON.parse(text) as Record<string, unknown>)?.pnpm;
  } catch {
    say('pnpm', inv, r, 'reads a package.json that does not parse');
    return;
  }
  if (field === undefined) return;
  if (typeof field !== 'object' || field === null) return;
  for (const key of Object.keys(field))
    if (
      /^(?:configdependencies|pnpmfile|globalpnpmfile|executionenv|scriptshell|nodeoptions)$/.test(keyOf(key))
    )
      say('pnpm', inv, r, 'reads a package.json whose pnpm settings load code gavel does not follow');
}

/**
 * A `yarnPath` every yarn call runs instead of yarn: known only as a release yarn itself installs, a file under the
 * project's `.yarn/releases/` that is one bundle of a release's size (a release is megabytes: a small script
 * there is not one) starting with node's `#!` line. Its content is not verified further.
 */
function yarnRelease(value: string, dir: string, inv: Invocation, r: Reporter): boolean {
  const path = posix.resolve(dir, value);
  if (!path.startsWith(`${dir === '/' ? '' : dir}/.yarn/releases/`) || !/\.c?js$/.test(path)) return false;
  const file = readBudgeted(path, inv, r);
  return (
    file?.kind === 'unreadable' &&
    file.why === 'too-large' &&
    /^#!\/usr\/bin\/env node\r?\n/.test(file.head ?? '')
  );
}

/** `.yarnrc.yml` (`yarnPath`, plugins) and `.yarnrc` (`yarn-path`): a yarn release or plugin from elsewhere. */
function yarnrc(text: string, dir: string, inv: Invocation, r: Reporter): void {
  // Plugins listed on the key's own line (`plugins: [x]`) are not read line by line here.
  if (!plainYaml(text) || /^[ \t]*["']?plugins["']?[ \t]*:[ \t]*[^\s#]/m.test(text)) {
    say('yarn', inv, r, 'reads a yarn configuration written in a form gavel does not read');
    return;
  }
  for (const raw of text.split(/\r\n?|\n/)) {
    const key = /^\s*(yarnPath|"?yarn-path"?)\s*[:\s]\s*"?([^"#\s]+)"?/.exec(raw);
    const plugin = /^\s*-\s*"?([^"#\s:]+)"?\s*$|^\s*(?:-\s*)?(?:path|spec):\s*"?([^"#\s]+)"?/.exec(raw);
    const value = key?.[2] ?? plugin?.[1] ?? plugin?.[2];
    if (value === undefined) continue;
    if (key && !yarnRelease(value, dir, inv, r)) {
      say(
        'yarn',
        inv,
        r,
        'reads a yarn configuration whose `yarnPath` is not a yarn release: code gavel does not follow',
      );
      return;
    }
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || outside(value, dir, inv, r)) {
      say(
        'yarn',
        inv,
        r,
        'reads a yarn configuration that runs a release or plugin from outside the workspace',
      );
      return;
    }
  }
}

/** `bunfig.toml`: `preload` (top level, `[test]`, `[run]`) of files outside the workspace. */
function bunfig(text: string, dir: string, inv: Invocation, r: Reporter): void {
  for (const m of text.matchAll(/^\s*preload\s*=\s*(\[[^\]]*\]|"[^"]*"|'[^']*')/gm)) {
    for (const s of (m[1] ?? '').matchAll(/["']([^"']+)["']/g)) {
      const value = s[1] ?? '';
      if (looksLikePath(value) && outside(value, dir, inv, r)) {
        say('bun', inv, r, 'reads a bunfig.toml that preloads code from outside the workspace');
        return;
      }
    }
  }
}

/** The sections pytest reads its settings from, by file name. */
export function pytestSections(name: string): RegExp {
  if (name === 'pyproject.toml') return /^tool\.pytest(?:\.ini_options)?$/;
  if (name === 'pytest.toml' || name === '.pytest.toml') return /^(?:pytest|tool\.pytest(?:\.ini_options)?)$/;
  if (name === 'setup.cfg') return /^tool:pytest$/;
  return /^pytest$/;
}

/** The `addopts`, `pythonpath` and `testpaths` words of a pytest configuration; undefined when it cannot be parsed. */
export function pytestSettings(
  text: string,
  name: string,
): { addopts: string[]; pythonpath: string[]; testpaths: string[] } | undefined {
  const sections = pytestSections(name);
  const addopts = settingValues(text, name, sections, 'addopts');
  const pythonpath = settingValues(text, name, sections, 'pythonpath');
  const testpaths = settingValues(text, name, sections, 'testpaths');
  if (!addopts.ok || !pythonpath.ok || !testpaths.ok) return undefined;
  return {
    addopts: settingWords(addopts.values),
    pythonpath: settingWords(pythonpath.values),
    testpaths: settingWords(testpaths.values),
  };
}

function pytestConfig(text: string, name: string, dir: string, inv: Invocation, r: Reporter): void {
  const s = pytestSettings(text, name);
  if (!s) {
    say('pytest', inv, r, 'reads a configuration that does not parse');
    return;
  }
  const words = s.addopts;
  for (let k = 0; k < words.length; k++) {
    const w = words[k] ?? '';
    const plugin = w === '-p' ? words[++k] : /^-p./.test(w) ? w.slice(2) : undefined;
    if (plugin !== undefined && !plugin.startsWith('no:')) {
      say('pytest', inv, r, 'reads a configuration that loads a plugin, code gavel does not follow');
      return;
    }
    if (/^(--pyargs|-c|--config-file|-o|--override-ini|--rootdir|--confcutdir|--basetemp)(=|$)/.test(w)) {
      say('pytest', inv, r, 'reads a configuration that moves where tests, configuration or files come from');
      return;
    }
  }
  for (const p of s.pythonpath)
    if (outside(p, dir, inv, r)) {
      say('pytest', inv, r, 'reads a configuration that imports code from outside the workspace');
      return;
    }
}

/** `.rspec`: `--require` / `-r` of a file path and `-I` / `--options` outside the workspace. */
function rspecOptions(text: string, dir: string, inv: Invocation, r: Reporter): void {
  const words = text.split(/\s+/).filter(Boolean);
  for (let k = 0; k < words.length; k++) {
    const w = words[k] ?? '';
    const m = /^(-r|--require|-I|-O|--options)(=(.*))?$/.exec(w);
    if (!m) continue;
    const value = m[3] ?? words[++k] ?? '';
    const folder = m[1] === '-I' || m[1] === '-O' || m[1] === '--options';
    if ((folder || looksLikePath(value)) && outside(value, dir, inv, r)) {
      say('rspec', inv, r, 'reads a .rspec that loads code from outside the workspace');
      return;
    }
  }
}

/** Keys of mocha and jest configuration whose values are modules or files the runner loads. */
const MODULE_KEYS =
  /["']?\b(require|file|reporter|reporters|ui|spec|setupFiles|setupFilesAfterEnv|globalSetup|globalTeardown|testEnvironment|runner|testRunner|resolver|transform|preset|snapshotResolver|testSequencer|watchPlugins|rootDir|roots|modulePaths)\b["']?\s*:\s*(\[[^\]]*\]|\{[^}]*\}|"[^"]*"|'[^']*'|`[^`]*`|[^\s,#]+)/g;

/** mocha or jest configuration (JSON, YAML or JavaScript): a module or file it loads from outside the workspace. */
function moduleConfig(text: string, program: string, dir: string, inv: Invocation, r: Reporter): void {
  // A YAML list under a key (`require:` then `  - x` lines) is read as `require: ["x"]`.
  const flat = text.replace(/:[ \t]*\r?\n((?:[ \t]+-[ \t]+[^\n]*(?:\n|$))+)/g, (_m, items: string) => {
    const list = items
      .split('\n')
      .map((l) => l.replace(/^\s*-\s*/, '').trim())
      .filter(Boolean);
    return `: [${list.map((x) => `"${x.replace(/^["']|["']$/g, '')}"`).join(', ')}]\n`;
  });
  for (const m of flat.matchAll(MODULE_KEYS)) {
    const span = m[2] ?? '';
    const values = [...span.matchAll(/["'`]([^"'`]+)["'`]/g)].map((x) => x[1] ?? '');
    if (values.length === 0) values.push(span);
    for (const v of values) {
      const value = v.replace(/^<rootDir>/, '.');
      if (/[$]\{|^process\./.test(value)) {
        say(program, inv, r, 'reads a configuration whose modules are computed at run time');
        return;
      }
      if (looksLikePath(value) && !/[*?^$|()]/.test(value) && outside(value, dir, inv, r)) {
        say(program, inv, r, 'reads a configuration that loads code from outside the workspace');
        return;
      }
    }
  }
}

/**
 * Linters and build tools whose configuration loads code: pylint's `init-hook` (Python run at start), mypy
 * `plugins` and flake8 `local-plugins` paths outside the workspace, rubocop `require`/`plugins` outside or
 * `inherit_from` a URL, bazel's `--run_under` and imports from outside, dprint plugins from anywhere but its own
 * plugin host.
 */
function toolConfig(
  text: string,
  name: string,
  program: string,
  dir: string,
  inv: Invocation,
  r: Reporter,
): void {
  const paths = (values: string) =>
    values
      .split(/[\s,[\]"']+/)
      .filter(Boolean)
      .some((v) => looksLikePath(v) && outside(v.replace(/:.*$/, ''), dir, inv, r));
  // Read as the tool reads it (config-settings.ts): a file that does not parse is not followed.
  const setting = (sections: RegExp, key: string): string | undefined => {
    const v = settingValues(text, name, sections, key);
    return v.ok ? (v.values.length > 0 ? v.values.join('\n') : undefined) : '\u0000unparsed';
  };
  if (program === 'pylint') {
    const sections =
      name === 'pyproject.toml'
        ? /^tool\.pylint(?:\.|$)/
        : name === '.pylintrc' || name === 'pylintrc'
          ? /^/
          : /pylint/i;
    const plugins = setting(sections, 'load-plugins');
    if (setting(sections, 'init-hook') !== undefined)
      say(program, inv, r, 'reads a configuration whose init-hook runs Python code');
    // A plugin module of the project itself: Python code pylint imports, not read here.
    else if (plugins?.startsWith('\u0000') || (plugins && workspaceModule(plugins, dir, inv, r)))
      say(
        program,
        inv,
        r,
        'reads a configuration that loads a plugin module of the project: code gavel does not read',
      );
  } else if (program === 'mypy' || program === 'coverage') {
    const sections =
      program === 'mypy'
        ? name === 'pyproject.toml'
          ? /^tool\.mypy$/
          : /^mypy$/
        : name === 'pyproject.toml'
          ? /^tool\.coverage\.run$/
          : /^(?:coverage:)?run$/;
    const plugins = setting(sections, 'plugins');
    if (plugins?.startsWith('\u0000')) say(program, inv, r, 'reads a configuration that does not parse');
    else if (plugins !== undefined && paths(plugins))
      say(program, inv, r, 'reads a configuration that loads a plugin from outside the workspace');
    // A plugin module of the project itself (`plugins = myplugin`): Python code the tool imports, not read here.
    else if (plugins !== undefined && workspaceModule(plugins, dir, inv, r))
      say(
        program,
        inv,
        r,
        'reads a configuration that loads a plugin module of the project: code gavel does not read',
      );
    // coverage writes its data file (and `erase` deletes it) and its reports where the configuration says (review
    // of round 32: `data_file` naming a file of the home folder was deleted by `coverage erase`).
    else if (program === 'coverage') {
      const at = name === 'pyproject.toml' ? 'tool\\.coverage\\.' : '(?:coverage:)?';
      for (const [section, key] of [
        ['run', 'data_file'],
        ['html', 'directory'],
        ['(?:xml|json|lcov)', 'output'],
      ] as const) {
        const v = setting(new RegExp(`^${at}${section}$`), key);
        if (v !== undefined && (v.startsWith('\u0000') || /[$%]/.test(v) || paths(v))) {
          say(program, inv, r, 'writes or deletes a file its configuration names outside the workspace');
          break;
        }
      }
    }
  } else if (program === 'flake8') {
    const m = setting(/^flake8:local-plugins$/, 'paths');
    // Local plugins are loaded from the folders named: code of the project's (or from elsewhere) flake8 imports.
    if (m !== undefined && m.split(/[\s,]+/).some(Boolean))
      say(program, inv, r, 'reads a configuration that loads local plugins: code gavel does not read');
  } else if (program === 'rubocop') {
    if (/^\s*inherit_from\s*:[^\n]*https?:\/\/|^\s*-\s*https?:\/\//m.test(text))
      say(program, inv, r, 'reads a configuration inherited from a URL');
    else
      for (const m of text.matchAll(/^(require|plugins)\s*:\s*((?:\n\s*-\s*[^\n]*)+|[^\n]+)/gm))
        if (paths((m[2] ?? '').replace(/-\s/g, ' '))) {
          say(program, inv, r, 'reads a configuration that requires code from outside the workspace');
          return;
        }
  } else if (program === 'bazel' || program === 'bazelisk') {
    if (/--run_under\b|--script_path\b/.test(text))
      say(program, inv, r, 'reads a .bazelrc that runs its tests or binaries under another program');
    else
      for (const m of text.matchAll(/^\s*(?:try-)?import\s+(\S+)/gm))
        if (outside((m[1] ?? '').replace(/^%workspace%\//, './'), dir, inv, r)) {
          say(program, inv, r, 'reads a .bazelrc that imports configuration from outside the workspace');
          return;
        }
  } else if (program === 'dprint') {
    for (const m of text.matchAll(/"(https?:\/\/[^"]+)"/g))
      if (!/^https:\/\/plugins\.dprint\.dev\//.test(m[1] ?? '') && /"plugins"/.test(text)) {
        say(program, inv, r, "reads a configuration with plugins from a host other than dprint's own");
        return;
      }
  }
}

/**
 * Does a plugin list name a module of the project beside the configuration: `name.py`, `name.pyc`, a folder `name/`
 * (a package, or a namespace package without `__init__.py`: review of round 32) or a native extension
 * (`name.cpython-311-x86_64-linux-gnu.so`, `name.pyd`)?
 */
function workspaceModule(values: string, dir: string, inv: Invocation, r: Reporter): boolean {
  let listing: readonly string[] | undefined;
  for (const v of values.split(/[\s,[\]"']+/).filter(Boolean)) {
    const top = v.split(/[.:]/)[0] ?? '';
    if (!/^[A-Za-z_]\w*$/.test(top)) continue;
    for (const file of [`${top}.py`, `${top}.pyc`, `${top}/__init__.py`]) {
      const found = projectFile(inFolder(dir, file), inv, r);
      if (found.kind !== 'missing') return true;
    }
    if (readBudgeted(inFolder(dir, top), inv, r)?.kind !== 'missing') return true;
    if (listing === undefined) {
      const read = readBudgeted(dir, inv, r);
      listing = read?.kind === 'unreadable' ? (read.entries ?? []) : [];
    }
    if (listing.some((e) => e.startsWith(`${top}.`) && /\.(?:so|pyd)$/.test(e))) return true;
  }
  return false;
}

const TOOL_CONFIG = new Set([
  'pylint',
  'mypy',
  'flake8',
  'coverage',
  'rubocop',
  'bazel',
  'bazelisk',
  'dprint',
]);

const FILES: Readonly<Record<string, readonly string[]>> = {
  pylint: ['.pylintrc', 'pylintrc', '.pylintrc.toml', 'pyproject.toml', 'setup.cfg', 'tox.ini'],
  mypy: ['mypy.ini', '.mypy.ini', 'pyproject.toml', 'setup.cfg'],
  flake8: ['.flake8', 'setup.cfg', 'tox.ini'],
  coverage: ['.coveragerc', 'setup.cfg', 'tox.ini', 'pyproject.toml'],
  rubocop: ['.rubocop.yml'],
  bazel: ['.bazelrc'],
  bazelisk: ['.bazelrc'],
  dprint: ['dprint.json', '.dprint.json', 'dprint.jsonc', '.dprint.jsonc'],
  npm: ['.npmrc'],
  // pnpm reads its workspace file's settings and loads the root's `.pnpmfile.cjs` on every command (pnpm 10:
  // `--version` too), not only on install.
  // Node finds `.pnpmfile.cjs.js` (`.json`, `.node`) for a `.pnpmfile.cjs` that is missing (review).
  pnpm: [
    '.npmrc',
    'pnpm-workspace.yaml',
    '.pnpmfile.cjs',
    '.pnpmfile.mjs',
    '.pnpmfile.cjs.js',
    '.pnpmfile.cjs.json',
    '.pnpmfile.cjs.node',
    // The manifest's `pnpm` field holds settings too; `configDependencies` there loads plugins' pnpmfiles (review).
    'package.json',
  ],
  yarn: ['.npmrc', '.yarnrc.yml', '.yarnrc'],
  bun: ['bunfig.toml'],
  pytest: [
    'pytest.toml',
    '.pytest.toml',
    'pytest.ini',
    '.pytest.ini',
    'pyproject.toml',
    'tox.ini',
    'setup.cfg',
  ],
  rspec: ['.rspec', '.rspec-local'],
  mocha: ['.mocharc.json', '.mocharc.jsonc', '.mocharc.yml', '.mocharc.yaml', '.mocharc.js', '.mocharc.cjs'],
  jest: ['jest.config.js', 'jest.config.cjs', 'jest.config.mjs', 'jest.config.ts', 'jest.config.json'],
};
/**
 * The user's own settings files each runner reads (relative to the home folder), and the project file each is read
 * as: the same settings, from wherever the workspace is.
 */
const HOME_FILES: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  npm: [['.npmrc', '.npmrc']],
  pnpm: [
    ['.npmrc', '.npmrc'],
    ['.config/pnpm/rc', '.npmrc'],
  ],
  yarn: [
    ['.npmrc', '.npmrc'],
    ['.yarnrc.yml', '.yarnrc.yml'],
    ['.yarnrc', '.yarnrc'],
  ],
  bun: [
    ['.bunfig.toml', 'bunfig.toml'],
    ['.config/.bunfig.toml', 'bunfig.toml'],
  ],
  pylint: [
    ['.pylintrc', '.pylintrc'],
    ['.config/pylintrc', 'pylintrc'],
  ],
  mypy: [
    ['.config/mypy/config', 'mypy.ini'],
    ['.mypy.ini', 'mypy.ini'],
  ],
  rubocop: [
    ['.config/rubocop/config.yml', '.rubocop.yml'],
    ['.rubocop.yml', '.rubocop.yml'],
  ],
  rspec: [
    ['.rspec', '.rspec'],
    ['.config/rspec/options', '.rspec'],
  ],
  bazel: [['.bazelrc', '.bazelrc']],
  bazelisk: [['.bazelrc', '.bazelrc']],
};

/**
 * The folders a runner in `cwd` looks for its settings in: those up to the workspace top, then the ones above it
 * up to `/` (pytest, eslint, prettier, yarn and others keep climbing when the project has none of their files).
 */
export function searchedFolders(cwd: string, r: Reporter): string[] {
  const inside = configFolders(cwd, r);
  return [...inside, ...foldersUp(inside[inside.length - 1] ?? cwd).slice(1)];
}

/**
 * A settings file outside the workspace (the user's own, a folder above the workspace) as it is on disk: an
 * earlier command of the line is not taken to rewrite it (it would name it). Unreadable is reported.
 */
export function settledFile(path: string, inv: Invocation, r: Reporter): ProjectFile {
  const file = readBudgeted(path, inv, r, true);
  if (!file) return { kind: 'unknown' };
  if (file.kind === 'unreadable') {
    unreadable(file, inv, r);
    return { kind: 'unknown' };
  }
  return file.kind === 'text' ? { kind: 'text', text: file.text } : { kind: 'missing' };
}

/** One settings file read as the file `name` of the folder `dir` (`home`: the user's own, see npmSetting). */
function readSettings(
  name: string,
  text: string,
  dir: string,
  program: string,
  inv: Invocation,
  r: Reporter,
  home?: string,
): void {
  if (name === '.npmrc') npmrc(text, program, inv, r, home);
  else if (name === 'pnpm-workspace.yaml') pnpmWorkspace(text, inv, r);
  else if (name === 'package.json' && program === 'pnpm') pnpmManifest(text, inv, r);
  else if (name.startsWith('.pnpmfile.')) {
    // Its install hooks run only when pnpm installs; the rest must be inert (pnpmfile-hooks.ts). A program pnpm starts
    // (`pnpm exec tsc`) runs in the pnpm process judged on its own segment.
    const run = runnerOf(inv);
    const words = run.args.map((w) => (isLiteral(w) ? plain(w) : undefined));
    if (run.program === 'pnpm' && (pnpmInstalls(words) || pnpmfileMatters(text, name)))
      say(program, inv, r, `loads ${name} on every command: code gavel does not follow`);
  } else if (name.startsWith('.yarnrc')) yarnrc(text, dir, inv, r);
  else if (name === 'bunfig.toml') bunfig(text, dir, inv, r);
  else if (program === 'pytest') pytestConfig(text, name, dir, inv, r);
  else if (program === 'rspec') rspecOptions(text, dir, inv, r);
  else if (TOOL_CONFIG.has(program)) toolConfig(text, name, program, dir, inv, r);
  else moduleConfig(text, program, dir, inv, r);
}
const ALIASES: Readonly<Record<string, string>> = { 'py.test': 'pytest' };
/** The files pytest may read its settings from, nearest folder first in each (configFolders). */
export const PYTEST_FILES = FILES.pytest as readonly string[];

/**
 * The workspace file a word names (literal, inside a workspace, not through a link to elsewhere), for a file a tool
 * is told to load by option; undefined for anything else.
 */
export function workspaceNamed(value: Word, inv: Invocation, r: Reporter): string | undefined {
  const res = isLiteral(value) ? resolveArg(value, inv, r) : undefined;
  if (res?.resolved === undefined || res.class !== 'workspace') return undefined;
  return res.real !== undefined && res.real !== res.resolved ? undefined : res.resolved;
}

/** Options naming the configuration file a tool reads instead of its default ones. */
const CONFIG_OPTIONS: Readonly<Record<string, RegExp>> = {
  pytest: /^(?:-c|--config-file)$/,
  mypy: /^--config-file$/,
  pylint: /^--rcfile$/,
  flake8: /^--(?:config|append-config)$/,
  coverage: /^--rcfile$/,
  rubocop: /^(?:-c|--config)$/,
};
/** The name a configuration named by option is read under: its sections decide, as in a shared file. */
const OPTION_NAMED = 'setup.cfg';

export function runnerConfig(inv: Invocation, r: Reporter): void {
  const named = runnerOf(inv).program;
  const program = ALIASES[named] ?? named;
  if (!r.env.readScript || inv.cwd === undefined) return;
  const before = r.uncertainties.length;
  // A package manager that runs a program for us (`npx vitest`, `pnpm exec tsc`, `bunx x`) reads its own settings
  // first: npm's `node-options` reach every program it starts.
  const manager = managerOf(r.segments[inv.segment]?.wrappers ?? []);
  if (manager !== undefined && manager !== program && !settingsOf(manager, inv, r, before)) return;
  if (!FILES[program]) return;
  // A configuration named by option (`pytest -c evil.ini`, `mypy --config-file x.ini`) is read as the default.
  const option = CONFIG_OPTIONS[program];
  const args = runnerOf(inv).args;
  for (const value of option ? optionWords(args, (o) => option.test(o)) : []) {
    const named = workspaceNamed(value, inv, r);
    if (named === undefined) {
      say(
        program,
        inv,
        r,
        'reads a configuration named on its command line from outside the workspace or at run time',
      );
      return;
    }
    const file = projectFile(named, inv, r);
    if (file.kind !== 'text') {
      if (file.kind !== 'missing')
        say(program, inv, r, 'reads a configuration named on its command line that could not be read');
      if (file.kind !== 'missing') return;
      continue;
    }
    const name = posix.basename(named);
    const dir = posix.dirname(named);
    if (program === 'pytest') pytestConfig(file.text, name, dir, inv, r);
    else
      toolConfig(
        file.text,
        name === 'pyproject.toml' ? name : program === 'pylint' ? '.pylintrc' : OPTION_NAMED,
        program,
        dir,
        inv,
        r,
      );
    if (r.uncertainties.length > before) return;
  }
  // A manager told to work in another folder (`npm --prefix web test`, `pnpm -C web build`, `yarn --cwd x`) reads
  // the settings of that folder and the folders above it.
  const folders = MANAGER_FOLDERS[program];
  const moved = folders ? optionWords(args, (o) => folders.test(o)) : [];
  let at = inv;
  for (const value of moved) {
    const named = workspaceNamed(value, at, r);
    if (named === undefined) {
      say(
        program,
        inv,
        r,
        "reads a folder's settings that gavel cannot place (outside the workspace or named at run time)",
      );
      return;
    }
    at = { ...at, cwd: named };
  }
  settingsOf(program, at, r, before);
}

/** The options that move where a package manager works, and so where it reads its settings. */
const MANAGER_FOLDERS: Readonly<Record<string, RegExp>> = {
  npm: /^(?:--prefix|-C)$/,
  pnpm: /^(?:-C|--dir)$/,
  yarn: /^--cwd$/,
  bun: /^--cwd$/,
};

/** The package manager of a segment's last wrapper (`npx`, `npm exec`, `pnpm dlx`, `yarn exec`, `bunx`). */
function managerOf(wrappers: readonly string[]): string | undefined {
  const last = wrappers[wrappers.length - 1] ?? '';
  // A package script's programs: the manager's own segment read these settings already.
  if (last.endsWith(SCRIPT_FILE_WRAPPER)) return undefined;
  const first = last.split(' ')[0] ?? '';
  if (first === 'npx' || first === 'npm') return 'npm';
  if (first === 'pnpm' || first === 'pnpx') return 'pnpm';
  if (first === 'yarn') return 'yarn';
  if (first === 'bunx' || first === 'bun') return 'bun';
  return undefined;
}

/**
 * Reads the settings `program` takes from the user's own files and from the folders it searches; false once one
 * is reported (`before`: the uncertainties before this invocation's reading).
 */
function settingsOf(program: string, inv: Invocation, r: Reporter, before: number): boolean {
  const names = FILES[program] ?? [];
  const cwd = inv.cwd as string;
  const home = r.scope.home;
  const homeFiles = HOME_FILES[program] ?? [];
  for (const [name, readAs] of homeFiles) {
    const file = settledFile(posix.join(home, name), inv, r);
    if (file.kind !== 'text') continue;
    readSettings(readAs, file.text, home, program, inv, r, home);
    if (r.uncertainties.length > before) return false;
  }
  const inside = new Set(configFolders(cwd, r));
  for (const dir of searchedFolders(cwd, r)) {
    for (const name of names) {
      // The user's own files were read above, as such.
      if (dir === home && homeFiles.some(([h]) => h === name)) continue;
      const path = inFolder(dir, name);
      const file = inside.has(dir) ? projectFile(path, inv, r) : settledFile(path, inv, r);
      if (file.kind !== 'text') continue;
      readSettings(name, file.text, dir, program, inv, r);
      if (r.uncertainties.length > before) return false;
    }
    if (program === 'mocha' || program === 'jest') {
      const manifest = projectFile(inFolder(dir, 'package.json'), inv, r);
      if (manifest.kind === 'text') {
        const key = new RegExp(`"${program}"\\s*:\\s*\\{[^}]*\\}`).exec(manifest.text);
        if (key) moduleConfig(key[0].slice(key[0].indexOf('{')), program, dir, inv, r);
        // The nearest package.json is the project: configuration above it belongs to another one.
        return r.uncertainties.length === before;
      }
    }
  }
  return true;
}
