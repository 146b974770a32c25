/**
 * The project's own programs run by their interpreter (`node dist/cli.js --help`, `npx tsx src/index.ts`,
 * `ts-node`, `bun x.ts`, `python scripts/report.py`, `python -m app.cli`): read before they run. The program file
 * and, within bounds, the workspace files it imports (relative JavaScript imports, Python modules found beside it)
 * are read through the surface's reader and scanned (code-imports.ts); when every one is inert the segment is
 * marked a workspace program (built-programs.ts) for the catalogue to judge with its arguments. Reports nothing:
 * a program not marked stays unknown. Pure apart from the injected reader and the mark.
 * INVARIANT: an option of the interpreter not listed, a file not read whole (missing, too large, written or
 * changed earlier in the line, outside the workspace), an import of code not read (a package, a computed name),
 * a configuration that loads code (ts-node's, bun's), or more files than the bounds below is never marked.
 */

import { posix } from 'node:path';
import { resolvePath } from '../classify/classify-path';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { markProgram, programArgsKnown } from './built-programs';
import { PYTHON_INERT, scanJavaScript, scanPython } from './code-imports';
import { changedEarlier, readBudgeted } from './disk-scripts';
import { frameworkConsoles } from './framework-consoles';
import { foldersUp } from './project-file';
import { writtenScript } from './written-scripts';

/** Files read for one program (itself and what it imports); more is not known. */
export const MAX_PROGRAM_FILES = 12;
/** Import chains followed this deep; deeper is not known. */
export const MAX_IMPORT_DEPTH = 4;

type Lang = 'js' | 'py';
interface Run {
  lang: Lang;
  /** The program file as written, or a dotted module (`python -m`). */
  target: string;
  module: boolean;
  args: Word[];
}

/** node options that change no code loaded: warnings, source maps, stack traces. */
const NODE_FLAGS =
  /^--(enable-source-maps|no-warnings|no-deprecation|trace-warnings|trace-uncaught|trace-deprecation|stack-trace-limit=\d+)$/;
const JS_FILE = /\.(js|mjs|cjs)$/;
const TS_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const PYTHON = /^python(3(\.\d+)?)?$/;

/** What `inv` runs, when it is an interpreter given a program file (or module) and known options only. */
function runOf(inv: Invocation): Run | undefined {
  const words = inv.args;
  if (!words.every(isLiteral)) return undefined;
  const t = words.map((w) => plain(w));
  const p = inv.program;
  const file = (k: number, lang: Lang, shape: RegExp): Run | undefined =>
    t[k] !== undefined && shape.test(t[k] as string)
      ? { lang, target: t[k] as string, module: false, args: words.slice(k + 1) }
      : undefined;
  if (p === 'node' || p === 'nodejs') {
    let k = 0;
    while (k < t.length && NODE_FLAGS.test(t[k] as string)) k++;
    return file(k, 'js', JS_FILE);
  }
  if (p === 'tsx' || p === 'ts-node') return file(0, 'js', TS_FILE);
  if (p === 'bun') return file(t[0] === 'run' ? 1 : 0, 'js', TS_FILE);
  if (PYTHON.test(p)) {
    let k = 0;
    while (k < t.length && /^-(?:[uBqsE]+|O|OO)$/.test(t[k] as string)) k++;
    if (t[k] === '-m' && /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(t[k + 1] ?? ''))
      return { lang: 'py', target: t[k + 1] as string, module: true, args: words.slice(k + 2) };
    return file(k, 'py', /\.py$/);
  }
  return undefined;
}

/** Reads files for one program: text, `missing`, `dir`, or undefined when its text cannot be known. */
class Files {
  count = 0;
  constructor(
    private readonly inv: Invocation,
    private readonly r: Reporter,
  ) {}

  inWorkspace(path: string): boolean {
    return resolvePath(path, this.r.scope).class === 'workspace';
  }

