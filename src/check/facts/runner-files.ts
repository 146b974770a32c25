/**
 * The commands a write or edit ADDS to a file a runner reads as commands (package.json and composer.json
 * scripts, Makefiles, justfiles, Taskfiles, tox.ini commands, pyproject task tables, pre-commit `entry`s, a
 * Rakefile's shell lines, a CI workflow's `run:` steps), computed on the file as it will be (the text on disk through the request's script
 * reader, plus the change); and the settings that make a runner run something else (.npmrc `script-shell`,
 * `node-options`; a noxfile is Python code). Pure but for that reader; never analyses: the pipeline analyses the
 * commands as the shell they are. A file that cannot be read whole, or a change that does not apply, is
 * uncertain. Names in reasons are script names of a closed shape, never file text.
 */

import { basename, dirname, extname } from 'node:path';
import { type Category, isUnder } from '../../core';
import {
  type BuildRead,
  fixtureOnlyImports,
  pytestSections,
  readCmake,
  readDune,
  readLein,
  readMeson,
  readMsbuild,
  readNinja,
  readProgram,
  readPython,
  readRebar,
  readRuby,
  settingValues,
  settingWords,
  type Uncertainty,
} from '../../shell';
import type { CheckRequest, FileChange } from '../request/request';
import { changedPath, changedTexts, diskText, newText } from './change-text';
import { codeReach, importTimeRequest, runnerLanguage } from './code-reach';
import {
  addedLines,
  buildFileLines,
  buildScriptLines,
  CONTAINED,
  cellCode,
  dockerImages,
  dockerRuns,
  goGenerate,
  gradleRepositories,
  isDockerfile,
  isScannedSource,
  keptCategories,
  mixSources,
  notebookRunner,
  PLANTED,
  plantedScan,
  programFileLines,
  scannedRunner,
  shebangRunner,
  WORKLOAD,
} from './later-code';
import {
  cargoManifest,
  composerManifest,
  type DependencyEntry,
  gemfileManifest,
  goModManifest,
  type ManifestPlace,
  npmManifest,
  pyprojectManifest,
  requirementsManifest,
} from './manifest-dependencies';
import { sourceReader } from './package-sources';
import {
  babashkaTasks,
  bufPlugins,
  cliffCommands,
  serverlessScripts,
  snakemakeCommands,
  tauriCommands,
  tiltCommands,
} from './tool-commands';
import { isWorkflowPath, workflowRuns } from './workflow-steps';
import { isWorkloadFile, workloadReader } from './workload-commands';

/** One command the change adds, with the runner and script that will run it. */
export interface AddedCommand {
  /** `npm script \`postinstall\``: runner and script, for labels and reasons. */
  where: string;
  /** Shell text to analyse (run in the file's folder). */
  command: string;
  /**
   * Only these categories of its analysis count, and none of its uncertainty: it runs elsewhere (a build
   * container) or stands for code scanned for harm (later-code.ts).
   */
  keep?: readonly Category[];
}

export interface RunnerEdit {
  commands: AddedCommand[];
  uncertain: Uncertainty[];
}

type Entry = [script: string, command: string];
type Reader = (text: string, place: ManifestPlace) => Entry[] | string;

interface Runner {
  name: string;
  read: Reader;
  /** Its reading is line by line (a lockfile's URL hosts): the lines an edit removes and adds can be read alone. */
  lineLocal?: boolean;
}

const safeName = (s: string): string | undefined => (/^[\w.:@/-]{1,40}$/.test(s) ? s : undefined);

/**
 * `scripts` of a JSON manifest (a string, or with composer a list of strings) and, through `dependencies`, the
 * installs its dependency tables stand for (manifest-dependencies.ts).
 */
function jsonScripts(
  text: string,
  dependencies: (doc: Record<string, unknown>) => Entry[] | string,
): Entry[] | string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'does not parse as JSON';
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return 'is no JSON object';
  const deps = dependencies(doc as Record<string, unknown>);
  if (typeof deps === 'string') return deps;
  const scripts = (doc as { scripts?: unknown }).scripts;
  if (scripts === undefined || scripts === null) return deps;
  if (typeof scripts !== 'object' || Array.isArray(scripts)) return 'has `scripts` of an unknown shape';
  const out: Entry[] = [];
  for (const [name, value] of Object.entries(scripts as Record<string, unknown>)) {
    const list = Array.isArray(value) ? value : [value];
    for (const v of list) {
      if (typeof v !== 'string') return 'has a script of an unknown shape';
      // composer: `@php x`, `@composer y` run those programs; `@other` runs another script (read on its own).
      out.push([name, v.replace(/^@(?=php\b|composer\b|putenv\b)/, '')]);
    }
  }
  return [...out, ...deps];
}

/** The `$(shell …)`/`${shell …}` calls of a makefile line, by their balanced parentheses; a call left open runs to the end. */
function makeShellCalls(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/\$([({])shell[ \t]+/g)) {
    const open = m[1] as string;
    const close = open === '(' ? ')' : '}';
    let depth = 1;
    let i = (m.index ?? 0) + m[0].length;
    const start = i;
    for (; i < line.length && depth > 0; i++) {
      if (line[i] === open) depth++;
      else if (line[i] === close) depth--;
    }
    out.push(line.slice(start, depth === 0 ? i - 1 : i));
  }
  return out;
}

/** The name the commands make runs while it reads the makefile go under (an assignment's `$(shell …)`, `!=`). */
const MAKE_READING = '(reading the makefile)';

/**
 * A Makefile's recipe lines (tab-indented), under the target they follow; `@`, `-`, `+` prefixes dropped. The
 * commands make runs while reading it, outside any recipe (`X := $(shell …)`, `X != …`), under MAKE_READING
 * (round 33: an added `X := $(shell curl … | sh)` line was no recipe, so nothing was judged).
 */
