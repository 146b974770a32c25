/**
 * The commands tools' own files name, run when the tool next builds, tests or starts: a Tauri app's
 * `beforeDevCommand`/`beforeBuildCommand`/`beforeBundleCommand`, Babashka tasks' `shell`/`clojure` calls, rebar3
 * `pre_hooks`/`post_hooks`, dune rule actions (`system`, `bash`, `run`), Serverless Framework script hooks and
 * commands, a Tiltfile's `local`/`local_resource` commands, buf's local generator plugins, git-cliff's
 * `replace_command`s (a commit preprocessor's or postprocessor's shell command), a Snakefile's shell commands and
 * Python. Read by runner-files.ts
 * as it reads a Makefile's recipes: the commands a change adds are analysed as the shell they are. A file whose
 * commands are computed (a Babashka task calling Clojure gavel does not follow, a Tiltfile command that is no
 * literal) answers a reason instead (uncertain). Pure; never quotes file text in a reason.
 */

import { readComposeYaml, readSnakefile, type YamlMap, type YamlValue } from '../../shell';

type Entry = [script: string, command: string];

const STRING = String.raw`"((?:[^"\\]|\\.)*)"`;
const unslash = (s: string) => s.replace(/\\(.)/g, '$1');

/** `tauri.conf.json` (`build.beforeDevCommand`, ..., a string or `{ "script": ... }`). */
export function tauriCommands(text: string): Entry[] | string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'does not parse';
  }
  const build = (doc as { build?: Record<string, unknown> } | null)?.build;
  if (build === undefined || build === null || typeof build !== 'object') return [];
  const out: Entry[] = [];
  for (const key of ['beforeDevCommand', 'beforeBuildCommand', 'beforeBundleCommand']) {
    const v = build[key];
    const script = typeof v === 'string' ? v : (v as { script?: unknown } | null)?.script;
    if (typeof script === 'string') out.push([key, script]);
    else if (v !== undefined && v !== null) return 'names a command gavel cannot read';
  }
  return out;
}

