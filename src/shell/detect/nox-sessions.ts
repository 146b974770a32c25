/**
 * A noxfile read as nox runs it (round 19): the sessions a command selects and the commands each runs, when the
 * file has the declarative shape most projects write: `import nox`, literal `nox.options` settings, and sessions
 * (`@nox.session`, keyword arguments of literals) whose bodies only install packages (`session.install("ruff")`,
 * judged as the `pip install` it is), run literal commands (`session.run("pytest", "-q", *session.posargs)`),
 * change folder, log or notify another session. Anything else (a helper function, a condition, a loop, a
 * computed argument, `env=`, a parametrized session, another import) makes the file opaque. Pure: text in, a
 * value out; never quotes the text in a reason.
 */

import { argvText } from './build-files';

export interface NoxSession {
  /** Shell lines, in order; `$__nox_posargs` stands for the words after `--`. */
  lines: string[];
  /** Sessions `session.notify` queues after this one. */
  notify: string[];
  /** False when `@nox.session(default=False)`: run only when named. */
  byDefault: boolean;
  /** Why the body cannot be read (it runs only when the session is selected). */
  opaque?: string;
}

export type NoxRead =
  | { kind: 'read'; sessions: Map<string, NoxSession>; defaults?: string[] }
  | { kind: 'opaque'; why: string };

export const POSARGS = '$__nox_posargs';
/** What a triple-quoted string reads as: a name, so only a docstring standing alone passes. */
const DOC = '__nox_docstring__';

const STRING = /^(?:"([^"\\\n]*)"|'([^'\\\n]*)')$/;
const LITERAL =
  /^(?:"[^"\\\n]*"|'[^'\\\n]*'|-?\d+(?:\.\d+)?|True|False|None|\[(?:\s*(?:"[^"\\\n]*"|'[^'\\\n]*'|\d+)\s*,?)*\s*\])$/;
/** Keyword arguments of `session.run`/`install` that change nothing it runs. */
const RUN_KEYWORDS = new Set(['silent', 'external', 'success_codes', 'log', 'stderr', 'interrupt_timeout']);
const SESSION_KEYWORDS = new Set([
  'python',
  'py',
  'reuse_venv',
  'venv_backend',
  'venv_params',
  'tags',
  'name',
  'default',
]);

const opaque = (why: string): NoxRead => ({ kind: 'opaque', why });

/** Splits call arguments at top-level commas; undefined when a string or bracket is not closed. */
function splitArgs(text: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let cur = '';
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = undefined;
      cur += c;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
      continue;
    }
    cur += c;
  }
  if (quote || depth !== 0) return undefined;
  if (cur.trim() !== '') out.push(cur.trim());
  return out;
}

/** A string literal, or adjacent ones Python joins (`"a;" "b"`); undefined for anything else. */
const stringOf = (arg: string): string | undefined => {
  let out = '';
  let rest = arg.trim();
  while (rest !== '') {
    const m = /^(?:"([^"\\\n]*)"|'([^'\\\n]*)')\s*/.exec(rest);
    if (!m) return undefined;
    out += m[1] ?? m[2] ?? '';
    rest = rest.slice(m[0].length);
  }
  return arg.trim() === '' ? undefined : out;
};

/** Keyword arguments as name → literal text; undefined when one is not a listed name with a literal value. */
function keywords(args: readonly string[], allowed: ReadonlySet<string>): Map<string, string> | undefined {
  const out = new Map<string, string>();
  for (const a of args) {
    const m = /^(\w+)\s*=\s*([\s\S]+)$/.exec(a);
    if (!m || !allowed.has(m[1] ?? '') || !LITERAL.test((m[2] ?? '').trim())) return undefined;
    out.set(m[1] ?? '', (m[2] ?? '').trim());
  }
  return out;
}

/**
 * The text read as Python's tokenizer reads it: comments taken out, each triple-quoted string made DOC (a docstring
 * where it stands alone; as an argument no literal this reader takes), one-line strings kept. Undefined for a
 * string not closed, an escape, or a string prefix (`f"…"`, `r'…'`).
 */
function withoutCommentsAndDocs(text: string): string | undefined {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
      continue;
    }
    if (c !== '"' && c !== "'") {
      out += c;
      continue;
    }
    if (/[A-Za-z0-9_]$/.test(out)) return undefined;
    const triple = text.startsWith(c.repeat(3), i);
    const close = triple ? text.indexOf(c.repeat(3), i + 3) : text.indexOf(c, i + 1);
    if (close < 0) return undefined;
    const body = text.slice(i + (triple ? 3 : 1), close);
    if (body.includes('\\') || (!triple && body.includes('\n'))) return undefined;
    out += triple ? DOC : `${c}${body}${c}`;
    i = close + (triple ? 2 : 0);
  }
  return out;
}

/** Logical lines: a line whose brackets are not closed goes on with the next ones. */
function logicalLines(text: string): string[] | undefined {
  const out: string[] = [];
  let cur: string | undefined;
  for (const raw of text.replace(/\r\n/g, '\n').split('\n')) {
    const line = raw;
    cur = cur === undefined ? line : `${cur} ${line.trim()}`;
    let depth = 0;
    let quote: string | undefined;
    for (const c of cur) {
      if (quote) {
        if (c === quote) quote = undefined;
      } else if (c === '"' || c === "'") quote = c;
      else if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) depth--;
    }
    if (depth > 0 && !quote) continue;
    if (quote || depth < 0) return undefined;
    out.push(cur);
    cur = undefined;
  }
  return cur === undefined ? out : undefined;
}

