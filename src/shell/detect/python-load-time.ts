/**
 * The part of Python modules that runs when they are imported, for a framework that imports a project's modules as
 * it starts (django-apps.ts): everything but the bodies of functions, and of those functions the ones that run all
 * the same: a decorated one (registered: a signal receiver, a system check), one whose name the running code or
 * another running function uses (a call, a `connect(handler)`, an `atexit.register`), the hooks a framework calls
 * on its own (`ready`, `contribute_to_class`, `check`, `__init_subclass__`, `__set_name__`, ...), and a class's other
 * special methods (`__init__`, `__enter__`, `__eq__`, ...) once running code names the class; every method of a class
 * the framework calls on its own (an admin, a decorated class) and the methods Django calls on an app config; a module's own `__getattr__`/`__dir__`. A function's header (its
 * default values, its decorators) always runs. The text is read as Python's logical lines (`logicalLines`): comments
 * cut outside strings, and a line continued by a backslash, an open bracket or a string spanning lines joined, so a
 * string cannot pass for code nor code for a string. An import names nothing that runs. Pure.
 */

/** Functions a framework calls, or Python calls as a class is made, without any name in the module saying so. */
const CALLED_ANYWAY =
  /^(?:ready|contribute_to_class|check|deconstruct|import_models|_check\w*|__init_subclass__|__set_name__|__class_getitem__|__prepare__)$/;

interface Module {
  /** The text that runs on import, each function's and class's name taken out of its own header. */
  runs: string[];
  /** Bodies not yet known to run, by the name that makes them run (a function's, or `class:X` for X's specials). */
  waiting: Map<string, string[]>;
}

/**
 * Classes whose methods the framework calls without the module naming them: an app config (Django makes it and calls
 * its methods), an admin (the URL checks call `get_urls`), a class whose metaclass is given.
 */
const FRAMEWORK_CALLED = /\b(?:\w*Admin|\w*Inline|AdminSite|metaclass)\b/;
/** An app config, whose special methods and the methods Django calls on one run as the app registry fills. */
const APP_CONFIG = /\bAppConfig\b/;
const APP_CONFIG_CALLED =
  /^(?:__\w+__|_path_from_module|create|get_models?|import_models|ready|default_auto_field|_is_default_auto_field_overridden)$/;

const DEF = /^([ \t\f]*)(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)/;
const CLASS = /^([ \t\f]*)class[ \t]+([A-Za-z_]\w*)/;
/** An import statement alone on its line (one joined with `;` to other code names what that code names). */
const IMPORT = /^[ \t]*(?:from[ \t]+\S+[ \t]+)?import[ \t][^;]*$/;

/** A line's indentation as Python counts it: tabs to eights, and a form feed starting the count again. */
const indentOf = (line: string): number => {
  const lead = /^[ \t\f]*/.exec(line)?.[0] ?? '';
  return lead.slice(lead.lastIndexOf('\f') + 1).replace(/\t/g, '        ').length;
};

/**
 * Python text as logical lines: comments cut where they are not in a string, and a line continued by a backslash, an
 * open bracket or a string spanning lines joined into one (a newline inside a string becomes a blank).
 */
export function logicalLines(source: string): string[] {
  const text = source.replace(/\r\n?/g, '\n');
  const out: string[] = [];
  let line = '';
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"' || c === "'") {
      const j = stringEnd(
        text,
        i,
        /(?:^|[^\w])(?:[fF][rRbB]?|[rRbB][fF])$/.test(text.slice(Math.max(0, i - 3), i)),
      );
      line += text.slice(i, j).replace(/\n/g, ' ');
      i = j;
      continue;
    }
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '\\' && text[i + 1] === '\n') {
      line += ' ';
      i += 2;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth = Math.max(0, depth - 1);
    if (c === '\n') {
      if (depth > 0) line += ' ';
      else {
        out.push(line);
        line = '';
      }
      i++;
      continue;
    }
    line += c;
    i++;
  }
  out.push(line);
  return out;
}

/**
 * Where the string starting at `i` ends. In an f-string, a replacement field (`{…}`, not `{{`) is code that may hold
 * strings of its own, with the same quotes since Python 3.12 (`f"{"#"}"`): they are skipped as strings.
 */
