/**
 * What `lefthook run HOOK` runs: the `commands` (each `run` line, in its `root` folder, and the `files` command that
 * lists its files) and `scripts` (the file of that name in `.lefthook/HOOK/` and `.lefthook-local/HOOK/`, run by its
 * `runner`) that the repository's lefthook configuration gives the hook, each judged as the shell it is; a hook's
 * own `files` command too; `--commands NAME` keeps those named. Lefthook's templates (`{staged_files}`,
 * `{all_files}`, `{0}`, ...) are values it fills in at run time. What this reading does not follow is uncertain: a
 * configuration in another form (TOML, JSON) or found before the YAML one in lefthook's order, a local override under
 * any name, `extends`, `remotes`, `source_dir`, the top-level `lefthook:` command (pasted into the git hooks that
 * `lefthook run` installs), a hook's `setup`, `jobs` or `skip`/`only` conditions, a command's `env`, a script's `args`
 * or `env`, a file-name template inside double quotes (lefthook pastes the names there as they are), a folder with
 * shell syntax, a YAML shape the strict reader refuses, a hook named at run time. Pure apart from the injected reader
 * and reporting; never quotes a file.
 */

import { posix } from 'node:path';
import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import { readComposeYaml, type YamlMap, type YamlValue } from './compose-yaml';
import { runFileText } from './disk-scripts';
import { repositoryTop } from './git-repository';
import { inFolder, projectFile } from './project-file';

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`lefthook\` ${why}`, inv.segment, 'kept');

/** The configuration's names and forms, in lefthook's order (each form, then each name); only YAML is read here. */
const CONFIG_NAMES = ['lefthook', '.lefthook', '.config/lefthook'];
const CONFIG_FORMS = ['yml', 'yaml', 'json', 'jsonc', 'toml'];
/** A local override lefthook merges over the configuration, under any of its names and forms: not read here. */
const LOCAL_NAMES = ['lefthook-local', '.lefthook-local', '.config/lefthook-local'];
/** Top-level keys that bring configuration or scripts from elsewhere, or code of their own. */
const ELSEWHERE = /^(?:extends|remotes?|source_dir|source_dir_local|rc|templates|lefthook)$/;
/** A hook's keys this reading knows leave what it runs alone. */
const HOOK_KEYS = /^(?:commands|scripts|parallel|piped|follow|exclude_tags|files|fail_on_changes)$/;
/** A command's keys this reading knows leave what it runs alone. */
const COMMAND_KEYS =
  /^(?:run|root|glob|exclude|files|file_types|tags|timeout|priority|fail_text|stage_fixed|interactive|use_stdin)$/;
/** A script's keys this reading knows leave what it runs alone. */
const SCRIPT_KEYS = /^(?:runner|tags|interactive|use_stdin|timeout|fail_text|stage_fixed|priority)$/;

