/**
 * Poe the Poet (`poe [options] TASK [args]`): the task named is read from `[tool.poe.tasks]` of the nearest
 * pyproject.toml that has tasks (from the real working folder, or the `-C` folder, up to `/`; one without tasks is
 * passed over as poe does), its `deps`, `uses`, `ref`s and sequence items followed (bounded), and each command
 * analysed as the shell it is, run from the project's folder as poe runs it. A `cmd` task is read as a shell line only
 * when poe's own splitting cannot differ from the shell's (printable ASCII, no comment, escape, ANSI quote or operator,
 * no glob as the program); its extra words are appended as literal words; a command's `env` is exported before it, its
 * `cwd` entered and its `capture_stdout` written. Pure apart from the injected reader and reporting; never quotes the
 * file.
 * INVARIANT: what gavel cannot follow is uncertain, never silently allowed: a Python call (`script`, `expr`,
 * `switch`), an interpreter other than sh or bash, an env file, included task files, a task file other than
 * pyproject.toml, declared arguments, an executor's own options, settings on a composite task, a task or
 * configuration not found, poe's settings in a layout or value the subset reader does not take (toml-tables.ts).
 * Review of this reader (round 28): eighteen ways a first version let a task run unseen, each a test.
 */

import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { changedEarlier, mayChange, runFileText } from './disk-scripts';
import { foldersUp, inFolder, projectFile, unknownFolder } from './project-file';
import { type Toml, tables } from './toml-tables';

/** Tasks followed per command. */
const MAX_TASKS = 32;
/** Task files poe reads besides pyproject.toml (not read here: their presence is uncertain). */
const OTHER_FILES = ['poe_tasks.toml', 'poe_tasks.yaml', 'poe_tasks.yml', 'poe_tasks.json'];
/** The shells a `shell` task may name whose text is read as shell here. */
const POSIX_SHELLS = new Set(['sh', 'bash', 'posix']);
/**
 * What a `cmd` task's line (and a reference's words) may hold to be read as the shell here: printable ASCII and
 * spaces only, no comment, escape, ANSI quote or shell operator. poe splits the line with its own grammar (a `#`
 * inside a word, Unicode blanks, `\\` in double quotes, no `$'…'`), and passes operators as words: anything
 * outside this set may be read differently by poe than by bash.
 */
