/**
 * Python project runners' scripts: `pdm run NAME` runs `[tool.pdm.scripts]` NAME (with its `pre_`/`post_` hooks
 * and the `pre_run`/`post_run` ones), `hatch run [ENV:]NAME` runs `[tool.hatch.envs.ENV.scripts]` NAME (or
 * hatch.toml's `[envs.ENV.scripts]`), each command analysed as the shell it is; a script's first word naming
 * another script of the same table expands it (bounded). A name that is no script is a program of the project's
 * environment, judged as itself (detect-runners.ts makes it a segment of its own), as `uv run` does. Never quotes
 * a file. Pure apart from the injected reader and reporting.
 * INVARIANT: a script gavel cannot read (a Python `call`, a value outside the small TOML subset read here) is
 * uncertain, never silently allowed.
 */

import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { runFileText } from './disk-scripts';
import { foldersUp, inFolder, projectFile, unknownFolder } from './project-file';
import { type Toml, tables } from './toml-tables';

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

/** Scripts expanded per run. */
const MAX_SCRIPTS = 32;

/** The project file a runner reads, from the working folder up to the workspace root. */
function nearestText(inv: Invocation, names: readonly string[], r: Reporter) {
  const cwd = inv.cwd as string;
  const top = r.scope.workspaceRoots.find((w) => cwd === w || cwd.startsWith(`${w}/`));
  const found: { name: string; text: string }[] = [];
  for (const d of foldersUp(cwd)) {
    for (const name of names) {
      const f = projectFile(inFolder(d, name), inv, r);
      if (f.kind === 'unknown') return 'unknown';
      if (f.kind === 'text') found.push({ name, text: f.text });
    }
    if (found.length > 0 || d === top || !top) return found;
  }
  return found;
}

const quoteArgs = (args: readonly Word[]) =>
  args.map((w) => (isLiteral(w) ? `'${plain(w).replaceAll("'", "'\\''")}'` : '"$__run_value"')).join(' ');

/** `pdm run [options] NAME args` and `hatch [options] run [ENV:]NAME args`: the name and the words after it. */
function invoked(inv: Invocation, hatch: boolean): { name: Word; args: Word[]; env?: string } | undefined {
  const GLOBAL = hatch
    ? /^(-e|--env|-p|--project|--data-dir|--cache-dir|--config|--color)$/
    : /^(-p|--project|-c|--config)$/;
  const RUN = hatch ? /^(-e|--env)$/ : /^(-p|--project|--venv|--skip)$/;
  let env: string | undefined;
  let k = 0;
  for (; k < inv.args.length; k++) {
    const t = plain(inv.args[k]);
    if (t === 'run') break;
    if (GLOBAL.test(t)) {
      if (hatch && /^(-e|--env)$/.test(t)) env = plain(inv.args[k + 1]);
      k++;
    } else if (!t.startsWith('-')) return undefined;
  }
  for (k++; k < inv.args.length; k++) {
    const w = inv.args[k] as Word;
    const t = plain(w);
    if (t === '--') continue;
    if (/^(-l|--list|-j|--json)$/.test(t)) return undefined;
    if (RUN.test(t)) k++;
    else if (!t.startsWith('-') && !(hatch && t.startsWith('+')))
      return { name: w, args: inv.args.slice(k + 1), env };
  }
  return undefined;
}