const isMap = (v: YamlValue | undefined): v is YamlMap => v instanceof Map;
const quoted = (path: string) => `'${path.replaceAll("'", `'\\''`)}'`;

/** The YAML configuration lefthook takes at `root`; `other` when it would take one this reading does not read. */
function configText(root: string, inv: Invocation, r: Reporter): string | 'other' | 'unknown' | undefined {
  for (const form of CONFIG_FORMS)
    for (const name of LOCAL_NAMES) {
      const local = projectFile(inFolder(root, `${name}.${form}`), inv, r);
      if (local.kind === 'unknown') return 'unknown';
      if (local.kind === 'text') return 'other';
    }
  for (const form of CONFIG_FORMS)
    for (const name of CONFIG_NAMES) {
      const file = projectFile(inFolder(root, `${name}.${form}`), inv, r);
      if (file.kind === 'unknown') return 'unknown';
      if (file.kind !== 'text') continue;
      return form === 'yml' || form === 'yaml' ? file.text : 'other';
    }
  return undefined;
}

export function lefthookRun(inv: Invocation, r: Reporter): void {
  if (inv.program !== 'lefthook' || plain(inv.args[0]) !== 'run' || inv.cwd === undefined) return;
  if (!r.env.readScript) return;
  const words = inv.args.slice(1);
  let hook: string | undefined;
  const only: string[] = [];
  for (let k = 0; k < words.length; k++) {
    const w = words[k] as (typeof words)[number];
    if (!isLiteral(w)) {
      say(inv, r, 'runs a hook or commands named at run time');
      return;
    }
    const t = plain(w);
    if (t === '--commands' || t === '--command') only.push(...plain(words[++k]).split(','));
    else if (/^--commands?=/.test(t)) only.push(...t.replace(/^[^=]*=/, '').split(','));
    else if (/^(--file|--jobs|--exclude)$/.test(t)) k++;
    else if (!t.startsWith('-') && hook === undefined) hook = t;
  }
  if (hook === undefined) return;
  const top = repositoryTop(inv.cwd, inv, r);
  if (top === 'unknown') return;
  const root = top === 'none' ? inv.cwd : top;
  const text = configText(root, inv, r);
  if (text === 'unknown' || text === undefined) return;
  const config = text === 'other' ? undefined : readComposeYaml(text);
  if (config === undefined || [...config.keys()].some((k) => ELSEWHERE.test(k))) {
    say(inv, r, 'reads a configuration this reading does not follow');
    return;
  }
  const section = config.get(hook);
  if (section === undefined) return;
  const unread = (): void => say(inv, r, 'runs a hook this reading does not follow');
  if (!isMap(section) || [...section.keys()].some((k) => !HOOK_KEYS.test(k))) {
    unread();
    return;
  }
  const commands = section.get('commands');
  const scripts = section.get('scripts');
  const hookFiles = section.get('files');
  if ((commands !== undefined && !isMap(commands)) || (scripts !== undefined && !isMap(scripts))) {
    unread();
    return;
  }
  if (hookFiles !== undefined && typeof hookFiles !== 'string') {
    unread();
    return;
  }
  const lines: string[] = [];
  // A hook's own `files` is a command lefthook runs to list the files.
  if (hookFiles !== undefined) lines.push(`(cd ${quoted(root)} && ${hookFiles}\n)`);
  for (const [name, command] of commands ?? []) {
    if (only.length > 0 && !only.includes(name)) continue;
    if (!isMap(command) || [...command.keys()].some((k) => !COMMAND_KEYS.test(k))) {
      unread();
      return;
    }
    const run = command.get('run');
    const at = command.get('root');
    const files = command.get('files');
    if (typeof run !== 'string' || (at !== undefined && typeof at !== 'string')) {
      unread();
      return;
    }
    if (files !== undefined && typeof files !== 'string') {
      unread();
      return;
    }
    const folder = at === undefined || at === '' ? root : posix.resolve(root, at);
    // lefthook pastes file names into a template quoted with `"` as they are, and a command's folder inside `"…"`
    // of the git hook it installs: shell syntax there is code.
    if (/"[^"\n]*\{[\w-]*\}/.test(run) || /[$`"\\]/.test(at ?? '') || !`${folder}/`.startsWith(`${root}/`)) {
      unread();
      return;
    }
    if (files !== undefined) lines.push(`(cd ${quoted(folder)} && ${files}\n)`);
    lines.push(`(cd ${quoted(folder)} && ${run.replace(/\{[\w-]*\}/g, '"$__lefthook_value"')}\n)`);
  }
  for (const [name, script] of scripts ?? []) {
    if (only.length > 0 && !only.includes(name)) continue;
    const runner = isMap(script) ? script.get('runner') : undefined;
    if (
      !/^[\w.-]+$/.test(name) ||
      (runner !== undefined && typeof runner !== 'string') ||
      (isMap(script) && [...script.keys()].some((k) => !SCRIPT_KEYS.test(k)))
    ) {
      unread();
      return;
    }
    // The script of that name in each source folder runs (`.lefthook/` and the local `.lefthook-local/`).
    for (const dir of ['.lefthook', '.lefthook-local']) {
      const path = inFolder(root, `${dir}/${hook}/${name}`);
      const there = projectFile(path, inv, r);
      if (there.kind === 'unknown') return;
      if (dir === '.lefthook' || there.kind !== 'missing')
        lines.push(`(cd ${quoted(root)} && ${runner ?? ''} ${quoted(path)}\n)`);
    }
  }
  if (lines.length > 0) runFileText(lines.join('\n'), inv, r, `lefthook${SCRIPT_FILE_WRAPPER}`);
}
