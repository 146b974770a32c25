/**
 * The part of Python modules that runs when they are imported, for a framework that imports a project's modules as
 * it starts (django-apps.ts): everything but the bodies of functions, and of those functions the ones that run all
 * the same: a decorated one (registered: a signal receiver, a system check), one whose name the running code or
 * another running function uses (a call, a `connect(handler)`, an `atexit.register`), and the hooks a framework
 * calls on its own (`ready`, `__init__`, `__init_subclass__`, `__set_name__`, `contribute_to_class`, `check`, ...).
 * A function's header (its default values, its decorators) always runs. Lines are taken by indentation: a string
 * spanning lines at another indentation, or anything gavel does not split cleanly, only adds text to what runs
 * (cautious). Comments are cut first (a `#` in a string cuts too: cautious). Pure.
 */

/** Functions a framework calls on a module's classes without any name in the module saying so. */
const CALLED_ANYWAY =
  /^(?:ready|__init__|__new__|__init_subclass__|__set_name__|__class_getitem__|__getattr__|__missing__|contribute_to_class|check|deconstruct|import_models|_check\w*)$/;

interface Module {
  /** The text that runs on import, each function's name taken out of its own header. */
  runs: string[];
  /** Bodies of the functions not yet known to run, by name. */
  waiting: Map<string, string[]>;
}

const DEF = /^([ \t]*)(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)/;

const indentOf = (line: string): number =>
  (/^[ \t]*/.exec(line)?.[0] ?? '').replace(/\t/g, '        ').length;

/** Brackets opened and not closed on a line (strings are not told apart: cautious either way). */
function depthChange(line: string): number {
  let d = 0;
  for (const c of line) {
    if (c === '(' || c === '[' || c === '{') d++;
    else if (c === ')' || c === ']' || c === '}') d--;
  }
  return d;
}

function split(text: string): Module {
  const lines = text.replace(/#[^\n]*/g, '').split('\n');
  const runs: string[] = [];
  const waiting = new Map<string, string[]>();
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    const m = DEF.exec(line);
    if (!m) {
      runs.push(line);
      i++;
      continue;
    }
    const indent = indentOf(line);
    const name = m[2] as string;
    // The header runs (default values are evaluated), up to the colon that ends it with every bracket closed.
    let depth = 0;
    let j = i;
    for (; j < lines.length; j++) {
      const h = lines[j] as string;
      runs.push(j === i ? h.replace(DEF, '$1def ') : h);
      depth += depthChange(h);
      if (depth <= 0 && h.includes(':')) break;
    }
    const body: string[] = [];
    let k = j + 1;
    for (; k < lines.length; k++) {
      const b = lines[k] as string;
      if (b.trim() !== '' && indentOf(b) <= indent) break;
      body.push(b);
    }
    // A decorated function is registered somewhere: it runs.
    let prev = runs.length - (j - i) - 2;
    while (prev >= 0 && (runs[prev] as string).trim() === '') prev--;
    const decorated =
      prev >= 0 && /^\s*@/.test(runs[prev] as string) && indentOf(runs[prev] as string) === indent;
    if (decorated || CALLED_ANYWAY.test(name)) runs.push(...body);
    else waiting.set(name, [...(waiting.get(name) ?? []), ...body]);
    i = k;
  }
  return { runs, waiting };
}

const NAMES = /[A-Za-z_]\w*/g;

/**
 * The text of each module that runs when the set is imported together: a function any running text names, in any
 * of the modules, runs too (followed until nothing more is named).
 */
export function loadTimeCode(texts: readonly string[]): string[] {
  const modules = texts.map(split);
  const named = new Set<string>();
  const note = (text: string) => {
    for (const m of text.matchAll(NAMES)) named.add(m[0]);
  };
  for (const mod of modules) note(mod.runs.join('\n'));
  for (let changed = true; changed; ) {
    changed = false;
    for (const mod of modules)
      for (const [name, body] of mod.waiting)
        if (named.has(name)) {
          mod.waiting.delete(name);
          mod.runs.push(...body);
          note(body.join('\n'));
          changed = true;
        }
  }
  return modules.map((mod) => mod.runs.join('\n'));
}