function pdm(inv: Invocation, r: Reporter): void {
  const run = invoked(inv, false);
  if (!run) return;
  const found = nearestText(inv, ['pyproject.toml'], r);
  if (found === 'unknown' || found.length === 0) return;
  const doc = tables(found[0]?.text ?? '');
  if (!doc) {
    if (/\[tool\.pdm\.scripts/.test(found[0]?.text ?? ''))
      say(inv, r, 'reads a pyproject.toml gavel cannot read');
    return;
  }
  const scripts = new Map<string, Toml>(doc.get('tool.pdm.scripts') ?? []);
  for (const [name, t] of doc)
    if (name.startsWith('tool.pdm.scripts.')) scripts.set(name.slice(17), new Map(t) as Toml);
  if (!isLiteral(run.name)) {
    if (scripts.size > 0) say(inv, r, 'runs a script named at run time');
    return;
  }
  const name = plain(run.name);
  if (!scripts.has(name)) return;
  const lines: string[] = [];
  let count = 0;
  const expand = (script: string, args: string): boolean => {
    if (++count > MAX_SCRIPTS) return false;
    const v = scripts.get(script);
    if (v === undefined) return true;
    const body = v instanceof Map ? v : new Map<string, Toml>([['cmd', v]]);
    for (const [key, item] of body) {
      if (key === 'help' || key === 'env' || key === 'keep_going' || key === 'working_dir') continue;
      if ((key === 'cmd' || key === 'shell') && typeof item === 'string') lines.push(`${item} ${args}`);
      else if (key === 'cmd' && Array.isArray(item) && item.every((x) => typeof x === 'string'))
        lines.push(`${item.map((x) => `'${(x as string).replaceAll("'", "'\\''")}'`).join(' ')} ${args}`);
      else if (key === 'composite' && Array.isArray(item) && item.every((x) => typeof x === 'string')) {
        for (const step of item as string[]) {
          const first = step.split(/\s+/)[0] ?? '';
          if (scripts.has(first)) {
            if (!expand(first, step.slice(first.length))) return false;
          } else lines.push(step);
        }
      } else return false;
    }
    return true;
  };
  const ok = [`pre_run`, `pre_${name}`].every((s) => expand(s, '')) && expand(name, quoteArgs(run.args));
  if (!ok || ![`post_${name}`, 'post_run'].every((s) => expand(s, ''))) {
    say(inv, r, 'runs a script gavel cannot read (a Python call or a form not read)');
    return;
  }
  markScriptRun(inv, r, name);
  if (lines.length > 0)
    runFileText(lines.map((l) => `(\n${l}\n)`).join('\n'), inv, r, `${inv.program}${SCRIPT_FILE_WRAPPER}`);
}

/**
 * The runner's child segment named like the script it read (`typecheck` of `hatch run typecheck`) runs that script,
 * not a program of that name: it is marked known by what was read (built-programs.ts), its commands judged as the
 * runner's script file's (round 19: before, every script not named like a known program was unknown).
 */
function markScriptRun(inv: Invocation, r: Reporter, name: string): void {
  const runner = `${inv.program} run`;
  const own = r.segments[inv.segment]?.wrappers ?? [];
  for (let k = inv.segment + 1; k < r.segments.length; k++) {
    const seg = r.segments[k];
    if (!seg || seg.wrappers.length !== own.length + 1 || seg.wrappers.at(-1) !== runner) continue;
    if (seg.argv[0] === name) seg.workspaceProgram = seg.argv.slice(1);
    return;
  }
}

function hatch(inv: Invocation, r: Reporter): void {
  const run = invoked(inv, true);
  if (!run) return;
  const found = nearestText(inv, ['hatch.toml', 'pyproject.toml'], r);
  if (found === 'unknown' || found.length === 0) return;
  const envs = new Map<string, Map<string, Toml>>();
  const settings = new Map<string, Map<string, Toml>>();
  for (const f of found) {
    const doc = tables(f.text);
    const prefix = f.name === 'hatch.toml' ? 'envs.' : 'tool.hatch.envs.';
    if (!doc) {
      if (f.text.includes(prefix)) say(inv, r, `reads a ${f.name} gavel cannot read`);
      if (f.text.includes(prefix)) return;
      continue;
    }
    for (const [name, t] of doc) {
      if (!name.startsWith(prefix)) continue;
      const rest = name.slice(prefix.length);
      if (rest.endsWith('.scripts')) envs.set(rest.slice(0, -8), t);
      else if (!rest.includes('.')) settings.set(rest, t);
    }
  }
  if (!isLiteral(run.name)) {
    say(inv, r, 'runs a script named at run time');
    return;
  }
  const word = plain(run.name);
  const colon = word.indexOf(':');
  const env = colon > 0 ? word.slice(0, colon) : (run.env ?? 'default');
  const name = colon > 0 ? word.slice(colon + 1) : word;
  const scripts = envs.get(env) ?? new Map<string, Toml>();
  const lines: string[] = [];
  // Commands hatch runs when it creates the environment (possibly on this run).
  for (const key of ['pre-install-commands', 'post-install-commands']) {
    const v = settings.get(env)?.get(key);
    if (v === undefined) continue;
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) {
      say(inv, r, 'runs environment commands gavel cannot read');
      return;
    }
    lines.push(...(v as string[]));
  }
  let count = 0;
  const expand = (script: string, args: string): boolean => {
    if (++count > MAX_SCRIPTS) return false;
    const v = scripts.get(script);
    const commands = typeof v === 'string' ? [v] : v;
    if (!Array.isArray(commands) || !commands.every((x) => typeof x === 'string')) return false;
    for (const raw of commands as string[]) {
      // `{args}` is the words given after the script name; other fields are values hatch computes.
      const command = raw
        .replace(
          /\{args(?::([^}]*))?\}/g,
          (_m, fallback: string | undefined) => args.trim() || fallback || '',
        )
        .replace(/\{[^}]*\}/g, '"$__hatch_value"')
        .replace(/^-\s*/, '');
      const first = command.split(/\s+/)[0] ?? '';
      if (scripts.has(first)) {
        if (!expand(first, command.slice(first.length))) return false;
      } else lines.push(command);
    }
    return true;
  };
  if (scripts.has(name) && !expand(name, quoteArgs(run.args))) {
    say(inv, r, 'runs a script gavel cannot read');
    return;
  }
  // Words after a script whose commands take no `{args}` are not read here, nor is a field hatch formats other than
  // `{args}` (read above as a value, `${HOME}` and `{}` included): the name stays unknown then.
  const text = JSON.stringify(scripts.get(name) ?? '');
  if (
    scripts.has(name) &&
    !text.replace(/\{args(?::[^}]*)?\}/g, '').includes('{') &&
    (run.args.length === 0 || text.includes('{args'))
  )
    markScriptRun(inv, r, word);
  if (lines.length > 0)
    runFileText(lines.map((l) => `(\n${l}\n)`).join('\n'), inv, r, `${inv.program}${SCRIPT_FILE_WRAPPER}`);
}

export function pyprojectScripts(inv: Invocation, r: Reporter): void {
  const p = inv.program;
  if (p !== 'pdm' && p !== 'hatch') return;
  if (inv.cwd === undefined) {
    unknownFolder(inv, r);
    return;
  }
  if (p === 'pdm') pdm(inv, r);
  else hatch(inv, r);
}