function makeRecipes(text: string): Entry[] {
  const out: Entry[] = [];
  let target = '';
  let carry = '';
  let logical = '';
  for (const raw of text.split('\n')) {
    // Lines outside recipes go on after a backslash (`X := $(shell a \` / `b)`).
    if (!raw.startsWith('\t') && raw.endsWith('\\')) {
      logical += `${raw.slice(0, -1)} `;
      continue;
    }
    const line = raw.startsWith('\t') ? raw : logical + raw;
    logical = '';
    if (!line.startsWith('\t')) {
      const code = line.replace(/#.*$/, '');
      // A make reference in the command is a value make puts there; `$$` is the shell's `$`.
      const shellText = (t: string) =>
        t.replace(/\$[({][^(){}]*[)}]/g, '"$__make_value"').replace(/\$\$/g, '$');
      for (const call of makeShellCalls(code)) out.push([MAKE_READING, shellText(call)]);
      const bang = /^\s*(?:(?:export|override|private)\s+)*[^\s:#=]+\s*!=\s*(.*)$/.exec(code);
      if (bang?.[1]) out.push([MAKE_READING, shellText(bang[1])]);
    }
    if (line.startsWith('\t')) {
      const body = carry + line.slice(1);
      if (body.endsWith('\\')) {
        carry = `${body.slice(0, -1)} `;
        continue;
      }
      carry = '';
      const cmd = body.replace(/^[\s@+-]+/, '');
      if (cmd.trim() !== '') out.push([target, cmd]);
      continue;
    }
    carry = '';
    const m = /^([^\s:#=][^:=#]*?)\s*::?(?!=)/.exec(line);
    if (m) target = m[1]?.trim() ?? '';
  }
  return out;
}

/** A justfile's recipe bodies (indented lines after a `name ...:` header). */
function justRecipes(text: string): Entry[] {
  const out: Entry[] = [];
  let recipe = '';
  for (const line of text.split('\n')) {
    if (/^\s+\S/.test(line) && recipe !== '') {
      const cmd = line.trim().replace(/^[@-]+/, '');
      if (!cmd.startsWith('#') || cmd.startsWith('#!')) out.push([recipe, cmd]);
      continue;
    }
    const m = /^@?([A-Za-z_][\w-]*)[^:=]*:(?!=)/.exec(line);
    recipe = m ? (m[1] ?? '') : '';
  }
  return out;
}

const unquote = (v: string): string => {
  const t = v.trim();
  if ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'"))) return t.slice(1, -1);
  return t;
};

/** A Taskfile's commands: items of `cmds:` lists (block or flow), `cmd:` and dynamic `sh:` values. */
function taskCommands(text: string): Entry[] {
  const out: Entry[] = [];
  let inCmds = -1;
  let task = '';
  let block = -1;
  for (const line of text.split('\n')) {
    const indent = line.length - line.trimStart().length;
    const t = line.trim();
    if (block >= 0) {
      if (t === '' || indent > block) {
        if (t !== '') out.push([task, t]);
        continue;
      }
      block = -1;
    }
    if (t === '' || t.startsWith('#')) continue;
    const head = /^ {2}([\w:.-]+):\s*$/.exec(line);
    if (head) task = head[1] ?? '';
    if (inCmds >= 0 && indent <= inCmds && !t.startsWith('-')) inCmds = -1;
    if (inCmds >= 0 && indent < inCmds) inCmds = -1;
    const cmds = /^(\s*)(?:-\s*)?cmds:\s*(.*)$/.exec(line);
    if (cmds) {
      const rest = (cmds[2] ?? '').trim();
      if (rest.startsWith('[')) {
        for (const item of rest.slice(1, rest.lastIndexOf(']')).split(','))
          if (item.trim() !== '') out.push([task, unquote(item)]);
      } else inCmds = indent;
      continue;
    }
    const key = /^(?:-\s*)?(cmd|sh):\s*(.*)$/.exec(t);
    if (key) {
      const v = (key[2] ?? '').trim();
      if (/^[|>][-+]?$/.test(v)) block = indent;
      else if (v !== '') out.push([task, unquote(v)]);
      continue;
    }
    if (inCmds >= 0 && t.startsWith('- ')) {
      const v = t.slice(2).trim();
      if (/^[|>][-+]?$/.test(v)) block = indent;
      else if (!/^\w+:/.test(v)) out.push([task, unquote(v)]);
    }
  }
  return out;
}

/**
 * A DVC pipeline's stage commands (`stages.<name>.cmd`: a line, a block, or a list of lines), which `dvc repro` runs:
 * read as a Taskfile's `cmd`/`cmds` are.
 */
function dvcCommands(text: string): Entry[] | string {
  if (!plainDvc(text)) return 'is written in a YAML form gavel does not read';
  return taskCommands(text.replace(/^(\s*)cmd:[ \t]*$/gm, '$1cmds:'));
}

/**
 * Whether a pipeline file is written in the block form the line reader follows: no flow mapping or list as a value,
 * no quoted or explicit key, no block scalar with an indentation number, no anchor, alias or tag, and no plain
 * value continued on a more indented line (`cmd: a` then `  && b` is one command to DVC). Any other form (valid
 * YAML DVC reads alike) is not known.
 */
/** A key of a pipeline file: a word or a path (`labels/labels.csv:` under `outs`). */
const KEY = String.raw`[\w./@+~][^:#\s]*`;
const NESTED_START = new RegExp(String.raw`^(?:-(?:\s|$)|${KEY}\s*:(?:\s|$))`);
const EMPTY_KEY = new RegExp(String.raw`^(?:-\s+)?${KEY}\s*:$`);
const FLOW_VALUE = new RegExp(String.raw`^(?:-\s+)?${KEY}\s*:\s*(?:[{[&*!]|[|>][-+]?\d|[|>]\d)`);
const PLAIN_VALUE = new RegExp(String.raw`^(?:-\s+)?${KEY}\s*:\s+(?![|>])(.+)$`);
const ITEM_KEY = new RegExp(String.raw`^-\s+${KEY}\s*:(?:\s|$)`);
const BLOCK_KEY = new RegExp(String.raw`^(?:-\s+)?${KEY}\s*:\s*[|>][-+]?\s*(?:#.*)?$`);
function plainDvc(text: string): boolean {
  // Line breaks YAML knows besides `\n` (a lone `\r`, NEL, the Unicode separators) would end a comment early.
  if (/\r(?!\n)|[\u0085\u2028\u2029]/.test(text)) return false;
  const lines = text.split(/\r?\n/);
  let valueIndent = -1;
  let emptyIndent = -1;
  let blockIndent = -1;
  for (const line of lines) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    // The text of a block (`cmd: |`) is the value's, not keys.
    if (blockIndent >= 0 && indent > blockIndent) continue;
    blockIndent = -1;
    if (valueIndent >= 0 && indent > valueIndent) return false;
    // After a key with no value: a list, a mapping or a block, never a plain value on the next line.
    if (emptyIndent >= 0 && indent > emptyIndent && !NESTED_START.test(t)) return false;
    valueIndent = -1;
    // The column of a key (after a list item's `- `), which a continued value must pass.
    const column = indent + (t.length - t.replace(/^-\s+/, '').length);
    emptyIndent = EMPTY_KEY.test(t) ? column : -1;
    if (/^[{[?:"']|^-\s+[{["']/.test(t) && !/^-\s+["'][^"']*["']\s*$/.test(t)) return false;
    if (FLOW_VALUE.test(t)) return false;
    if (/(?:^|\s)[&*!][\w!-]/.test(t) && !/^(?:-\s+)?cmd\s*:/.test(t)) return false;
    // A space before a key's colon, an escape in double quotes, DVC's own `${…}` interpolation.
    if (/^(?:-\s+)?[^\s:#"']+\s+:(?:\s|$)/.test(t) || /"[^"]*\\/.test(t) || t.includes('${')) return false;
    // A plain value (not a block indicator) whose next line, more indented, would continue it.
    const value = PLAIN_VALUE.exec(t);
    // A list item's plain text may be continued too (`- python a` then `  && b`).
    if (value) valueIndent = column;
    else if (/^-\s+\S/.test(t) && !ITEM_KEY.test(t)) valueIndent = indent;
    if (BLOCK_KEY.test(t)) blockIndent = column;
  }
  return true;
}

/** tox.ini's `commands`, `commands_pre`, `commands_post` (continuation lines indented), by section. */
function toxCommands(text: string): Entry[] {
  const out: Entry[] = [];
  let section = '';
  let inCommands = false;
  for (const line of text.split('\n')) {
    const s = /^\s*\[([^\]]+)\]/.exec(line);
    if (s) {
      section = s[1]?.trim() ?? '';
      inCommands = false;
      continue;
    }
    const k = /^([\w-]+)\s*[=:]\s*(.*)$/.exec(line);
    if (k) {
      inCommands = /^commands(_pre|_post)?$/.test(k[1] ?? '');
      if (inCommands && (k[2] ?? '').trim() !== '') out.push([section, (k[2] ?? '').trim()]);
      continue;
    }
    if (inCommands && /^\s+\S/.test(line) && !line.trim().startsWith('#')) out.push([section, line.trim()]);
  }
  return out;
}

/** Strings in a TOML value (a string, an array of strings, an inline table's `cmd`/`shell`/`composite`). */
function tomlStrings(value: string): string[] {
  const out: string[] = [];
  const v = value.trim();
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'/g;
  if (v.startsWith('{')) {
    for (const m of v.matchAll(
      /\b(cmd|shell|composite|script)\s*=\s*(\[[^\]]*\]|"(?:[^"\\]|\\.)*"|'[^']*')/g,
    ))
      for (const s of (m[2] ?? '').matchAll(re)) out.push(s[1] ?? s[2] ?? '');
    return out;
  }
  for (const s of v.matchAll(re)) out.push(s[1] ?? s[2] ?? '');
  return out;
}

/** pyproject's task tables: `[tool.<runner>.scripts]`, `[tool.<runner>.tasks]`, `[tool.hatch.envs.<e>.scripts]`. */
function pyprojectTasks(text: string): Entry[] {
  const out: Entry[] = [];
  let table: 'map' | 'one' | undefined;
  let name = '';
  let pending = '';
  let key = '';
  for (const line of text.split('\n')) {
    const s = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (s && pending === '') {
      const t = (s[1] ?? '').trim();
      const one = /^tool\.[\w-]+\.tasks\.([\w.:-]+)$/.exec(t);
      table = /^tool\.[\w-]+\.(scripts|tasks)$|^tool\.hatch\.envs\.[\w-]+\.scripts$/.test(t)
        ? 'map'
        : one
          ? 'one'
          : undefined;
      name = one?.[1] ?? '';
      continue;
    }
    if (table === undefined) continue;
    if (pending !== '') {
      pending += ` ${line.trim()}`;
      if (!balancedValue(pending)) continue;
    } else {
      const k = /^\s*"?([\w.:-]+)"?\s*=\s*(.*)$/.exec(line);
      if (!k) continue;
      key = k[1] ?? '';
      pending = k[2] ?? '';
      if (table === 'one' && !/^(cmd|shell|script|composite|sequence)$/.test(key)) {
        pending = '';
        continue;
      }
      if (!balancedValue(pending)) continue;
    }
    for (const cmd of tomlStrings(pending)) out.push([table === 'one' ? name : key, cmd]);
    pending = '';
  }
  return out;
}

const balancedValue = (v: string): boolean =>
  (v.match(/[[{]/g)?.length ?? 0) <= (v.match(/[\]}]/g)?.length ?? 0);

/** A pre-commit config's `entry:` commands (local hooks) and `repo:` sources (hook code from a host). */
function preCommit(text: string): Entry[] {
  const out: Entry[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*-?\s*(entry|repo):\s*(.+?)\s*$/.exec(line);
    if (!m) continue;
    const v = unquote(m[2] ?? '');
    if (m[1] === 'entry') out.push(['entry', v]);
    else if (v !== 'local' && v !== 'meta') out.push(['repo', `__gavel_hook_repository ${v}`]);
  }
  return out;
}

/**
 * The plugins pytest's `addopts` loads (`-p NAME`, `-pNAME`; `-p no:NAME` turns one off), in an ini file
 * (`addopts = …` and its continued lines) or pyproject's `[tool.pytest.ini_options]` (a string or an array): code
 * every later `pytest` imports first.
 */
function pytestPlugins(text: string, name: string): Entry[] | string {
  const addopts = settingValues(text, name, pytestSections(name), 'addopts');
  if (!addopts.ok) return 'does not parse';
  const words = settingWords(addopts.values);
  const out: Entry[] = [];
  for (let k = 0; k < words.length; k++) {
    const w = words[k] as string;
    const plugin = w === '-p' ? words[++k] : w.startsWith('-p') && w.length > 2 ? w.slice(2) : undefined;
    if (plugin !== undefined && !plugin.startsWith('no:'))
      out.push(['addopts', `__gavel_runner_setting -p ${plugin}`]);
    // Options that move where tests, configuration or pytest's own temporary folders are (it empties --basetemp).
    else if (/^(--pyargs|-c|--config-file|-o|--override-ini|--rootdir|--confcutdir|--basetemp)(=|$)/.test(w))
      out.push(['addopts', `__gavel_runner_setting ${w.replace(/=.*$/, '')}`]);
  }
  return out;
}

/**
 * Python tools' settings that run or load code (pylint's `init-hook` and `load-plugins`, mypy's and coverage's
 * `plugins`, flake8's local plugin `paths`), read as each tool reads its file (config-settings.ts).
 */
function pythonToolSettings(name: string): ((text: string) => Entry[] | string) | undefined {
  const read =
    (pairs: readonly [RegExp, string, string][]) =>
    (text: string): Entry[] | string => {
      const out: Entry[] = [];
      for (const [sections, key, kind] of pairs) {
        const v = settingValues(text, name, sections, key);
        if (!v.ok) return 'does not parse';
        for (const value of v.values) out.push([key, `${kind} ${value}`]);
      }
      return out;
    };
  const toml = name.endsWith('.toml');
  const pylint: [RegExp, string, string][] = [
    [
      toml ? /^tool\.pylint(?:\.|$)/ : name === 'setup.cfg' || name === 'tox.ini' ? /pylint/i : /^/,
      'init-hook',
      '__gavel_runner_code',
    ],
    [
      toml ? /^tool\.pylint(?:\.|$)/ : name === 'setup.cfg' || name === 'tox.ini' ? /pylint/i : /^/,
      'load-plugins',
      '__gavel_runner_load',
    ],
  ];
  const mypy: [RegExp, string, string][] = [
    [toml ? /^tool\.mypy$/ : /^mypy$/, 'plugins', '__gavel_runner_load'],
  ];
  const coverage: [RegExp, string, string][] = [
    [toml ? /^tool\.coverage\.run$/ : /^(?:coverage:)?run$/, 'plugins', '__gavel_runner_load'],
  ];
  const flake8: [RegExp, string, string][] = [[/^flake8:local-plugins$/, 'paths', '__gavel_runner_load']];
  if (name === '.pylintrc' || name === 'pylintrc' || name === '.pylintrc.toml') return read(pylint);
  if (name === 'mypy.ini' || name === '.mypy.ini') return read(mypy);
  if (name === '.coveragerc') return read(coverage);
  if (name === '.flake8') return read(flake8);
  if (name === 'setup.cfg' || name === 'tox.ini') return read([...pylint, ...mypy, ...coverage, ...flake8]);
  if (name === 'pyproject.toml') return read([...pylint, ...mypy, ...coverage]);
  return undefined;
}

/** A Procfile's processes (`web: cmd`, `release: cmd`): each command a process manager or platform runs later. */
function procfileCommands(text: string): Entry[] {
  const out: Entry[] = [];
  for (const line of text.split('\n')) {
    const m = /^([\w-]+)\s*:\s*(\S.*)$/.exec(line.trim());
    // Run later, by a process manager or a platform: judged for harm as planted code is (later-code.ts).
    if (m) out.push([`${PLANTED}${m[1]}`, m[2] as string]);
  }
  return out;
}

const NOT_JSON = Symbol('not JSON');

/** A JSON text's value, or NOT_JSON when it does not parse. */
function jsonDoc(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/** Keys of deploy tools' JSON settings whose value is a command line (or a list of them) the tool runs. */
const DEPLOY_JSON_KEYS = new Set([
  'buildCommand',
  'installCommand',
  'devCommand',
  'predeploy',
  'postdeploy',
  'app',
]);

/**
 * Deploy and dev tools whose settings hold the command lines they run: Netlify and Wrangler (`command = "…"` in
 * TOML), Vercel (`buildCommand`, `installCommand`, `devCommand`), Firebase (`predeploy`, `postdeploy`), the CDK
 * (`app`), GoReleaser (`before.hooks`). Each is judged as a script the tool runs.
 */
function deployCommands(text: string, name: string): Entry[] | string {
  if (name.endsWith('.toml')) {
    const out: Entry[] = [];
    for (const m of text.matchAll(/^\s*(command|publish_command)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/gm))
      out.push([m[1] ?? 'command', m[2] ?? m[3] ?? '']);
    // A build plugin (`[[plugins]] package = "…"`) is code the build installs and runs.
    for (const m of text.matchAll(/^\s*package\s*=\s*["']([^"']+)["']/gm))
      out.push(['plugins', `__gavel_runner_load ${m[1]}`]);
    return out;
  }
  if (/\.ya?ml$/.test(name)) {
    const block = /^before\s*:\s*\n\s+hooks\s*:\s*\n((?:[ \t]+-[^\n]*\n?)+)/m.exec(text)?.[1] ?? '';
    return [...block.matchAll(/^[ \t]+-\s*(?:cmd\s*:\s*)?["']?(.*?)["']?\s*$/gm)].map(
      (m): Entry => ['before-hook', m[1] ?? ''],
    );
  }
  const doc = jsonDoc(text);
  if (doc === NOT_JSON) return 'does not parse as JSON';
  const out: Entry[] = [];
  let deep = false;
  const walk = (v: unknown, depth: number): void => {
    if (v === null || typeof v !== 'object') return;
    // Past this depth a command would go unread: the file is not read whole.
    if (depth > 8) {
      deep = true;
      return;
    }
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (DEPLOY_JSON_KEYS.has(k)) {
        for (const c of typeof x === 'string' ? [x] : Array.isArray(x) ? x : [])
          if (typeof c === 'string') out.push([k, c]);
      } else walk(x, depth + 1);
    }
  };
  walk(doc, 0);
  return deep ? 'nests its settings deeper than gavel reads' : out;
}

/** deno.json's `tasks` (a string, or `{ "command": … }`): shell text `deno task` runs. */
function denoTasks(text: string): Entry[] | string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'does not parse as JSON';
  }
  const tasks = (doc as { tasks?: unknown } | null)?.tasks;
  if (tasks === undefined) return [];
  if (tasks === null || typeof tasks !== 'object') return 'has `tasks` of an unknown shape';
  const out: Entry[] = [];
  for (const [name, v] of Object.entries(tasks as Record<string, unknown>)) {
    const command = typeof v === 'string' ? v : (v as { command?: unknown } | null)?.command;
    if (typeof command !== 'string') return 'has a task of an unknown shape';
    out.push([name, command]);
  }
  return out;
}

/** A file path among a tool's requires (`./x.rb`, `tmp/y.rb`, `x.rb`), not a gem or package name. */
const REQUIRED_PATH = /^(?:\.{1,2}\/|\/|~)|\.(?:rb|js|cjs|mjs|ts)$/;

/** `.rspec` options: a `--require`/`-r` of a file loads it before every run. */
function rspecRequires(text: string): Entry[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: Entry[] = [];
  for (let k = 0; k < words.length; k++) {
    const w = words[k] as string;
    const value =
      w === '--require' || w === '-r' ? words[++k] : w.startsWith('--require=') ? w.slice(10) : undefined;
    if (value !== undefined && REQUIRED_PATH.test(value))
      out.push(['require', `__gavel_runner_load ${value}`]);
  }
  return out;
}

/** `.rubocop.yml` `require:`/`plugins:` items that are files: code rubocop loads. */
function rubocopRequires(text: string): Entry[] {
  const out: Entry[] = [];
  let inList = false;
  for (const line of text.split('\n')) {
    const head = /^(require|plugins)\s*:\s*(.*)$/.exec(line);
    if (head) {
      inList = (head[2] ?? '').trim() === '';
      for (const item of (head[2] ?? '').replace(/[[\]]/g, '').split(','))
        if (REQUIRED_PATH.test(unquote(item))) out.push(['require', `__gavel_runner_load ${unquote(item)}`]);
      continue;
    }
    if (inList && /^\s+-\s+/.test(line)) {
      const item = unquote(line.replace(/^\s+-\s+/, ''));
      if (REQUIRED_PATH.test(item)) out.push(['require', `__gavel_runner_load ${item}`]);
      continue;
    }
    if (/^\S/.test(line)) inList = false;
  }
  return out;
}

/** gradle.properties: JVM options that load an agent or a boot class path into every Gradle run. */
function gradleProperties(text: string): Entry[] {
  const out: Entry[] = [];
  for (const m of text.matchAll(/^\s*org\.gradle\.jvmargs\s*[=:]\s*(.*)$/gm))
    if (/-javaagent|-agentpath|-agentlib|-Xbootclasspath|-XX:OnOutOfMemoryError|-XX:OnError/.test(m[1] ?? ''))
      out.push(['jvmargs', `__gavel_runner_setting ${m[1]}`]);
  // A proxy or a trust store for every download the build makes (`systemProp.https.proxyHost`, `-Dhttps.proxyHost`).
  for (const m of text.matchAll(
    /(?:^\s*systemProp\.|-D)(https?\.proxyHost|javax\.net\.ssl\.trustStore\w*)\s*=\s*([^\s]*)/gim,
  ))
    out.push([m[1] ?? 'proxy', `__gavel_runner_trust ${m[2]}`]);
  return out;
}

/**
 * Nix: the shell a development shell runs as it starts (`shellHook = '' … ''`, devenv's `enterShell`), at every
 * `nix develop`, `nix-shell` and `cd` under direnv's `use flake`: each line a command.
 */
function nixShellHooks(text: string): Entry[] {
  const out: Entry[] = [];
  // An indented string ends at `''` that is no escape (`'''`, `''$`, `''\`); a hook given any other way (a file
  // read, a concatenation) is code gavel does not follow.
  for (const m of text.matchAll(
    /\b(shellHook|enterShell)\s*=\s*(?:''((?:[^']|'(?!')|''['$\\])*?)''(?!['$\\])|"((?:[^"\\]|\\.)*)"|([^;]*))/g,
  )) {
    const key = m[1] ?? 'shellHook';
    if (m[4] !== undefined) out.push([key, `__gavel_runner_code ${m[4].trim().slice(0, 80)}`]);
    else if (m[3] !== undefined) out.push([key, m[3]]);
    else
      for (const line of (m[2] ?? '').split('\n'))
        if (line.trim() !== '' && !line.trim().startsWith('#')) out.push([key, line.trim()]);
  }
  return out;
}

/** devbox.json: `shell.init_hook` (run as the shell starts) and `shell.scripts`, each a string or a list of them. */
function devboxHooks(text: string): Entry[] | string {
  const doc = jsonDoc(text);
  if (doc === NOT_JSON) return 'does not parse as JSON';
  const shell = (doc as { shell?: { init_hook?: unknown; scripts?: unknown } } | null)?.shell;
  const lines = (v: unknown): string[] =>
    typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  const out: Entry[] = lines(shell?.init_hook).map((c): Entry => ['init_hook', c]);
  const scripts = shell?.scripts;
  if (scripts && typeof scripts === 'object')
    for (const [k, v] of Object.entries(scripts)) for (const c of lines(v)) out.push([k, c]);
  return out;
}

/** bundler's `.bundle/config`: a mirror, another Gemfile or a source setting. */
function bundleConfig(text: string): Entry[] {
  const out: Entry[] = [];
  for (const m of text.matchAll(/^\s*(BUNDLE_[\w.:/-]+)\s*:\s*(.*)$/gm)) {
    const key = (m[1] ?? '').toUpperCase();
    if (/^BUNDLE_MIRROR__|^BUNDLE_GEMFILE$|^BUNDLE_GEM__PUSH_KEY|^BUNDLE_SOURCE/.test(key))
      out.push([key.replace(/__.*$/, ''), `__gavel_runner_source ${m[2]}`]);
  }
  return out;
}

/** composer.json `config.allow-plugins`: a plugin allowed to run its code on every install. */
function composerPlugins(text: string): Entry[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return [];
  }
  const allow = (doc as { config?: { 'allow-plugins'?: unknown } } | null)?.config?.['allow-plugins'];
  if (allow === true) return [['allow-plugins', '__gavel_runner_setting allow-plugins: every plugin']];
  if (allow === null || typeof allow !== 'object') return [];
  return Object.entries(allow as Record<string, unknown>)
    .filter(([, v]) => v === true)
    .map(([name]): Entry => ['allow-plugins', `__gavel_runner_setting allow-plugins: ${name}`]);
}

/** The registries a package manager uses unless told otherwise: a source setting naming one changes nothing. */
const DEFAULT_SOURCE =
  /^["']?https:\/\/(registry\.npmjs\.org|registry\.yarnpkg\.com|pypi\.org\/simple|index\.crates\.io|github\.com\/rust-lang\/crates\.io-index)\/?["']?$/;

/**
 * Keys of a package manager's settings file that choose where packages come from (a registry, an index, a
 * folder of archives): the next ordinary install fetches, and runs, code from there.
 */
const SOURCE_KEY =
  /^(?:@[\w.-]+:)?registry$|^npmregistryserver$|^(?:extra-)?index(?:-url)?$|^find-links$|^trusted-host$|^url$|^replace-with$|^registry-url$/;

/**
 * Keys that send a package manager's traffic through another host (a proxy) or change which certificates it
 * trusts: whoever runs that host, or holds that certificate, serves every package the next install runs.
 */
const TRUST_KEY =
  /^(?:https?-?)?proxy$|^(?:https?_)?proxy$|^(?:ca|cafile|cainfo|cert|client-cert|cafilepath)$|^(?:strict-ssl|enablestrictssl|check-revoke)$/;

/** Settings files (.npmrc, .yarnrc, pip.conf, uv.toml, bunfig.toml, cargo's config): keys that choose what runs or where packages come from. */
function npmSettings(text: string): Entry[] {
  const out: Entry[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*([@\w.:-]+)\s*[=: ]\s*(.*)$/.exec(line);
    // YAML's `key: value` (.yarnrc.yml): the colon ends the key.
    const key = (m?.[1] ?? '').toLowerCase().replace(/:$/, '');
    const value = (m?.[2] ?? '').trim();
    if (/^(script-shell|shell|node-options|onload-script|init-module|git|yarnpath|yarn-path)$/.test(key))
      out.push([key, `__gavel_runner_setting ${value}`]);
    else if ((SOURCE_KEY.test(key) || /^registries\./.test(key)) && !DEFAULT_SOURCE.test(value))
      out.push([key, `__gavel_runner_source ${value}`]);
    else if (TRUST_KEY.test(key) && value !== '' && !/^["']?true["']?$/i.test(value))
      out.push([key, `__gavel_runner_trust ${value}`]);
  }
  return out;
}

function rakeCommands(text: string): Entry[] | string {
  const read = readRuby(text);
  if (read.opaque !== undefined) return 'runs Ruby code gavel does not follow';
  return read.commands.map((c): Entry => ['task', c]);
}

/**
 * The shell a notebook cell runs when the notebook runs: `!cmd` lines (`x = !cmd` too), `%sx`/`%system`/`%sc`
 * lines, `get_ipython().system("cmd")`, a `%%bash`/`%%sh`
 * cell's body, `%pip`/`%conda` as the installer they are; `%run FILE` runs a file nobody read. Python lines are the
 * notebook's code, judged as any source file is (not here).
 */
function cellShell(source: string): Entry[] {
  const lines = source.split('\n');
  const first = (lines[0] ?? '').trim();
  if (/^%%(?:bash|sh|script\s+(?:ba|z|da)?sh|system)\b/.test(first))
    return lines
      .slice(1)
      .filter((l) => l.trim() !== '')
      .map((l): Entry => ['cell', l]);
  const out: Entry[] = [];
  for (const line of lines) {
    const t = line.trim();
    const bang =
      /^(?:[\w.]+\s*=\s*)?!!?(.*)$/.exec(t) ??
      /^(?:[\w.]+\s*=\s*)?%(?:sx|system|sc)\s+(?:-\w+\s+)*(?:\w+\s*=\s*)?(.*)$/.exec(t) ??
      /\bget_ipython\(\)\.(?:system|getoutput)\(\s*(?:r?["'])(.*)["']\s*\)/.exec(t);
    if (bang) out.push(['cell', bang[1] as string]);
    else if (/^%(?:pip|conda|mamba)\s/.test(t)) out.push(['cell', t.slice(1)]);
    else if (/^%%?(?:run|script|writefile|load|bash|sh)\b/.test(t))
      out.push(['cell', `__gavel_runner_code ${t.slice(0, 40)}`]);
  }
  return out;
}

/** A notebook's cells (nbformat JSON) or one cell's source (`cell` changes): the shell each runs. */
function notebookShell(text: string): Entry[] | string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'does not parse as a notebook';
  }
  const cells = (doc as { cells?: unknown } | null)?.cells;
  if (!Array.isArray(cells)) return [];
  return cells.flatMap((c) => {
    const src = (c as { source?: unknown; cell_type?: unknown } | null)?.source;
    if ((c as { cell_type?: unknown }).cell_type !== 'code') return [];
    const text = Array.isArray(src)
      ? src.filter((s) => typeof s === 'string').join('')
      : typeof src === 'string'
        ? src
        : '';
    return cellShell(text);
  });
}

/**
 * Is a module the project's own: a package or module in the conftest's folder, a folder above it in the workspace,
 * or their `src/` (as task-runners.ts judges the conftest when pytest runs)?
 */
function firstParty(module: string, place: ManifestPlace): boolean {
  if (!/^[A-Za-z_]\w{0,63}$/.test(module) || !place.isFile) return false;
  for (let d = place.folder; place.inWorkspace(d); d = dirname(d)) {
    for (const base of [d, `${d}/src`])
      if (place.isFile(`${base}/${module}/__init__.py`) || place.isFile(`${base}/${module}.py`)) return true;
    if (dirname(d) === d) break;
  }
  return false;
}

/** Every non-blank, non-comment line: the file is code the runner runs whole. */
function codeLines(text: string): Entry[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l): Entry => ['code', `__gavel_runner_code ${l}`]);
}

/**
 * A dbt project's hooks (`on-run-start`, `on-run-end`, a model's `pre-hook`/`post-hook`): SQL the warehouse runs
 * on `dbt run`, `build`, `seed` and more, against whatever target the profile names; gavel does not judge SQL, so a
 * hook a change adds is code the runner runs. Each line of a hook's value or list counts; a form the line reader
 * does not follow (a flow list) counts whole.
 */
function dbtHooks(text: string): Entry[] {
  const out: Entry[] = [];
  let hookIndent = -1;
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    if (hookIndent >= 0 && indent > hookIndent) {
      out.push(['hook', `__gavel_runner_code ${t}`]);
      continue;
    }
    hookIndent = -1;
    const m = /^(?:-\s+)?["']?\+?(?:on-run-start|on-run-end|pre-hook|post-hook)["']?\s*:\s*(.*)$/.exec(t);
    if (!m) continue;
    hookIndent = indent;
    if ((m[1] ?? '') !== '') out.push(['hook', `__gavel_runner_code ${m[1]}`]);
  }
  return out;
}

/** Dependency entries, marked so that reasons call them dependencies, not scripts. */
const DEPENDENCY = 'dependency:';
function deps(list: DependencyEntry[]): Entry[];
function deps(list: DependencyEntry[] | string): Entry[] | string;
function deps(list: DependencyEntry[] | string): Entry[] | string {
  return typeof list === 'string'
    ? list
    : list.map(([where, command]): Entry => [`${DEPENDENCY}${where}`, command]);
}

function runnerOf(path: string): Runner | undefined {
  const runner = ownRunnerOf(path);
  const sources = sourceReader(path);
  if (sources === undefined) return runner;
  // A file that names package sources: what it runs (if anything) and the hosts it names.
  return {
    name: runner?.name ?? sources.name,
    lineLocal: runner === undefined && sources.lineLocal === true,
    read: (text, place) => {
      const own = runner === undefined ? [] : runner.read(text, place);
      return typeof own === 'string' ? own : [...own, ...sources.read(text)];
    },
  };
}

/** Entries of several readings; a reading that could not be made wins (a string says why). */
function merged(...parts: (Entry[] | string | undefined)[]): Entry[] | string {
  const out: Entry[] = [];
  for (const p of parts) {
    if (typeof p === 'string') return p;
    out.push(...(p ?? []));
  }
  return out;
}
const entriesOf = (p: Entry[] | string): Entry[] =>
  typeof p === 'string' ? [['config', `__gavel_runner_code ${p}`]] : p;

function ownRunnerOf(path: string): Runner | undefined {
  const name = basename(path);
  const tools = pythonToolSettings(name);
  if (name === 'package.json')
    return { name: 'npm', read: (text, place) => jsonScripts(text, (doc) => deps(npmManifest(doc, place))) };
  if (name === 'composer.json')
    return {
      name: 'composer',
      read: (text) => {
        const scripts = jsonScripts(text, (doc) => deps(composerManifest(doc)));
        return typeof scripts === 'string' ? scripts : [...scripts, ...composerPlugins(text)];
      },
    };
  if (/^Procfile(?:\.[\w-]+)?$/.test(name)) return { name: 'Procfile', read: procfileCommands };
  if (/^(?:netlify|wrangler)\.toml$|^(?:vercel|firebase|cdk|cdktf)\.json$|^\.goreleaser\.ya?ml$/.test(name))
    return { name: name.replace(/^\.|\..*$/g, ''), read: (text) => deployCommands(text, name) };
  if (name === 'deno.json' || name === 'deno.jsonc') return { name: 'deno task', read: denoTasks };
  if (name === '.rspec' || name === '.rspec-local') return { name: 'rspec', read: rspecRequires };
  if (name === '.rubocop.yml') return { name: 'rubocop', read: rubocopRequires };
  if (name === 'gradle.properties') return { name: 'gradle', read: gradleProperties };
  if (/(^|\/)\.bundle\/config$/.test(path)) return { name: 'bundler', read: bundleConfig };
  if (/^(?:build|settings)\.gradle(?:\.kts)?$/.test(name))
    return {
      name: 'gradle',
      read: (text) => [...programFileLines('gradle', 'build-script', text), ...gradleRepositories(text)],
    };
  if (/^(?:flake|shell|default|devenv)\.nix$/.test(name)) return { name: 'nix develop', read: nixShellHooks };
  if (name === 'devbox.json') return { name: 'devbox', read: devboxHooks };
  if (name === 'mix.exs')
    return { name: 'mix', read: (text) => [...programFileLines('elixir', 'mix', text), ...mixSources(text)] };
  if (/^(GNUmakefile|[Mm]akefile)$|\.mk$/.test(name)) return { name: 'make', read: makeRecipes };
  if (/^\.?[Jj]ustfile$/.test(name)) return { name: 'just', read: justRecipes };
  if (/^[Tt]askfile(\.dist)?\.ya?ml$/.test(name)) return { name: 'task', read: taskCommands };
  if (name === 'dvc.yaml') return { name: 'dvc repro', read: dvcCommands };
  if (name === 'dbt_project.yml' || name === 'dbt_project.yaml') return { name: 'dbt', read: dbtHooks };
  if (name === 'tox.ini')
    return {
      name: 'tox',
      read: (text) => merged(toxCommands(text), pytestPlugins(text, name), tools?.(text)),
    };
  if (/^\.?pytest\.(?:ini|toml)$/.test(name) || name === 'setup.cfg')
    return { name: 'pytest', read: (text) => merged(pytestPlugins(text, name), tools?.(text)) };
  if (tools !== undefined && name !== 'pyproject.toml') return { name: 'python tools', read: tools };
  if (name === 'pyproject.toml')
    return {
      name: 'pyproject',
      read: (text, place) => [
        ...pyprojectTasks(text),
        ...entriesOf(pytestPlugins(text, name)),
        ...entriesOf(tools?.(text) ?? []),
        ...deps(pyprojectManifest(text, place)),
      ],
    };
  if (/^(?:[\w.-]*requirements[\w.-]*|constraints[\w.-]*)\.(?:txt|in)$/.test(name))
    return { name: 'pip', read: (text) => deps(requirementsManifest(text)) };
  if (name === 'Cargo.toml')
    return { name: 'cargo', read: (text, place) => deps(cargoManifest(text, place)) };
  // fastlane's Pluginfile is a Gemfile its plugins are installed from.
  if (name === 'Gemfile' || name === 'gems.rb' || name === 'Pluginfile')
    return { name: 'bundler', read: (text) => deps(gemfileManifest(text)) };
  if (name === 'go.mod') return { name: 'go', read: (text, place) => deps(goModManifest(text, place)) };
  if (/^\.pre-commit-config\.ya?ml$/.test(name)) return { name: 'pre-commit', read: preCommit };
  if (isWorkflowPath(path)) return { name: 'CI workflow', read: workflowRuns };
  if (name === '.npmrc' || name === '.yarnrc' || name === '.yarnrc.yml')
    return { name: name === '.npmrc' ? 'npm' : 'yarn', read: npmSettings };
  if (name === 'pip.conf' || name === 'pip.ini') return { name: 'pip', read: npmSettings };
  if (name === 'uv.toml') return { name: 'uv', read: npmSettings };
  if (name === 'bunfig.toml') return { name: 'bun', read: npmSettings };
  if (/(^|\/)\.cargo\/config(\.toml)?$/.test(path)) return { name: 'cargo', read: npmSettings };
  if (/^[Rr]akefile(\.rb)?$/.test(name)) return { name: 'rake', read: rakeCommands };
  if (name === 'noxfile.py') return { name: 'nox', read: codeLines };
  if (name.endsWith('.ipynb')) return { name: 'jupyter', read: notebookShell };
  if (isDockerfile(name))
    return {
      name: 'docker build',
      read: (text) => {
        const runs = dockerRuns(text);
        return typeof runs === 'string' ? runs : [...runs, ...dockerImages(text)];
      },
    };
  if (name === 'build.rs') return { name: 'cargo', read: buildScriptLines };
  const tool = toolFileReader(name);
  if (tool) return tool;
  const build = buildFileReader(path, name);
  if (build) return build;
  // Python pytest imports while collecting, and the setup.py a build or `pip install .` runs: code the runner runs
  // whole, unless it reads as inert (a fixture-only conftest, a declarative setup call; task-runners.ts and
  // build-files.ts judge the same texts when the runner runs).
  if (name === 'conftest.py')
    return {
      name: 'pytest',
      read: (text, place) => (fixtureOnlyImports(text, (m) => firstParty(m, place)) ? [] : codeLines(text)),
    };
  if (name === 'setup.py')
    return { name: 'pip', read: (text) => (readPython(text).opaque === undefined ? [] : codeLines(text)) };
  // Deployment manifests, compose files, Ansible, Terraform, Bazel: commands run later, judged for harm.
  if (isWorkloadFile(path))
    return { name: 'deploy', read: (text) => workloadReader(path, text)?.(text) ?? [] };
  return undefined;
}

/** Tools' own files that name commands they run (tool-commands.ts), and build scripts that are Python code. */
function toolFileReader(name: string): Runner | undefined {
  if (name === 'tauri.conf.json') return { name: 'tauri', read: tauriCommands };
  if (name === 'bb.edn') return { name: 'babashka', read: babashkaTasks };
  if (/^serverless\.ya?ml$/.test(name)) return { name: 'serverless', read: serverlessScripts };
  if (/^buf\.gen\.ya?ml$/.test(name)) return { name: 'buf', read: bufPlugins };
  if (name === 'Tiltfile') return { name: 'tilt', read: tiltCommands };
  if (name === 'cliff.toml' || name === '.cliff.toml') return { name: 'git-cliff', read: cliffCommands };
  if (name === 'SConstruct' || name === 'SConscript') return { name: 'scons', read: codeLines };
  if (name === 'Snakefile' || name.endsWith('.smk')) return { name: 'snakemake', read: snakemakeCommands };
  if (name === 'Earthfile') return { name: 'earthly', read: dockerRuns };
  return undefined;
}

/**
 * Build files the shell side reads when their builder runs (build-files.ts and kin), read the same way when a
 * change writes them: CMake, Meson, Ninja, MSBuild projects, props and targets, Maven, SwiftPM, Zig, sbt, rebar3,
 * dune, Leiningen.
 */
function buildFileReader(path: string, name: string): Runner | undefined {
  const lines = (builder: string, read: (text: string) => BuildRead): Runner => ({
    name: builder,
    read: (text) => buildFileLines(read(text), 'build-file', text),
  });
  if (name === 'CMakeLists.txt' || name.endsWith('.cmake'))
    return lines('cmake', (t) =>
      readCmake(t, { source: dirname(path), binary: `${dirname(path)}/build` }, true),
    );
  if (name === 'meson.build') return lines('meson', readMeson);
  if (name === 'build.ninja') return lines('ninja', readNinja);
  if (/\.(?:csproj|fsproj|vbproj|proj|props|targets)$/i.test(name))
    return lines('msbuild', (t) => readMsbuild(t, dirname(path)));
  if (name === 'pom.xml') return lines('maven', (t) => readProgram('maven', t));
  if (name === 'Package.swift') return lines('swift', (t) => readProgram('swift', t));
  if (name === 'build.zig') return lines('zig', (t) => readProgram('zig', t));
  if (name.endsWith('.sbt')) return lines('sbt', (t) => readProgram('scala', t));
  if (name === 'rebar.config') return lines('rebar3', readRebar);
  if (name === 'dune') return lines('dune', readDune);
  if (name === 'project.clj') return lines('lein', readLein);
  return undefined;
}

const CACHE = new WeakMap<CheckRequest, RunnerEdit[]>();

/** Commands one write's additions may carry into the analysis. */
const MAX_ADDED_COMMANDS = 256;

/**
 * For each write or edit input of the request (one at most today): what it adds to a runner's file. Empty when
 * the request is no write or edit or names no runner's file; uncertain when it carries no change (every
 * harness's write tools pass theirs through one normalised value, `FileChange`).
 */
export function runnerEdit(request: CheckRequest): RunnerEdit | undefined {
  const cached = CACHE.get(request);
  if (cached) return cached[0];
  const input = request.input;
  let result: RunnerEdit | undefined;
  if ((input.kind === 'write' && !input.delete) || input.kind === 'edit') {
    const runner = runnerOf(input.path);
    if (runner) result = readEdit(request, input.path, input.change, runner);
    const planted = mergeEdits(
      plantedEdit(request, input.path, input.change),
      generateEdit(request, input.path, input.change),
    );
    if (planted)
      result = {
        commands: [...(result?.commands ?? []), ...planted.commands],
        uncertain: [...(result?.uncertain ?? []), ...planted.uncertain],
      };
  }
  CACHE.set(request, result ? [result] : []);
  return result;
}

/** A notebook's language when it says (kernel or language info), lower case; undefined for no notebook JSON. */
function notebookLanguage(text: string): { language: string | undefined; doc: unknown } | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  const meta = (doc as { metadata?: Record<string, unknown> } | null)?.metadata;
  const kernel = (meta?.kernelspec as { language?: unknown } | undefined)?.language;
  const info = (meta?.language_info as { name?: unknown } | undefined)?.name;
  const lang = typeof kernel === 'string' ? kernel : typeof info === 'string' ? info : undefined;
  return { language: lang?.toLowerCase(), doc };
}

/** The code of a notebook's code cells (nbformat JSON), magics and shell escapes left out. */
function notebookCode(doc: unknown): string {
  const cells = (doc as { cells?: unknown } | null)?.cells;
  if (!Array.isArray(cells)) return '';
  return cells
    .filter((c) => (c as { cell_type?: unknown } | null)?.cell_type === 'code')
    .map((c) => {
      const src = (c as { source?: unknown }).source;
      return cellCode(
        Array.isArray(src) ? src.filter((x) => typeof x === 'string').join('') : String(src ?? ''),
      );
    })
    .join('\n');
}

/** Two readings of one change, as one (either may be absent). */
function mergeEdits(a: RunnerEdit | undefined, b: RunnerEdit | undefined): RunnerEdit | undefined {
  if (!a || !b) return a ?? b;
  return { commands: [...a.commands, ...b.commands], uncertain: [...a.uncertain, ...b.uncertain] };
}

/**
 * The `//go:generate` directives a change adds to a Go file, read from what the change takes away and puts in
 * (each directive is one line: the file need not be read whole).
 */
function generateEdit(
  request: CheckRequest,
  path: string,
  change: FileChange | undefined,
): RunnerEdit | undefined {
  if (!path.endsWith('.go') || change === undefined) return undefined;
  const abs = changedPath(request, path);
  const { before, after } = changedTexts(change, diskText(request, abs));
  const now = goGenerate(after);
  if (now.length === 0) return undefined;
  return added(
    request,
    abs,
    basename(path),
    { name: 'go generate', read: () => [] },
    now,
    goGenerate(before),
  );
}

/**
 * The code a change adds to a source file of a scanned language or to a notebook's cells, as the command whose
 * analysis stands for it (later-code.ts; only harm counts). What the harness does not say, or a text that cannot
 * be computed, adds nothing here: the runner reading of the same file (if any) says so.
 */
function plantedEdit(
  request: CheckRequest,
  path: string,
  change: FileChange | undefined,
): RunnerEdit | undefined {
  const notebook = path.endsWith('.ipynb');
  if (change === undefined) return undefined;
  const abs = changedPath(request, path);
  const old = diskText(request, abs);
  // A script with no extension is read in the language its `#!` line names (`bin/setup`).
  let scriptRunner: string | undefined;
  if (!notebook && !isScannedSource(path)) {
    if (extname(basename(path)) !== '') return undefined;
    const whole =
      typeof newText(change, old) === 'object' ? (newText(change, old) as { text: string }).text : old;
    scriptRunner = whole === undefined ? undefined : shebangRunner(whole);
    if (scriptRunner === undefined) return undefined;
  }
  let { before, after } = changedTexts(change, old);
  let cellRunner: string | undefined;
  if (notebook) {
    const was = old === undefined || old === '' ? undefined : notebookLanguage(old);
    if (change.kind === 'cell') {
      after = cellCode(change.text);
      cellRunner = notebookRunner(was?.language);
    } else {
      const next = newText(change, old);
      const now = typeof next === 'string' ? undefined : notebookLanguage(next.text);
      if (now === undefined) return undefined;
      before = was === undefined ? '' : notebookCode(was.doc);
      after = notebookCode(now.doc);
      cellRunner = notebookRunner(now.language);
    }
    if (cellRunner === undefined) return undefined;
  }
  const scan = plantedScan(abs, before, after, cellRunner, scriptRunner);
  const fileName = basename(path);
  // What the added code reaches that its literal text does not show (code-reach.ts).
  const language = runnerLanguage(scannedRunner(abs, cellRunner, scriptRunner));
  const lines = addedLines(before, after);
  const why =
    language === undefined
      ? undefined
      : (codeReach(language, lines.join('\n')) ??
        (language === 'python' && importTimeRequest(basename(abs), after, lines)
          ? 'makes a request when it is imported'
          : undefined));
  const reach: Uncertainty[] =
    why === undefined
      ? []
      : [{ code: 'dynamic-command', reason: `the change to \`${fileName}\` adds code that ${why}` }];
  if (scan === undefined) return reach.length > 0 ? { commands: [], uncertain: reach } : undefined;
  if (typeof scan === 'string')
    return {
      commands: [],
      uncertain: [...reach, { code: 'dynamic-script', reason: `the change to \`${fileName}\` ${scan}` }],
    };
  const edit = added(request, abs, fileName, { name: 'code', read: () => [] }, scan, []);
  return { commands: edit.commands, uncertain: [...reach, ...edit.uncertain] };
}

function readEdit(
  request: CheckRequest,
  path: string,
  change: FileChange | undefined,
  runner: Runner,
): RunnerEdit {
  const fileName = basename(path);
  const unsure = (why: string): RunnerEdit => ({
    commands: [],
    uncertain: [
      {
        code: 'dynamic-script',
        reason: `\`${fileName}\`, which \`${runner.name}\` runs commands from, ${why}`,
      },
    ],
  });
  // A write tool that does not say what it writes (an insert at a line, an edit sketch, a tool of a harness
  // whose fields are not known): what it adds cannot be read.
  if (change === undefined) return unsure('is changed by a tool that does not say how');
  // A patch names files relative to the working folder (Codex, OpenCode, Copilot): read and run there.
  const abs = changedPath(request, path);
  const disk = request.readScript?.(abs);
  let old: string | undefined;
  if (disk?.kind === 'text') old = disk.text;
  else if (disk?.kind === 'missing') old = '';
  const needsDisk = !(change.kind === 'whole' || (change.kind === 'patch' && change.add));
  // With no reader at all, a whole text is judged whole: every command in it counts as added (stricter).
  // A notebook cell's new source: what it runs is read from the cell alone (its old source is not told).
  if (change.kind === 'cell') return added(request, abs, fileName, runner, cellShell(change.text), []);
  // A file too large to read whole whose reading is line by line (a lockfile): the lines the edit takes out and puts
  // in, read alone, are what it changes.
  if (old === undefined && runner.lineLocal) {
    const [out, put] =
      change.kind === 'whole'
        ? [[], [change.text]]
        : change.kind === 'replace'
          ? [change.edits.map((e) => e.old), change.edits.map((e) => e.new)]
          : [
              change.lines.filter((l) => l.startsWith('-')).map((l) => l.slice(1)),
              change.lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1)),
            ];
    const read = (lines: string[]) =>
      runner.read(lines.join('\n'), { folder: dirname(abs), inWorkspace: () => false, isFile: () => false });
    const after = read(put);
    const before = read(out);
    if (typeof after === 'string') return unsure(`as changed ${after}`);
    return added(request, abs, fileName, runner, after, typeof before === 'string' ? [] : before);
  }
  if (old === undefined && (needsDisk || disk?.kind === 'unreadable'))
    return unsure('could not be read whole');
  const next = newText(change, old);
  if (typeof next === 'string') return unsure(next);
  const place: ManifestPlace = {
    folder: dirname(abs),
    inWorkspace: (p) => request.workspaceRoots.some((w) => w !== '/' && isUnder(p, w)),
    isFile: (p) => request.readScript?.(p).kind === 'text',
  };
  const after = runner.read(next.text, place);
  if (typeof after === 'string') return unsure(`as changed ${after}`);
  const beforeRead = old === undefined || old === '' ? [] : runner.read(old, place);
  return added(request, abs, fileName, runner, after, typeof beforeRead === 'string' ? [] : beforeRead);
}

/** The commands of `after` not already in `before` (a multiset: only what the change adds is new). */
function added(
  request: CheckRequest,
  abs: string,
  fileName: string,
  runner: Runner,
  after: readonly Entry[],
  before: readonly Entry[],
): RunnerEdit {
  const count = new Map<string, number>();
  for (const [s, c] of before) count.set(`${s}\n${c}`, (count.get(`${s}\n${c}`) ?? 0) + 1);
  const commands: AddedCommand[] = [];
  const uncertain: Uncertainty[] = [];
  const folder = dirname(abs);
  // A new file chooses its images; an edit that brings an image from a registry or namespace the file did not use
  // brings code from another source. Docker Hub's official images are no new source.
  const hadImages = before.some(([s]) => s === 'image');
  for (const [script, command] of after) {
    const k = `${script}\n${command}`;
    const n = count.get(k) ?? 0;
    if (n > 0) {
      count.set(k, n - 1);
      continue;
    }
    if (script === 'image' && (!hadImages || command.endsWith('image:docker.io/library'))) continue;
    const named = safeName(script);
    const keep = keptCategories(script);
    const where = script.startsWith(DEPENDENCY)
      ? `${runner.name} dependencies in \`${fileName}\``
      : script.startsWith(CONTAINED)
        ? `a \`RUN\` step in \`${fileName}\``
        : script.startsWith(WORKLOAD)
          ? `a command \`${fileName}\` runs where it is deployed`
          : keep !== undefined
            ? `code added to \`${fileName}\``
            : `${runner.name} ${named === undefined ? 'script' : `script \`${named}\``} in \`${fileName}\``;
    if (command.startsWith('__gavel_')) {
      const what = command.startsWith('__gavel_hook_repository')
        ? 'adds a hook repository, code from a host that runs at each commit'
        : command.startsWith('__gavel_runner_setting -p ')
          ? 'adds a plugin pytest imports before every run'
          : /^__gavel_runner_setting -/.test(command)
            ? "moves where the runner's tests, configuration or temporary files are"
            : command.startsWith('__gavel_runner_setting allow-plugins')
              ? 'allows a plugin to run its code on every install'
              : command.startsWith('__gavel_runner_load')
                ? 'adds a file the tool loads before every run'
                : command.startsWith('__gavel_runner_setting')
                  ? 'sets what the runner runs its scripts with'
                  : command.startsWith('__gavel_runner_source image:')
                    ? 'takes an image from a registry or namespace the file did not use'
                    : command.startsWith('__gavel_runner_source')
                      ? 'points the package manager at another package source'
                      : command.startsWith('__gavel_runner_trust')
                        ? 'sends its downloads through a proxy, or changes which certificates it trusts'
                        : command.startsWith('__gavel_runner_effect ')
                          ? `adds code that ${command.slice('__gavel_runner_effect '.length)}`
                          : 'adds code the runner runs';
      uncertain.push({ code: 'dynamic-script', reason: `the change to ${where} ${what}` });
      continue;
    }
    const located =
      folder === request.cwd ? command : `cd '${folder.replaceAll("'", "'\\''")}' && ${command}`;
    commands.push(keep === undefined ? { where, command: located } : { where, command: located, keep });
  }
  // A bound on time: a change that adds more commands than one review analyses is uncertain as a whole.
  if (commands.length > MAX_ADDED_COMMANDS)
    return {
      commands: [],
      uncertain: [
        ...uncertain,
        {
          code: 'too-large',
          reason: `the change to \`${fileName}\` adds more commands than gavel analyses (${MAX_ADDED_COMMANDS})`,
        },
      ],
    };
  return { commands, uncertain };
}