const PLAIN_LINE = /^(?!.*\$')[\x20-\x7e]*$/;
const SHELL_SIGNS = /[#\\`;&|<>()]/;
/** A folder or file a task names as a plain relative path (no `..`, no variable). */
const PLAIN_RELATIVE = /^(?!\/|~)(?!(.*\/)?\.\.(\/|$))[\w./-]+$/;
/** The keys of `[tool.poe]` read here (the rest, `include` and `envfile` among them, are uncertain). */
const GLOBAL_KEYS = new Set([
  'tasks',
  'env',
  'executor',
  'shell_interpreter',
  'verbosity',
  'poetry_command',
  'poetry_hooks',
  'default_task_type',
  'default_array_task_type',
  'default_array_item_task_type',
]);
/** The options a task table may hold besides its type (the rest, `envfile` among them, are uncertain). */
const TASK_OPTIONS = new Set([
  'help',
  'args',
  'env',
  'cwd',
  'deps',
  'uses',
  'capture_stdout',
  'executor',
  'verbosity',
  'use_exec',
  'ignore_fail',
  'interpreter',
  'default_item_type',
  'empty_glob',
]);
const TYPES = ['cmd', 'shell', 'ref', 'sequence', 'parallel', 'script', 'expr', 'switch'];

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
const isTable = (v: Toml | undefined): v is Map<string, Toml> => v instanceof Map;

/** The command line: the project folder named (`-C`), the task and its words; undefined when nothing runs. */
function invoked(
  inv: Invocation,
  r: Reporter,
): { dir?: Word; task: Word; args: Word[] } | undefined | 'uncertain' {
  let dir: Word | undefined;
  for (let k = 0; k < inv.args.length; k++) {
    const w = inv.args[k] as Word;
    const t = plain(w);
    // Help, the version and a dry run print; they run no task.
    if (/^(-h|--help|--version|-d|--dry-run)$/.test(t)) return undefined;
    if (/^(-v+|-q+|--verbose|--quiet|--ansi|--no-ansi)$/.test(t)) continue;
    if (/^(-C|--directory|--root|-e|--executor)$/.test(t)) {
      if (t !== '-e' && t !== '--executor') dir = inv.args[k + 1];
      k++;
      continue;
    }
    if (/^(--directory|--root|--executor)=/.test(t)) {
      if (!t.startsWith('--executor')) dir = { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow };
      continue;
    }
    if (t.startsWith('-') || !isLiteral(w)) {
      say(
        inv,
        r,
        t.startsWith('-') ? 'takes an option gavel does not know' : 'runs a task named at run time',
      );
      return 'uncertain';
    }
    return { dir, task: w, args: inv.args.slice(k + 1) };
  }
  return undefined;
}

/** The folder poe starts looking from, or undefined (reported) when it is known only at run time. */
function startFolder(cwd: string, dir: Word | undefined, inv: Invocation, r: Reporter): string | undefined {
  if (dir === undefined) return cwd;
  const t = plain(dir);
  if (!isLiteral(dir) || t === '' || t.startsWith('~')) {
    say(inv, r, 'reads tasks from a folder gavel does not follow');
    return undefined;
  }
  const abs = t.startsWith('/') ? t : `${cwd}/${t}`;
  // `-C path/to/pyproject.toml` names the file itself.
  return abs.replace(/\/+$/, '').replace(/\/pyproject\.toml$/, '') || '/';
}

/** Does a table and key of a parsed pyproject.toml hold poe's configuration, in any layout? */
const holdsPoe = (table: string, key: string) => /^tool\.poe(?:\.|$)/.test(table ? `${table}.${key}` : key);

/**
 * Is `doc` a configuration poe would use, in the layout read here? `none`: no tasks (poe looks further up); `odd`:
 * poe's settings in a layout not read (a dotted key `tool.poe.tasks.x = …`, `[tool]` with `poe = {…}`).
 */
function poeLayout(doc: Map<string, Map<string, Toml>>): 'tasks' | 'none' | 'odd' {
  let tasks = false;
  for (const [table, keys] of doc) {
    if (table === 'tool.poe.tasks' || table.startsWith('tool.poe.tasks.')) tasks = true;
    for (const key of keys.keys()) {
      if (!holdsPoe(table, key)) continue;
      if (key.includes('.') || !/^tool\.poe(?:\.|$)/.test(table)) return 'odd';
      if (table === 'tool.poe' && (key === 'tasks' || key.startsWith('include'))) tasks = true;
    }
  }
  return tasks ? 'tasks' : 'none';
}

/**
 * The nearest configuration with poe tasks from `start` up (poe skips a `[tool.poe]` without tasks): its tables and
 * folder, none, or uncertain (reported). A file the subset reader refuses is uncertain when it may hold poe's
 * settings (it names poe, or holds an escape that may spell it).
 */
function configuration(start: string, inv: Invocation, r: Reporter) {
  for (const d of foldersUp(start)) {
    if ([...OTHER_FILES, 'pyproject.toml'].some((n) => changedEarlier(inFolder(d, n), inv, r))) {
      mayChange(inv, r);
      return 'uncertain';
    }
    for (const name of OTHER_FILES) {
      const other = projectFile(inFolder(d, name), inv, r);
      if (other.kind === 'unknown') return 'uncertain';
      if (other.kind === 'text') {
        say(inv, r, `reads tasks from a ${name}, which gavel does not read`);
        return 'uncertain';
      }
    }
    const f = projectFile(inFolder(d, 'pyproject.toml'), inv, r);
    if (f.kind === 'unknown') return 'uncertain';
    if (f.kind !== 'text') continue;
    const doc = tables(f.text);
    if (!doc) {
      if (!/poe|\\/i.test(f.text)) continue;
      say(inv, r, 'reads a pyproject.toml gavel cannot read');
      return 'uncertain';
    }
    const layout = poeLayout(doc);
    if (layout === 'odd') {
      say(inv, r, 'reads poe settings written in a layout gavel does not read');
      return 'uncertain';
    }
    if (layout === 'tasks') return { doc, dir: d };
  }
  return undefined;
}

/** Every task of the document by name (`[tool.poe.tasks]` keys and `[tool.poe.tasks.NAME]` tables). */
function taskTable(doc: Map<string, Map<string, Toml>>): Map<string, Toml> | undefined {
  const tasks = new Map<string, Toml>(doc.get('tool.poe.tasks') ?? []);
  for (const [name, t] of doc) {
    if (!name.startsWith('tool.poe.tasks.')) continue;
    const [task, ...rest] = name.slice('tool.poe.tasks.'.length).split('.');
    if (task === undefined) return undefined;
    if (rest.length === 0) {
      // Merged with an option's table written above it (`[tool.poe.tasks.NAME.env]` first): nothing it set is lost.
      const before = tasks.get(task);
      tasks.set(task, new Map([...(isTable(before) ? before : []), ...t]));
      continue;
    }
    // `[tool.poe.tasks.NAME.env]`, `[tool.poe.tasks.NAME.args.X]`, `[[tool.poe.tasks.NAME.sequence]]`: an option's own
    // table, merged into the task.
    const own = tasks.get(task);
    const body = isTable(own) ? own : new Map<string, Toml>();
    const key = rest[0] as string;
    if (key === 'args' || key === 'help') body.set(key, { other: true });
    else if (rest.length === 1 && (key === 'env' || key === 'uses')) body.set(key, new Map(t));
    else return undefined;
    tasks.set(task, body);
  }
  // A dotted key (`test.cmd = …`) is a layout not read here.
  for (const name of tasks.keys()) if (name.includes('.')) return undefined;
  return tasks;
}

/** `export` lines for an `env` table, or undefined when a value is not a string. */
function exports(env: Toml | undefined): string[] | undefined {
  if (env === undefined) return [];
  if (!isTable(env)) return undefined;
  const out: string[] = [];
  for (const [k, v] of env) {
    if (typeof v !== 'string' || !/^[A-Za-z_]\w*$/.test(k)) return undefined;
    // `${OTHER}` is a value poe computes: a run-time value to the analysis.
    out.push(`export ${k}=${v.includes('$') ? '"$__poe_value"' : quote(v)}`);
  }
  return out;
}

export function poeTasks(inv: Invocation, r: Reporter): void {
  const run = invoked(inv, r);
  if (run === undefined || run === 'uncertain') return;
  if (inv.cwd === undefined) {
    unknownFolder(inv, r);
    return;
  }
  const given = startFolder(inv.cwd, run.dir, inv, r);
  if (given === undefined) return;
  // poe looks up from the real folder: a link's own parents are not the ones it reads.
  const start = r.env.realpath ? r.env.realpath(given) : given;
  if (!start) return void say(inv, r, 'reads tasks from a folder gavel cannot resolve');
  const found = configuration(start, inv, r);
  if (found === 'uncertain') return;
  if (found === undefined) {
    // poe finds no tasks and stops; with a reader that is certain only when every file was read.
    if (r.env.readScript) say(inv, r, 'finds no poe tasks gavel can read');
    return;
  }
  const { doc, dir } = found;
  const global = doc.get('tool.poe') ?? new Map<string, Toml>();
  const fail = (why: string): false => {
    say(inv, r, why);
    return false;
  };
  for (const key of global.keys())
    if (!GLOBAL_KEYS.has(key)) return void fail(`reads a setting gavel does not follow (\`${key}\`)`);
  for (const name of doc.keys())
    if (name.startsWith('tool.poe.') && !name.startsWith('tool.poe.tasks') && name !== 'tool.poe.env')
      return void fail('reads a setting gavel does not follow');
  const tasks = taskTable(doc);
  if (!tasks) return void fail('reads a task layout gavel does not read');
  const stringType = global.get('default_task_type') ?? 'cmd';
  const arrayType = global.get('default_array_task_type') ?? 'sequence';
  const itemType = global.get('default_array_item_task_type') ?? 'ref';
  const shell = global.get('shell_interpreter');
  if (shell !== undefined && !(typeof shell === 'string' && POSIX_SHELLS.has(shell)))
    return void fail('runs its shell tasks with an interpreter gavel does not read');
  // An executor's own options (`with`, `python`, `location`) pick what runs: only its type is read.
  const executorOk = (e: Toml | undefined) =>
    e === undefined || typeof e === 'string' || (isTable(e) && [...e.keys()].every((k) => k === 'type'));
  if (!executorOk(global.get('executor')))
    return void fail('runs tasks in an environment gavel does not follow');
  const globalEnv = exports(doc.get('tool.poe.env') ?? global.get('env'));
  if (!globalEnv) return void fail('sets variables gavel cannot read');

  const lines: string[] = [];
  let count = 0;
  /** The task `name` with `args` (shell words), its lines pushed; false when it cannot be followed (reported). */
  const visit = (name: string, args: string): boolean => {
    if (++count > MAX_TASKS) return fail('runs more tasks than one review follows');
    const task = tasks.get(name);
    if (task === undefined) return fail('runs a task gavel cannot find');
    return inline(task, args, 'task');
  };
  /** One task body (a task, or an item of a sequence), `as` the type its plain strings take. */
  const inline = (body: Toml, args: string, as: 'task' | 'item'): boolean => {
    if (typeof body === 'string') {
      const type = as === 'item' ? itemType : stringType;
      return inline(new Map([[typeof type === 'string' ? type : '?', body]]), args, 'task');
    }
    if (Array.isArray(body))
      return inline(new Map([[typeof arrayType === 'string' ? arrayType : '?', body]]), args, 'task');
    if (!isTable(body)) return fail('runs a task gavel cannot read');
    const type = TYPES.filter((t) => body.has(t));
    if (type.length !== 1) return fail('runs a task gavel cannot read');
    for (const key of body.keys())
      if (!TASK_OPTIONS.has(key) && !TYPES.includes(key))
        return fail(`runs a task with an option gavel does not follow (\`${key}\`)`);
    if (!executorOk(body.get('executor'))) return fail('runs a task in an environment gavel does not follow');
    // Declared arguments become variables with defaults (`GIT_CONFIG_GLOBAL`): not read.
    if (body.has('args')) return fail('takes declared arguments, which gavel does not read');
    const kind = type[0] as string;
    // `env`, `cwd` and `capture_stdout` are read on a command or a shell task; a composite's pass to its items.
    const own = kind === 'cmd' || kind === 'shell';
    if (!own && ['env', 'cwd', 'capture_stdout'].some((k) => body.has(k)))
      return fail('gives its tasks settings gavel does not follow');
    const env = exports(body.get('env'));
    if (!env) return fail('sets variables gavel cannot read');
    const cwd = body.get('cwd');
    if (cwd !== undefined && (typeof cwd !== 'string' || !PLAIN_RELATIVE.test(cwd)))
      return fail('runs a task in a folder gavel does not follow');
    const capture = body.get('capture_stdout');
    if (capture !== undefined && (typeof capture !== 'string' || !PLAIN_RELATIVE.test(capture)))
      return fail('writes its output where gavel cannot tell');
    for (const dep of listOf(body.get('deps'))) {
      if (typeof dep !== 'string') return fail('runs a task dependency gavel cannot read');
      if (!reference(dep)) return false;
    }
    const uses = body.get('uses');
    if (uses !== undefined) {
      if (!isTable(uses)) return fail('runs a task dependency gavel cannot read');
      for (const [variable, used] of uses) {
        if (typeof used !== 'string' || !/^[A-Za-z_]\w*$/.test(variable))
          return fail('runs a task dependency gavel cannot read');
        if (!reference(used)) return false;
        env.push(`export ${variable}="$__poe_value"`);
      }
    }
    const value = body.get(kind);
    const commands: string[] = [];
    if (kind === 'cmd' && typeof value === 'string') {
      if (
        !PLAIN_LINE.test(value) ||
        SHELL_SIGNS.test(value) ||
        /[[*?{]/.test(value.trim().split(' ')[0] ?? '')
      )
        return fail('runs a command line poe may split differently from the shell');
      commands.push(`${value}${args}`);
    } else if (kind === 'shell' && typeof value === 'string') {
      const interpreter = body.get('interpreter') ?? shell;
      if (interpreter !== undefined && !(typeof interpreter === 'string' && POSIX_SHELLS.has(interpreter)))
        return fail('runs a shell task with an interpreter gavel does not read');
      commands.push(value);
    } else if (kind === 'ref' && typeof value === 'string') {
      if (!reference(value)) return false;
    } else if ((kind === 'sequence' || kind === 'parallel') && Array.isArray(value)) {
      const itemKind = body.get('default_item_type');
      for (const item of value) {
        const ok =
          typeof item === 'string' && itemKind !== undefined
            ? inline(new Map([[typeof itemKind === 'string' ? itemKind : '?', item]]), '', 'task')
            : typeof item === 'string' && itemType === 'ref'
              ? reference(item)
              : inline(item, '', 'item');
        if (!ok) return false;
      }
    } else if (kind === 'script' || kind === 'expr') return fail('runs Python code gavel does not read');
    else return fail('runs a task gavel cannot read');
    const inner = [...env, ...(typeof cwd === 'string' ? [`cd -- ${quote(cwd)} || exit`] : []), ...commands];
    if (commands.length > 0)
      lines.push(
        capture === undefined ? `(\n${inner.join('\n')}\n)` : `(\n${inner.join('\n')}\n) > ${quote(capture)}`,
      );
    return true;
  };
  /** A `ref`, a dependency or a sequence item naming another task with its words (`"test -k x"`). */
  const reference = (text: string): boolean => {
    if (!PLAIN_LINE.test(text) || SHELL_SIGNS.test(text))
      return fail('passes words poe may split differently from the shell');
    const [name = '', ...words] = text.trim().split(/ +/);
    if (!tasks.has(name)) return fail('refers to a task gavel cannot find');
    return visit(name, words.length > 0 ? ` ${words.join(' ')}` : '');
  };
  const cliArgs = run.args.map((w) => (isLiteral(w) ? ` ${quote(plain(w))}` : ' "$__poe_value"')).join('');
  if (!visit(plain(run.task), cliArgs)) return;
  if (lines.length > 0)
    runFileText(
      [...globalEnv, ...lines].join('\n'),
      dir === inv.cwd ? inv : { ...inv, cwd: dir },
      r,
      `${inv.program}${SCRIPT_FILE_WRAPPER}`,
    );
}

const listOf = (v: Toml | undefined): Toml[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