function stringEnd(text: string, i: number, formatted: boolean): number {
  const c = text[i] as string;
  const quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
  let j = i + quote.length;
  while (j < text.length) {
    const d = text[j] as string;
    if (d === '\\') j += 2;
    else if (text.startsWith(quote, j)) return j + quote.length;
    else if (quote.length === 1 && d === '\n') return j;
    else if (formatted && d === '{' && text[j + 1] === '{') j += 2;
    else if (formatted && d === '{') {
      let depth = 1;
      j++;
      while (j < text.length && depth > 0) {
        const e = text[j] as string;
        if (e === '"' || e === "'") j = stringEnd(text, j, /[fF]$/.test(text.slice(j - 1, j)));
        else {
          if (e === '{') depth++;
          else if (e === '}') depth--;
          j++;
        }
      }
    } else j++;
  }
  return j;
}

function split(text: string): Module {
  const lines = logicalLines(text);
  const runs: string[] = [];
  const waiting = new Map<string, string[]>();
  const wait = (key: string, body: string[]) => waiting.set(key, [...(waiting.get(key) ?? []), ...body]);
  /**
   * The classes the current line is inside, innermost last; `called`: a class whose methods the framework calls on
   * its own (an app config, an admin, a decorated class).
   */
  const classes: { indent: number; name: string; called: boolean; config: boolean }[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (line.trim() !== '')
      while (classes.length > 0 && indentOf(line) <= (classes.at(-1)?.indent ?? -1)) classes.pop();
    const cls = CLASS.exec(line);
    if (cls) {
      let before = runs.length - 1;
      while (before >= 0 && (runs[before] as string).trim() === '') before--;
      const decoratedClass = before >= 0 && /^\s*@/.test(runs[before] as string);
      classes.push({
        indent: indentOf(line),
        name: cls[2] as string,
        called: decoratedClass || FRAMEWORK_CALLED.test(line),
        config: APP_CONFIG.test(line),
      });
      runs.push(line.replace(CLASS, '$1class '));
      i++;
      continue;
    }
    const m = DEF.exec(line);
    if (!m) {
      runs.push(line);
      i++;
      continue;
    }
    const indent = indentOf(line);
    const name = m[2] as string;
    // The header runs (default values are evaluated, decorators apply).
    runs.push(line.replace(DEF, '$1def '));
    const body: string[] = [];
    let k = i + 1;
    for (; k < lines.length; k++) {
      const b = lines[k] as string;
      if (b.trim() !== '' && indentOf(b) <= indent) break;
      body.push(b);
    }
    let prev = runs.length - 2;
    while (prev >= 0 && (runs[prev] as string).trim() === '') prev--;
    const decorated =
      prev >= 0 && /^\s*@/.test(runs[prev] as string) && indentOf(runs[prev] as string) === indent;
    const owner = classes.at(-1);
    const method = owner !== undefined && indent > owner.indent;
    if (
      decorated ||
      CALLED_ANYWAY.test(name) ||
      (method && owner.called) ||
      (method && owner.config && APP_CONFIG_CALLED.test(name)) ||
      (!method && /^__\w+__$/.test(name))
    )
      runs.push(...body);
    // A class's special methods run when the class is used (made, entered, compared, called).
    else if (method && /^__\w+__$/.test(name)) wait(`class:${owner.name}`, body);
    else wait(name, body);
    i = k;
  }
  return { runs, waiting };
}

const NAMES = /[A-Za-z_]\w*/g;

/**
 * The text of each module that runs when the set is imported together: a function any running text names, in any
 * of the modules, runs too, and a class's special methods once running text names the class (followed until
 * nothing more is named). An import line names nothing.
 */
export function loadTimeCode(texts: readonly string[]): string[] {
  const modules = texts.map(split);
  const named = new Set<string>();
  const note = (lines: readonly string[]) => {
    for (const line of lines) {
      if (IMPORT.test(line)) continue;
      for (const m of line.matchAll(NAMES)) {
        named.add(m[0]);
        named.add(`class:${m[0]}`);
      }
    }
  };
  for (const mod of modules) note(mod.runs);
  for (let changed = true; changed; ) {
    changed = false;
    for (const mod of modules)
      for (const [name, body] of mod.waiting)
        if (named.has(name)) {
          mod.waiting.delete(name);
          mod.runs.push(...body);
          note(body);
          changed = true;
        }
  }
  return modules.map((mod) => mod.runs.join('\n'));
}