/** Clojure a Babashka task may run besides shelling out: network, files, evaluation, the environment. */
const BB_CODE =
  /\b(?:babashka\.http-client|http\/|curl\/|slurp\s+"https?:|spit\b|load-file|load-string|eval\b|System\/getenv|babashka\.fs\/delete|fs\/delete|io\/copy|java\.net|sh\/sh)\b/;

/** `bb.edn` tasks: the commands of `shell`/`process` calls, `clojure` calls as `clojure ARGS`. */
export function babashkaTasks(text: string): Entry[] | string {
  if (BB_CODE.test(text)) return 'runs Babashka code gavel does not follow';
  const out: Entry[] = [];
  const call = new RegExp(
    String.raw`\((shell|process|p\/shell|p\/process|clojure)\s+(?:\{[^{}]*\}\s+)?((?:${STRING}\s*)+)`,
    'g',
  );
  for (const m of text.matchAll(call)) {
    const args = [...(m[2] ?? '').matchAll(new RegExp(STRING, 'g'))].map((s) => unslash(s[1] ?? ''));
    out.push(['task', m[1] === 'clojure' ? `clojure ${args.join(' ')}` : args.join(' ')]);
  }
  return out;
}

/** A YAML file read by the strict reader (compose-yaml.ts): undefined for an empty file, `bad` when refused. */
function yamlDoc(text: string): YamlMap | undefined | 'bad' {
  if (text.trim() === '') return undefined;
  return readComposeYaml(text) ?? 'bad';
}

const field = (v: YamlValue | undefined, key: string): YamlValue | undefined =>
  v instanceof Map ? v.get(key) : undefined;

/**
 * Serverless Framework `custom.scripts.hooks` and `custom.scripts.commands` (serverless-plugin-scripts), read by
 * lines: a serverless.yml is full of variables and CloudFormation tags no strict YAML reader takes, and the hook
 * names hold colons (`package:initialize`). A value may be a `|`/`>` block.
 */
export function serverlessScripts(text: string): Entry[] | string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const indent = (l: string) => l.length - l.trimStart().length;
  const out: Entry[] = [];
  const at = lines.findIndex((l) => /^\s+scripts:\s*(?:#.*)?$/.test(l));
  if (at < 0) return [];
  const base = indent(lines[at] as string);
  let group: string | undefined;
  let groupIndent = 0;
  for (let i = at + 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (indent(line) <= base) break;
    const head = /^\s*(hooks|commands):\s*(?:#.*)?$/.exec(line);
    if (head) {
      group = head[1];
      groupIndent = indent(line);
      continue;
    }
    if (group === undefined || indent(line) <= groupIndent) {
      group = undefined;
      continue;
    }
    const m = /^\s*["']?([\w:.-]+)["']?:\s*(.*)$/.exec(line);
    if (!m) return 'names scripts gavel cannot read';
    let value = (m[2] ?? '').trim();
    if (/^[|>][-+]?$/.test(value)) {
      const own = indent(line);
      const body: string[] = [];
      while (i + 1 < lines.length && (lines[i + 1]?.trim() === '' || indent(lines[i + 1] as string) > own))
        body.push((lines[++i] as string).trim());
      value = body.join('\n').trim();
    } else value = value.replace(/^(["'])(.*)\1$/, '$2');
    if (value === '' || value.startsWith('[') || value.startsWith('{'))
      return 'names scripts gavel cannot read';
    out.push([group, value]);
  }
  return out;
}

/** buf's generator plugins run from this machine: `plugins[].local` (a command, or its words). */
export function bufPlugins(text: string): Entry[] | string {
  const doc = yamlDoc(text);
  if (doc === 'bad') return 'does not parse';
  const plugins = field(doc, 'plugins');
  if (!Array.isArray(plugins)) return [];
  const out: Entry[] = [];
  for (const p of plugins) {
    const local = field(p, 'local');
    if (local === undefined) continue;
    if (typeof local === 'string') out.push(['plugin', local]);
    else if (Array.isArray(local) && local.every((w) => typeof w === 'string'))
      out.push(['plugin', local.map((w) => `'${String(w).replaceAll("'", "'\\''")}'`).join(' ')]);
    else return 'names a plugin gavel cannot read';
  }
  return out;
}

const QUOTED = String.raw`(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')`;

/** A Tiltfile's host commands: `local(...)`, `local_resource(..., cmd=..., serve_cmd=...)`, `custom_build` commands. */
export function tiltCommands(text: string): Entry[] | string {
  const out: Entry[] = [];
  const literal = new RegExp(String.raw`\blocal\(\s*(?:command\s*=\s*)?${QUOTED}`, 'g');
  for (const m of text.matchAll(literal)) out.push(['local', unslash(m[1] ?? m[2] ?? '')]);
  const named = new RegExp(String.raw`\b(?:cmd|serve_cmd|command)\s*=\s*${QUOTED}`, 'g');
  for (const m of text.matchAll(named)) out.push(['resource', unslash(m[1] ?? m[2] ?? '')]);
  const calls = (text.match(/\blocal\(/g) ?? []).length;
  const literals = [...text.matchAll(literal)].length;
  if (calls > literals || /\b(?:cmd|serve_cmd)\s*=\s*(?!["'])/.test(text))
    return 'runs a command gavel cannot read';
  return out;
}

/**
 * git-cliff's `cliff.toml`: every `replace_command` of a `commit_preprocessors` or `postprocessors` entry runs
 * through `sh -c` when the changelog is made (`git cliff`). A value in a TOML string form not read here (a
 * multi-line string) is uncertain.
 */
export function cliffCommands(text: string): Entry[] | string {
  const out: Entry[] = [];
  const all = (text.match(/\breplace_command\s*=/g) ?? []).length;
  const single = /\breplace_command\s*=\s*(?:"((?:[^"\\\n]|\\.)*)"(?!")|'([^'\n]*)'(?!'))/g;
  for (const m of text.matchAll(single))
    out.push(['replace_command', m[1] !== undefined ? unslash(m[1]) : (m[2] ?? '')]);
  return out.length === all ? out : 'runs a command gavel cannot read';
}

/**
 * A Snakefile (`Snakefile`, `*.smk`), read as the shell side reads it (snakefile.ts): its shell commands, and every
 * line that runs code, a file, another workflow or an included Snakefile as code a change adds.
 */
export function snakemakeCommands(text: string): Entry[] {
  return readSnakefile(text).map(
    (e): Entry =>
      e.kind === 'shell'
        ? ['snakemake', e.text]
        : ['snakemake', `__gavel_runner_code ${e.text.slice(0, 80)}`],
  );
}