  read(path: string): string | 'missing' | 'dir' | undefined {
    if (!this.inWorkspace(path)) return undefined;
    if (writtenScript(path, this.r).found || changedEarlier(path, this.inv, this.r)) return undefined;
    const file = readBudgeted(path, this.inv, this.r);
    if (!file) return undefined;
    if (file.kind === 'missing') return 'missing';
    if (file.kind === 'unreadable') return file.why === 'not-regular' ? 'dir' : undefined;
    return file.text;
  }

  /** A file's text to scan, counted against the bound. */
  source(path: string): string | undefined {
    if (++this.count > MAX_PROGRAM_FILES) return undefined;
    const text = this.read(path);
    return text === 'missing' || text === 'dir' ? undefined : text;
  }
}

const JS_EXTS = ['.js', '.json', '.node', '.ts', '.tsx', '.mjs', '.cjs', '.mts', '.cts', '.jsx'];
const INDEX_EXTS = ['.js', '.ts', '.json', '.node'];

/** The one workspace file a relative specifier loads, or undefined (none, several, a native addon, unknown). */
function resolveJs(dir: string, spec: string, files: Files): string | undefined {
  const base = posix.normalize(posix.join(dir, spec));
  const candidates = /\.(c|m)?js$/.test(base)
    ? [base, base.replace(/js$/, 'ts'), base.replace(/\.(c|m)?js$/, '.tsx')]
    : /\.(ts|tsx|mts|cts|json)$/.test(base)
      ? [base]
      : [base, ...JS_EXTS.map((e) => `${base}${e}`), ...INDEX_EXTS.map((e) => `${base}/index${e}`)];
  const found: string[] = [];
  for (const c of candidates) {
    const got = files.read(c);
    if (got === undefined) return undefined;
    if (got !== 'missing' && got !== 'dir') found.push(c);
  }
  return found.length === 1 && !(found[0] as string).endsWith('.node') ? found[0] : undefined;
}

/**
 * Walks the workspace files `entries` load, breadth first, each read once: `visit` scans one file's text (at its
 * import depth) and answers the files it loads, or false when it is not inert or a load cannot be followed.
 */
function walkInert(
  entries: readonly string[],
  files: Files,
  visit: (path: string, text: string, depth: number) => string[] | false,
): boolean {
  const queue: [string, number][] = entries.map((f) => [f, 0]);
  const seen = new Set<string>();
  for (let item = queue.shift(); item; item = queue.shift()) {
    const [path, depth] = item;
    if (seen.has(path)) continue;
    seen.add(path);
    const text = files.source(path);
    if (text === undefined) return false;
    const loads = visit(path, text, depth);
    if (loads === false) return false;
    for (const next of loads) queue.push([next, depth + 1]);
  }
  return true;
}

function jsInert(entry: string, files: Files): boolean {
  return walkInert([entry], files, (path, text, depth) => {
    if (path.endsWith('.json')) return [];
    const scan = scanJavaScript(text);
    if (!scan.inert) return false;
    const loads: string[] = [];
    for (const spec of scan.follow) {
      const next = resolveJs(posix.dirname(path), spec, files);
      if (next === undefined || depth + 1 > MAX_IMPORT_DEPTH) return false;
      loads.push(next);
    }
    return loads;
  });
}

interface PyModule {
  /** Files Python runs importing it (packages' `__init__.py`, the module), nearest first. */
  files: string[];
  /** The folder of the last package, when the module is a package. */
  dir?: string;
}

/**
 * The workspace files `dotted` (below `base`) loads, `{files: []}` when nothing of it is there (a module found
 * elsewhere on the path), undefined when it cannot be known (a compiled extension beside it, an unreadable file).
 */
