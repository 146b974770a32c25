/**
 * Taskfile (`task x`, `go-task x`): the tasks named (or `default`) read from the nearest Taskfile.yml, their
 * `deps` and `task:` calls followed (bounded), and each `cmds` line analysed as the shell it is. A template
 * (`{{.CLI_ARGS}}`, `{{.VAR}}`) is text task computes: a run-time value to the analysis, so it matters only where
 * a value could break the command. Dynamic variables (`sh:`) run at load and are analysed too. Includes, another
 * interpreter, a folder outside the workspace or a file the strict YAML reader refuses are uncertain. Pure apart
 * from the injected reader and reporting; never quotes the file.
 * INVARIANT: a Taskfile gavel cannot follow is uncertain, never silently allowed.
 */

import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import { readComposeYaml, type YamlMap, type YamlValue } from './compose-yaml';
import { changedEarlier, mayChange, runFileText } from './disk-scripts';
import { foldersUp, inFolder, projectFile } from './project-file';

/** Every name task looks for, in its order (go-task's `taskfile.DefaultTaskfiles`). */
export const NAMES = [
  'Taskfile.yml',
  'taskfile.yml',
  'Taskfile.yaml',
  'taskfile.yaml',
  'Taskfile.dist.yml',
  'taskfile.dist.yml',
  'Taskfile.dist.yaml',
  'taskfile.dist.yaml',
];
/** Tasks followed per command (deps and calls). */
const MAX_TASKS = 64;

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

const isMap = (v: YamlValue | undefined): v is YamlMap => v instanceof Map;