/** One statement of a session body, added to `s`; false when it is not one this reader knows. */
function statement(line: string, s: NoxSession): boolean {
  if (STRING.test(line)) return true; // a docstring or a bare string
  const m = /^session\.(run|run_install|install|chdir|log|notify|debug|warn)\(([\s\S]*)\)$/.exec(line);
  if (!m) return false;
  const call = m[1] ?? '';
  const args = splitArgs(m[2] ?? '');
  if (!args) return false;
  const positional = args.filter((a) => !/^\w+\s*=/.test(a));
  if (
    keywords(
      args.filter((a) => /^\w+\s*=/.test(a)),
      RUN_KEYWORDS,
    ) === undefined
  )
    return false;
  const words: string[] = [];
  for (const a of positional) {
    if (a === '*session.posargs') words.push(POSARGS);
    else {
      const w = stringOf(a);
      if (w === undefined) return false;
      words.push(w);
    }
  }
  if (call === 'log' || call === 'debug' || call === 'warn') return true;
  if (call === 'notify') {
    if (words.length !== 1 || words[0] === POSARGS) return false;
    s.notify.push(words[0] as string);
    return true;
  }
  if (call === 'chdir') {
    if (words.length !== 1 || words[0] === POSARGS) return false;
    s.lines.push(argvText(['cd', words[0] as string]));
    return true;
  }
  if (words.length === 0) return false;
  const argv = call === 'install' ? ['python', '-m', 'pip', 'install', ...words] : words;
  s.lines.push(argvText(argv).replaceAll(`'${POSARGS}'`, POSARGS));
  return true;
}

/** The sessions of a noxfile and the commands each runs, or why the file cannot be read so. */
export function readNoxfile(text: string): NoxRead {
  const clean = withoutCommentsAndDocs(text);
  const lines = clean === undefined ? undefined : logicalLines(clean);
  if (!lines) return opaque('does not parse');
  const sessions = new Map<string, NoxSession>();
  let defaults: string[] | undefined;
  let decorator: Map<string, string> | undefined;
  let body: NoxSession | undefined;
  for (const line of lines) {
    if (line.trim() === '' || line.trim() === DOC) continue;
    const indented = /^\s/.test(line);
    const t = line.trim();
    if (indented) {
      if (!body) return opaque('runs code gavel does not follow');
      if (!body.opaque && !statement(t, body))
        body.opaque = 'has a session that runs code gavel does not follow';
      continue;
    }
    body = undefined;
    if (/^import nox$|^from __future__ import annotations$/.test(t)) continue;
    const option = /^nox\.options\.(\w+)\s*=\s*(.+)$/.exec(t);
    if (option) {
      if (!LITERAL.test(option[2] ?? '')) return opaque('sets an option gavel cannot read');
      if (option[1] === 'sessions')
        defaults = (splitArgs((option[2] ?? '').slice(1, -1)) ?? []).map((a) => stringOf(a) ?? '');
      continue;
    }
    const deco = /^@nox\.session(?:\(([\s\S]*)\))?$/.exec(t);
    if (deco) {
      if (decorator) return opaque('stacks decorators gavel does not follow');
      const args = deco[1] === undefined ? [] : splitArgs(deco[1]);
      decorator = args && keywords(args, SESSION_KEYWORDS);
      if (!decorator) return opaque('declares a session gavel cannot read');
      continue;
    }
    const def = /^def\s+(\w+)\s*\(\s*session\s*(?::\s*nox\.Session\s*)?\)\s*(?:->\s*None\s*)?:$/.exec(t);
    if (def && decorator) {
      const named = decorator.get('name');
      const name = named === undefined ? (def[1] as string) : stringOf(named);
      if (name === undefined || sessions.has(name)) return opaque('declares a session gavel cannot read');
      body = { lines: [], notify: [], byDefault: decorator.get('default') !== 'False' };
      sessions.set(name, body);
      decorator = undefined;
      continue;
    }
    return opaque('runs code gavel does not follow');
  }
  if (decorator) return opaque('declares a session gavel cannot read');
  return defaults === undefined ? { kind: 'read', sessions } : { kind: 'read', sessions, defaults };
}

/**
 * The sessions `names` select (`tests` also selects `tests-3.12`, nox's name for one Python of it), with what
 * they notify, in order; undefined when a name is no session of the file (nox fails) or the list is unbounded.
 */
export function selectedSessions(
  read: Extract<NoxRead, { kind: 'read' }>,
  names: readonly string[],
): NoxSession[] {
  const out: NoxSession[] = [];
  const queue = [...names];
  const seen = new Set<string>();
  for (let name = queue.shift(); name !== undefined && seen.size < 64; name = queue.shift()) {
    const base = read.sessions.has(name) ? name : name.replace(/-(?:\d+(?:\.\d+)*|pypy[\d.]*)$/, '');
    const s = read.sessions.get(base);
    if (!s || seen.has(base)) continue;
    seen.add(base);
    out.push(s);
    queue.push(...s.notify);
  }
  return out;
}