function resolvePy(
  base: string,
  dotted: string,
  names: readonly string[],
  files: Files,
): PyModule | undefined {
  const out: string[] = [];
  let dir = base;
  let pkg = true;
  const parts = dotted === '' ? [] : dotted.split('.');
  for (const [i, part] of parts.entries()) {
    // An extension module beside the source is found first, a sourceless .pyc before a later path entry: not read.
    for (const ext of ['.so', '.abi3.so', '.pyd', '.pyc'])
      if (files.read(`${dir}/${part}${ext}`) !== 'missing') return undefined;
    const init = files.read(`${dir}/${part}/__init__.py`);
    const mod = files.read(`${dir}/${part}.py`);
    if (init === undefined || mod === undefined) return undefined;
    if (init !== 'missing' && init !== 'dir') {
      out.push(`${dir}/${part}/__init__.py`);
      dir = `${dir}/${part}`;
      continue;
    }
    if (mod !== 'missing' && mod !== 'dir') {
      if (i !== parts.length - 1) return undefined;
      out.push(`${dir}/${part}.py`);
      pkg = false;
      break;
    }
    // A namespace folder (no `__init__.py`), or nothing here.
    dir = `${dir}/${part}`;
  }
  // Nothing of it in this folder: found elsewhere on the path (its names are not looked for here).
  if (out.length === 0) return { files: [] };
  if (pkg)
    for (const name of names) {
      if (name === '*') continue;
      const sub = resolvePy(dir, name, [], files);
      if (sub === undefined) return undefined;
      out.push(...sub.files);
    }
  return pkg ? { files: out, dir } : { files: out };
}

function pyInert(entry: string[], sysPath0: string, files: Files): boolean {
  return walkInert(entry, files, (path, text, depth) => {
    const scan = scanPython(text);
    if (!scan.inert) return false;
    const loads: string[] = [];
    for (const f of scan.follow) {
      const [mod = '', list = ''] = f.split('|');
      const names = list === '' ? [] : list.split(',');
      const level = /^\.*/.exec(mod)?.[0].length ?? 0;
      let found: PyModule | undefined;
      if (level > 0) {
        let dir = posix.dirname(path);
        for (let k = 1; k < level; k++) dir = posix.dirname(dir);
        found = resolvePy(dir, mod.slice(level), names, files);
        if (found && found.files.length === 0 && mod.slice(level) !== '') return false;
      } else {
        found = resolvePy(sysPath0, mod, names, files);
        // Not in the workspace: a standard module known inert, or code not read.
        if (found && found.files.length === 0 && !PYTHON_INERT.has(mod.split('.')[0] ?? '')) return false;
      }
      if (found === undefined || depth + 1 > MAX_IMPORT_DEPTH) return false;
      loads.push(...found.files);
    }
    return loads;
  });
}

/** A configuration the runner reads that can load code first (ts-node's `require`, bun's `preload`). */
function loadsConfiguredCode(p: string, cwd: string, scriptDir: string, files: Files): boolean {
  if (p === 'bun') return files.read(`${cwd}/bunfig.toml`) !== 'missing';
  if (p !== 'ts-node') return false;
  for (const dir of foldersUp(scriptDir)) {
    if (!files.inWorkspace(dir)) return false;
    const config = files.read(`${dir}/tsconfig.json`);
    if (config === undefined) return true;
    if (config !== 'missing' && config !== 'dir') return /ts-node|"extends"/.test(config);
  }
  return false;
}

/** Marks `inv` as a workspace program when it runs a workspace file (or module) whose code is read and inert. */
export function workspacePrograms(inv: Invocation, r: Reporter): void {
  // Code given on the line to a framework's console: known by the catalogue only through the generated entry.
  frameworkConsoles(inv, r);
  if (!r.env.readScript || inv.cwd === undefined) return;
  const run = runOf(inv);
  if (!run || !programArgsKnown(run.args)) return;
  const files = new Files(inv, r);
  const cwd = inv.cwd;
  if (run.lang === 'js') {
    const path = posix.normalize(posix.join(cwd, run.target));
    if (loadsConfiguredCode(inv.program, cwd, posix.dirname(path), files) || !jsInert(path, files)) return;
  } else if (run.module) {
    // `python -m a.b`: the folder it starts in comes first on the path; a package runs its `__main__.py`.
    const found = resolvePy(cwd, run.target, [], files);
    if (!found || found.files.length === 0) return;
    const entry = found.dir === undefined ? found.files : [...found.files, `${found.dir}/__main__.py`];
    if (!pyInert(entry, cwd, files)) return;
  } else {
    const path = posix.normalize(posix.join(cwd, run.target));
    if (!pyInert([path], posix.dirname(path), files)) return;
  }
  markProgram(inv, r, run.args);
}