export function taskfile(inv: Invocation, r: Reporter): void {
  const dd = inv.args.findIndex((w) => plain(w) === '--');
  const cliArgs =
    dd < 0
      ? ''
      : inv.args
          .slice(dd + 1)
          .map((w) => (isLiteral(w) ? `'${plain(w).replaceAll("'", "'\\''")}'` : '"$__task_value"'))
          .join(' ');
  /** A template task renders: a value known at run time only (`{{.CLI_ARGS}}` is the words given after `--`). */
  const untemplate = (text: string) =>
    text.replace(/\{\{\s*\.CLI_ARGS\s*\}\}/g, () => cliArgs).replace(/\{\{[^}]*\}\}/g, '"$__task_value"');
  const goals: string[] = [];
  let file: string | undefined;
  for (let k = 0; k < inv.args.length; k++) {
    const w = inv.args[k];
    const t = plain(w);
    if (t === '--') break;
    if (/^(-n|--dry|-l|--list|-a|--list-all|--summary|--version|-h|--help|--init|-i)$/.test(t)) return;
    if (/^(-d|--dir|-t|--taskfile|-o|--output|--sort|-c|--color|-C|--concurrency|--interval)$/.test(t)) {
      if (/^(-d|--dir|-t|--taskfile)$/.test(t)) {
        say(inv, r, 'runs a Taskfile named on its command line, which gavel does not follow');
        return;
      }
      k++;
    } else if (!t.startsWith('-') && !/^[A-Za-z_]\w*=/.test(t)) {
      if (!w || !isLiteral(w)) {
        say(inv, r, 'runs a task named at run time');
        return;
      }
      goals.push(t);
    }
  }
  if (inv.cwd === undefined) return;
  let dir: string | undefined;
  for (const d of foldersUp(inv.cwd)) {
    // A Taskfile of any name task accepts written earlier in the line may be the one it picks (a `taskfile.yml`
    // written beside a `Taskfile.yml`, or over it on a case-insensitive file system): what is read may not run.
    if (NAMES.some((name) => changedEarlier(inFolder(d, name), inv, r))) {
      mayChange(inv, r);
      return;
    }
    for (const name of NAMES) {
      const f = projectFile(inFolder(d, name), inv, r);
      if (f.kind === 'unknown') return;
      if (f.kind === 'text') {
        file = f.text;
        dir = d;
        break;
      }
    }
    if (file !== undefined) break;
  }
  if (file === undefined || dir === undefined) return;
  const doc = readComposeYaml(file);
  const tasks = doc?.get('tasks');
  if (!doc || !isMap(tasks)) {
    say(inv, r, 'reads a Taskfile gavel cannot read');
    return;
  }
  if (doc.has('includes') || doc.has('set') || doc.has('shopt') || doc.has('interval')) {
    say(inv, r, 'reads a Taskfile that includes others or changes its shell, which gavel does not follow');
    return;
  }
  const lines: string[] = [];
  const dynamicVars = (vars: YamlValue | undefined): boolean => {
    if (vars === undefined) return true;
    if (!isMap(vars)) return false;
    for (const v of vars.values()) {
      if (typeof v === 'string') continue;
      if (isMap(v) && typeof v.get('sh') === 'string' && v.size === 1)
        lines.push(untemplate(v.get('sh') as string));
      else if (!isMap(v) || !['ref', 'map'].some((k) => v.has(k))) return false;
    }
    return true;
  };
  if (!dynamicVars(doc.get('vars')) || !dynamicVars(doc.get('env'))) {
    say(inv, r, 'reads a Taskfile whose variables gavel cannot read');
    return;
  }
  const seen = new Set<string>();
  const visit = (name: string): boolean => {
    if (seen.has(name)) return true;
    seen.add(name);
    if (seen.size > MAX_TASKS) {
      say(inv, r, 'runs more tasks than one review follows');
      return false;
    }
    const task = tasks.get(name);
    if (task === undefined) return true;
    // `task: [cmd, ...]` and `task: cmd` are short forms of `cmds`.
    const body: YamlMap = isMap(task) ? task : new Map([['cmds', typeof task === 'string' ? [task] : task]]);
    const taskDir = body.get('dir');
    if (taskDir !== undefined && (typeof taskDir !== 'string' || /^[/~]|\.\.|\{\{/.test(taskDir))) {
      say(inv, r, 'runs a task in a folder gavel does not follow');
      return false;
    }
    if (!dynamicVars(body.get('vars')) || !dynamicVars(body.get('env'))) {
      say(inv, r, 'reads a Taskfile whose variables gavel cannot read');
      return false;
    }
    const deps = body.get('deps');
    for (const d of Array.isArray(deps) ? deps : deps === undefined ? [] : [deps]) {
      const dep = typeof d === 'string' ? d : isMap(d) ? d.get('task') : undefined;
      if (typeof dep !== 'string' || dep.includes('{{')) {
        say(inv, r, 'runs a task dependency gavel cannot read');
        return false;
      }
      if (!visit(dep)) return false;
    }
    const cmds = body.get('cmds') ?? body.get('cmd');
    for (const c of Array.isArray(cmds) ? cmds : cmds === undefined ? [] : [cmds]) {
      if (typeof c === 'string') {
        lines.push(untemplate(c));
        continue;
      }
      if (!isMap(c)) return fail();
      const call = c.get('task');
      const cmd = c.get('cmd');
      if (typeof call === 'string' && !call.includes('{{')) {
        if (!visit(call)) return false;
      } else if (typeof cmd === 'string') lines.push(untemplate(cmd));
      else if (!c.has('defer') || typeof c.get('defer') !== 'string') return fail();
      else lines.push(untemplate(c.get('defer') as string));
    }
    return true;
  };
  const fail = (): boolean => {
    say(inv, r, 'runs a task command gavel cannot read');
    return false;
  };
  for (const g of goals.length > 0 ? goals : ['default']) if (!visit(g)) return;
  if (lines.length > 0)
    runFileText(
      lines.map((l) => `(\n${l}\n)`).join('\n'),
      dir === inv.cwd ? inv : { ...inv, cwd: dir },
      r,
      `${inv.program}${SCRIPT_FILE_WRAPPER}`,
    );
}

/** JSON with comments (deno.jsonc) as JSON: comments outside strings dropped; undefined on an open comment. */
function jsoncText(text: string): string | undefined {
  let out = '';
  for (let k = 0; k < text.length; k++) {
    const c = text[k] as string;
    if (c === '"') {
      let j = k + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(k, j + 1);
      k = j;
    } else if (c === '/' && text[k + 1] === '/') {
      const end = text.indexOf('\n', k);
      k = (end < 0 ? text.length : end) - 1;
    } else if (c === '/' && text[k + 1] === '*') {
      const end = text.indexOf('*/', k + 2);
      if (end < 0) return undefined;
      k = end + 1;
    } else out += c;
  }
  return out;
}

/**
 * deno's configuration (deno.json / deno.jsonc, nearest up): `deno task x` runs its task (a string, or an object
 * with `command` and `dependencies`) in deno's shell, analysed as shell; lint plugins run code gavel does not
 * follow, for `deno lint`.
 */
export function denoConfig(inv: Invocation, r: Reporter): void {
  if (inv.program !== 'deno' || inv.cwd === undefined) return;
  const sub = plain(inv.args.find((a) => !plain(a).startsWith('-')));
  if (sub !== 'task' && sub !== 'lint') return;
  let config: Record<string, unknown> | undefined;
  let dir: string | undefined;
  for (const d of foldersUp(inv.cwd)) {
    for (const name of ['deno.json', 'deno.jsonc']) {
      const f = projectFile(inFolder(d, name), inv, r);
      if (f.kind === 'unknown') return;
      if (f.kind !== 'text') continue;
      try {
        const parsed: unknown = JSON.parse(jsoncText(f.text) ?? '');
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('shape');
        config = parsed as Record<string, unknown>;
      } catch {
        say(inv, r, 'reads a deno configuration that does not parse: what it runs is uncertain');
        return;
      }
      dir = d;
      break;
    }
    if (config) break;
  }
  if (!config || dir === undefined) return;
  if (sub === 'lint') {
    const lint = config.lint as { plugins?: unknown } | undefined;
    if (lint && typeof lint === 'object' && lint.plugins !== undefined)
      say(inv, r, 'runs lint plugins from its configuration: code gavel does not follow');
    return;
  }
  const at = inv.args.findIndex((a) => plain(a) === 'task');
  const nameWord = inv.args.slice(at + 1).find((a) => !plain(a).startsWith('-'));
  if (!nameWord) return;
  if (!isLiteral(nameWord)) {
    say(inv, r, 'runs a task named at run time');
    return;
  }
  const tasks = (config.tasks ?? {}) as Record<string, unknown>;
  const lines: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string): boolean => {
    if (seen.has(name)) return true;
    seen.add(name);
    if (seen.size > MAX_TASKS) return false;
    const task = tasks[name];
    if (task === undefined) return true;
    if (typeof task === 'string') {
      lines.push(task);
      return true;
    }
    if (task === null || typeof task !== 'object') return false;
    const { command, dependencies } = task as { command?: unknown; dependencies?: unknown };
    if (dependencies !== undefined) {
      if (!Array.isArray(dependencies)) return false;
      for (const d of dependencies) if (typeof d !== 'string' || !visit(d)) return false;
    }
    if (command === undefined) return true;
    if (typeof command !== 'string') return false;
    lines.push(command);
    return true;
  };
  if (!visit(plain(nameWord))) {
    say(inv, r, 'runs a deno task gavel cannot read');
    return;
  }
  if (lines.length > 0)
    runFileText(
      lines.map((l) => `(\n${l}\n)`).join('\n'),
      dir === inv.cwd ? inv : { ...inv, cwd: dir },
      r,
      `${inv.program}${SCRIPT_FILE_WRAPPER}`,
    );
}
