/**
 * What `lefthook run HOOK` runs: the `commands` (each `run` line, in its `root` folder) and `scripts` (a file of
 * `.lefthook/HOOK/` run by its `runner`) that the repository's lefthook configuration gives the hook, each judged as
 * the shell it is; `--commands NAME` keeps those named. Lefthook's templates (`{staged_files}`, `{all_files}`,
 * `{0}`, ...) are values it fills in at run time; a `files` setting of the hook or a command is a command lefthook
 * runs to list files, judged too. A configuration gavel does not read whole (TOML or JSON, a local
 * override, `extends`, `remotes`, `source_dir`, `jobs`, a command's own `env`, a YAML shape the strict reader
 * refuses) or a hook name known only at run time is uncertain. Pure apart from the injected reader and reporting;
 * never quotes a file.
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

/** The configuration's names, in lefthook's order; the other forms and a local override are not read here. */
const YAML_NAMES = [
  'lefthook.yml',
  '.lefthook.yml',
  'lefthook.yaml',
  '.lefthook.yaml',
  '.config/lefthook.yml',
  '.config/lefthook.yaml',
];
const OTHER_NAMES = [
  'lefthook.toml',
  '.lefthook.toml',
  'lefthook.json',
  '.lefthook.json',
  'lefthook-local.yml',
  '.lefthook-local.yml',
  'lefthook-local.yaml',
  '.lefthook-local.yaml',
];
/** Top-level keys that bring configuration or scripts from elsewhere. */
const ELSEWHERE = new Set([
  'extends',
  'remotes',
  'remote',
  'source_dir',
  'source_dir_local',
  'rc',
  'templates',
]);
/** A command's keys this reading knows leave what it runs alone. */
const COMMAND_KEYS = new Set([
  'run',
  'root',
  'glob',
  'exclude',
  'files',
  'file_types',
  'skip',
  'only',
  'tags',
  'priority',
  'fail_text',
  'stage_fixed',
  'interactive',
  'use_stdin',
]);

const isMap = (v: YamlValue | undefined): v is YamlMap => v instanceof Map;

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
  for (const name of OTHER_NAMES) {
    const other = projectFile(inFolder(root, name), inv, r);
    if (other.kind === 'unknown') return;
    if (other.kind === 'text') {
      say(inv, r, 'reads a configuration this reading does not follow');
      return;
    }
  }
  let text: string | undefined;
  for (const name of YAML_NAMES) {
    const file = projectFile(inFolder(root, name), inv, r);
    if (file.kind === 'unknown') return;
    if (file.kind === 'text') {
      text = file.text;
      break;
    }
  }
  if (text === undefined) return;
  const config = readComposeYaml(text);
  if (config === undefined || [...config.keys()].some((k) => ELSEWHERE.has(k))) {
    say(inv, r, 'reads a configuration this reading does not follow');
    return;
  }
  const section = config.get(hook);
  if (section === undefined) return;
  if (!isMap(section) || section.has('jobs')) {
    say(inv, r, 'runs a hook this reading does not follow');
    return;
  }
  const lines: string[] = [];
  // A hook's own `files` is a command lefthook runs to list the files.
  const hookFiles = section.get('files');
  if (hookFiles !== undefined && typeof hookFiles !== 'string') {
    say(inv, r, 'runs a hook this reading does not follow');
    return;
  }
  if (hookFiles !== undefined) lines.push(`(cd '${root.replaceAll("'", `'\\''`)}' && ${hookFiles}\n)`);
  const commands = section.get('commands');
  const scripts = section.get('scripts');
  if ((commands !== undefined && !isMap(commands)) || (scripts !== undefined && !isMap(scripts))) {
    say(inv, r, 'runs a hook this reading does not follow');
    return;
  }
  for (const [name, command] of commands ?? []) {
    if (only.length > 0 && !only.includes(name)) continue;
    const run = isMap(command) ? command.get('run') : undefined;
    if (!isMap(command) || typeof run !== 'string' || [...command.keys()].some((k) => !COMMAND_KEYS.has(k))) {
      say(inv, r, 'runs a command this reading does not follow');
      return;
    }
    const at = command.get('root');
    const folder = typeof at === 'string' && at !== '' ? posix.resolve(root, at) : root;
    if (!folder.startsWith(root)) {
      say(inv, r, 'runs a command outside the repository');
      return;
    }
    // `files` is a command lefthook runs to list the files the command gets.
    const files = command.get('files');
    if (files !== undefined && typeof files !== 'string') {
      say(inv, r, 'runs a command this reading does not follow');
      return;
    }
    if (files !== undefined) lines.push(`(cd '${folder.replaceAll("'", `'\\''`)}' && ${files}\n)`);
    lines.push(
      `(cd '${folder.replaceAll("'", `'\\''`)}' && ${run.replace(/\{[\w-]*\}/g, '"$__lefthook_value"')}\n)`,
    );
  }
  for (const [name, script] of scripts ?? []) {
    if (only.length > 0 && !only.includes(name)) continue;
    const runner = isMap(script) ? script.get('runner') : undefined;
    if (!/^[\w.-]+$/.test(name) || (runner !== undefined && typeof runner !== 'string')) {
      say(inv, r, 'runs a script this reading does not follow');
      return;
    }
    const path = inFolder(root, `.lefthook/${hook}/${name}`);
    lines.push(
      `(cd '${root.replaceAll("'", `'\\''`)}' && ${runner ?? ''} '${path.replaceAll("'", `'\\''`)}'\n)`,
    );
  }
  if (lines.length > 0) runFileText(lines.join('\n'), inv, r, `lefthook${SCRIPT_FILE_WRAPPER}`);
}
