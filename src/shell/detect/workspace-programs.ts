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
import { OPAQUE_FLOW } from '../walk/flow';
import { markModuleQuery, markProgram, programArgsKnown } from './built-programs';
import { PYTHON_INERT, scanJavaScript, scanPython } from './code-imports';
import { changedEarlier, readBudgeted } from './disk-scripts';
import { frameworkConsoles } from './framework-consoles';
import { openedFiles } from './inline-files';
import { moduleQueryImports } from './module-query';
import { touchPath } from './path-effects';
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
  /** `python -c CODE`: the code, whose imports are found from the current folder first. */
  code?: string;
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
    if (t[k] === '-c' && t[k + 1] !== undefined)
      return { lang: 'py', target: '-c', module: false, args: words.slice(k + 2), code: t[k + 1] };
    // `python3 - <<'PY'`: the program is the here-document, found from the current folder first as `-c`'s is.
    if ((t[k] === '-' || t[k] === undefined) && inv.stdin.literal !== undefined)
      return { lang: 'py', target: '-c', module: false, args: words.slice(k + 1), code: inv.stdin.literal };
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

  /** A workspace folder's entry names, or undefined when it cannot be listed whole. */
  list(path: string): readonly string[] | undefined {
    if (!this.inWorkspace(path)) return undefined;
    const file = readBudgeted(path, this.inv, this.r);
    return file?.kind === 'unreadable' && file.why === 'not-regular' ? file.entries : undefined;
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

/**
 * `dotted` as found along `path`: Python takes the first regular package or module of the top name, and namespace
 * folders only when no folder holds one (final read: `pysrc/quarry/` without an `__init__.py` first on the path,
 * `./quarry/__init__.py` after it, runs the latter); then every namespace portion's files are read.
 */
function resolveOnPath(
  path: readonly string[],
  dotted: string,
  names: readonly string[],
  files: Files,
): PyModule | undefined {
  const top = dotted.split('.')[0] ?? '';
  for (const folder of path) {
    const init = files.read(`${folder}/${top}/__init__.py`);
    const mod = files.read(`${folder}/${top}.py`);
    if (init === undefined || mod === undefined) return undefined;
    // The first regular package or module of the name is the one imported.
    if ((init !== 'missing' && init !== 'dir') || (mod !== 'missing' && mod !== 'dir'))
      return resolvePy(folder, dotted, names, files);
  }
  const out: string[] = [];
  let dir: string | undefined;
  for (const folder of path) {
    const found = resolvePy(folder, dotted, names, files);
    if (found === undefined) return undefined;
    if (found.files.length === 0) continue;
    out.push(...found.files.filter((f) => !out.includes(f)));
    dir ??= found.dir;
  }
  return dir === undefined ? { files: out } : { files: out, dir };
}

function pyInert(entry: string[], sysPath: readonly string[], files: Files): boolean {
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
        found = resolveOnPath(sysPath, mod, names, files);
        // Not in the workspace: a standard module known inert, or code not read.
        if (found && found.files.length === 0 && !PYTHON_INERT.has(mod.split('.')[0] ?? '')) return false;
      }
      if (found === undefined || depth + 1 > MAX_IMPORT_DEPTH) return false;
      loads.push(...found.files);
    }
    return loads;
  });
}

/**
 * Standard modules whose functions open files, load code or reach other modules' internals by name
 * (`inspect.linecache.getlines(path)`): not read as inert in inline code, even where a scan finds no call.
 */
const INLINE_REACHES =
  /\b(inspect|linecache|codecs|io|fileinput|tokenize|zipimport|pkgutil|runpy|tempfile|gzip|bz2|lzma|zipfile|tarfile|glob|logging|site|sysconfig|dataclasses|typing|abc|enum|functools|copy|pprint|argparse|contextlib|traceback)\b/;

/**
 * Splits one-line statements (`import json,sys; print(1)`) at `;` outside string literals, so each import is a
 * line of its own as the scan reads it; undefined when a string is not closed on its line.
 */
function statementLines(code: string): string | undefined {
  const out: string[] = [];
  for (const line of code.split('\n')) {
    let cur = '';
    let quote: string | undefined;
    for (let i = 0; i < line.length; i++) {
      const c = line[i] as string;
      if (quote) {
        if (c === '\\') {
          cur += c + (line[++i] ?? '');
          continue;
        }
        if (c === quote) quote = undefined;
      } else if (c === "'" || c === '"') quote = c;
      else if (c === '#') break;
      else if (c === ';') {
        out.push(cur);
        cur = '';
        continue;
      }
      cur += c;
    }
    if (quote) return undefined;
    out.push(cur);
  }
  return out.map((l) => l.trim()).join('\n');
}

/** `sys.path.insert(0, 'src')`: a folder of the workspace named by a plain relative literal. */
const PATH_INSERT = /^sys\.path\.insert\(\s*0\s*,\s*(['"])((?:[\w-]+\/)*[\w-]+|\.)\1\s*\)$/;

/**
 * The import path of `python -c CODE`: the current folder, after the workspace folders the code puts first
 * (`import sys; sys.path.insert(0, 'src'); from app import x`) before anything else it does; the code with those
 * calls made inert (`None`). Undefined when a folder is not one of the workspace. Any other change of the path
 * stays in the code, which the scan refuses (`sys.path` is not one of the values it reads).
 */
function pathInserts(code: string, cwd: string, files: Files): { code: string; path: string[] } | undefined {
  const lines = statementLines(code)?.split('\n') ?? [];
  const dirs: string[] = [];
  let rest = code;
  for (const line of lines) {
    if (line === '' || line === 'import sys') continue;
    const m = PATH_INSERT.exec(line);
    if (!m) break;
    const dir = posix.normalize(posix.join(cwd, m[2] as string));
    if (!files.inWorkspace(dir)) return undefined;
    // insert(0, ...) puts each folder before the ones already there.
    dirs.unshift(dir);
    const at = rest.indexOf(line);
    if (at < 0) return undefined;
    rest = `${rest.slice(0, at)}None${rest.slice(at + line.length)}`;
  }
  return { code: rest, path: [...dirs, cwd] };
}

/**
 * `python -c CODE` without `-I`/`-P`: the current folder comes first on the import path, so each module the code
 * imports is a workspace file there (`app.py`, `json.py` shadowing the standard one: read and scanned, as
 * `python -m` is) or, when nothing of its name is there, a standard module known inert. `sys`, built in, is never
 * a file; the scan refuses code that uses it. Inline code may not name modules that open files by other names.
 */
function inlineInert(code: string, sysPath: readonly string[], files: Files): boolean {
  const text = statementLines(code);
  if (text === undefined || /\t/.test(text)) return false;
  const scan = scanPython(text);
  if (!scan.inert) return false;
  const body = text
    .split('\n')
    .filter((l) => !/^(?:import|from)\s/.test(l))
    .join('\n');
  // A private name (`collections._sys`) reaches a module the scan would refuse by its public name; a lone `_`
  // (`for _ in rows`) is a name the code binds, never an attribute.
  // A module's own entry point (`base64.main()` encodes the files named on the command line) is a program.
  const plain = body.replace(/\b__(file|name|doc|version)__\b/g, 'x');
  if (
    INLINE_REACHES.test(body) ||
    /\.\s*_|(?<![A-Za-z0-9])_(?=[A-Za-z0-9_])/.test(plain) ||
    /\.\s*(main|test)\b/.test(body)
  )
    return false;
  const entries: string[] = [];
  for (const f of scan.follow) {
    const [mod = '', list = ''] = f.split('|');
    if (mod.startsWith('.') || INLINE_REACHES.test(mod)) return false;
    const names = list === '' ? [] : list.split(',');
    if (names.some((n) => INLINE_REACHES.test(n))) return false;
    const top = mod.split('.')[0] ?? '';
    const found = resolveOnPath(sysPath, mod, names, files);
    if (found === undefined) return false;
    if (found.files.length === 0) {
      if (top !== 'sys' && !PYTHON_INERT.has(top)) return false;
      continue;
    }
    entries.push(...found.files);
  }
  return entries.length === 0 || pyInert(entries, sysPath, files);
}

/**
 * `python -c` asking installed modules what they are (module-query.ts): each module it imports is found nowhere in
 * the folder first on the path (not a file, package, extension or compiled file of the workspace), so an installed
 * package answers, whose code the environment already runs for its tools and tests; a standard module only where
 * importing it reaches nothing (`PYTHON_INERT`, `sys`): `antigravity` opens a browser, `this` prints.
 */
function installedModulesOnly(code: string, cwd: string, files: Files): boolean {
  const modules = moduleQueryImports(code);
  if (!modules) return false;
  for (const mod of modules) {
    const top = mod.split('.')[0] ?? '';
    if (top.startsWith('_')) return false;
    if (standardModules().has(top) && top !== 'sys' && !PYTHON_INERT.has(top)) return false;
    const found = resolvePy(cwd, mod, [], files);
    if (found === undefined || found.files.length > 0) return false;
  }
  return true;
}

/** Top-level standard-library modules (Python 3.11's list): a module of the folder first on the path with one of
 * these names replaces it for every standard module that imports it (`json` imports `re`, `re` imports `enum`). */
let standard: ReadonlySet<string> | undefined;
export function standardModules(): ReadonlySet<string> {
  standard ??= new Set(
    `abc aifc antigravity argparse array ast asynchat asyncio asyncore atexit audioop base64 bdb binascii bisect
builtins bz2 cProfile calendar cgi cgitb chunk cmath cmd code codecs codeop collections colorsys compileall
concurrent configparser contextlib contextvars copy copyreg crypt csv ctypes curses dataclasses datetime dbm
decimal difflib dis distutils doctest email encodings ensurepip enum errno faulthandler fcntl filecmp
fileinput fnmatch fractions ftplib functools gc genericpath getopt getpass gettext glob graphlib grp gzip
hashlib heapq hmac html http idlelib imaplib imghdr imp importlib inspect io ipaddress itertools json
keyword lib2to3 linecache locale logging lzma mailbox mailcap marshal math mimetypes mmap modulefinder
msilib msvcrt multiprocessing netrc nis nntplib nt ntpath nturl2path numbers opcode operator optparse os
ossaudiodev pathlib pdb pickle pickletools pipes pkgutil platform plistlib poplib posix posixpath pprint
profile pstats pty pwd py_compile pyclbr pydoc pydoc_data pyexpat queue quopri random re readline reprlib
resource rlcompleter runpy sched secrets select selectors shelve shlex shutil signal site smtpd smtplib
sndhdr socket socketserver spwd sqlite3 sre_compile sre_constants sre_parse ssl stat statistics string
stringprep struct subprocess sunau symtable sys sysconfig syslog tabnanny tarfile telnetlib tempfile termios
textwrap this threading time timeit tkinter token tokenize tomllib trace traceback tracemalloc tty turtle
turtledemo types typing unicodedata unittest urllib uu uuid venv warnings wave weakref webbrowser winreg
winsound wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport zlib zoneinfo`.split(/\s+/),
  );
  return standard;
}

/**
 * Does the folder first on the import path hold a module a standard module could import in place of its own: a
 * file (`enum.py`, `re.pyc`, `json.cpython-311-x86_64-linux-gnu.so`) or a package (a folder with `__init__.py`)
 * named like a standard module, or any private module (`_strptime.py`)? Also when the folder cannot be listed.
 * A folder without `__init__.py` is a namespace portion: a standard module found later wins over it.
 */
function shadowsStandard(dir: string, files: Files): boolean {
  const listing = files.list(dir);
  if (listing === undefined) return true;
  for (const entry of listing) {
    const dot = entry.indexOf('.');
    const stem = dot < 0 ? entry : entry.slice(0, dot);
    const ext = dot < 0 ? '' : entry.slice(dot);
    const isPrivate =
      stem.startsWith('_') && stem !== '__init__' && stem !== '__main__' && stem !== '__pycache__';
    if (!standardModules().has(stem) && !isPrivate) continue;
    if (/\.(py|pyc|pyw|so|pyd)$/.test(ext)) return true;
    if (dot < 0 && files.read(`${dir}/${entry}/__init__.py`) !== 'missing') return true;
  }
  return false;
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
/** The programs workspacePrograms looks at (frameworkConsoles: rails, python; runOf: the rest). */
export const WORKSPACE_PROGRAMS = () => ['rails', 'python', 'node', 'nodejs', 'tsx', 'ts-node', 'bun'];

/**
 * `python -c CODE` or `python -` (code on standard input) without `-I`/`-P`: the current folder is first on the
 * import path for every module imported after start, by the code or by Python itself (3.13 imports `traceback`
 * to print an uncaught error: white-box review). A workspace folder holding a module named like a standard one
 * makes the run uncertain, whatever the code imports.
 */
function inlineShadowed(inv: Invocation, r: Reporter): void {
  if (!PYTHON.test(inv.program) || inv.cwd === undefined) return;
  const words = inv.args.map((w) => plain(w));
  const code = words.findIndex((w) => w === '-' || /^-[A-Za-z]*c/.test(w));
  if (code < 0 || words.slice(0, code + 1).some((w) => /^-[A-Za-z]*[IP]/.test(w))) return;
  // Options come first: a word before the code that is no option is a script, which finds modules beside it.
  if (words.slice(0, code).some((w) => !w.startsWith('-'))) return;
  const files = new Files(inv, r);
  if (files.list(inv.cwd) === undefined || !shadowsStandard(inv.cwd, files)) return;
  r.uncertain(
    'dynamic-script',
    `\`${inv.program}\` runs code with a folder first on its import path that holds a module named like a standard one`,
    inv.segment,
    'kept',
  );
}

export function workspacePrograms(inv: Invocation, r: Reporter): void {
  // Code given on the line to a framework's console: known by the catalogue only through the generated entry.
  frameworkConsoles(inv, r);
  if (!r.env.readScript || inv.cwd === undefined) return;
  inlineShadowed(inv, r);
  const run = runOf(inv);
  if (!run || !programArgsKnown(run.args)) return;
  const files = new Files(inv, r);
  const cwd = inv.cwd;
  if (run.lang === 'js') {
    const path = posix.normalize(posix.join(cwd, run.target));
    if (loadsConfiguredCode(inv.program, cwd, posix.dirname(path), files) || !jsInert(path, files)) return;
  } else if (run.code !== undefined) {
    // Files the code opens by a literal name are read or written as `cat` and `>` would (a secret is a secret
    // read, a git hook written is persistence); each must be a workspace file.
    const inserted = pathInserts(run.code, cwd, files);
    if (!inserted) return;
    const opened = openedFiles(inserted.code);
    if (!opened || inserted.path.some((dir) => shadowsStandard(dir, files))) return;
    if (!inlineInert(opened.code, inserted.path, files)) {
      if (opened.files.length > 0 || !installedModulesOnly(run.code, cwd, files)) return;
      markModuleQuery(inv, r);
    }
    const touched = opened.files.map((f) => touchPath({ text: f.path, flow: OPAQUE_FLOW }, f.role, inv, r));
    if (touched.some((res) => res.class !== 'workspace' || res.glob)) return;
  } else if (run.module) {
    // `python -m a.b`: the folder it starts in comes first on the path; a package runs its `__main__.py`.
    const found = resolvePy(cwd, run.target, [], files);
    if (!found || found.files.length === 0 || shadowsStandard(cwd, files)) return;
    const entry = found.dir === undefined ? found.files : [...found.files, `${found.dir}/__main__.py`];
    if (!pyInert(entry, [cwd], files)) return;
  } else {
    const path = posix.normalize(posix.join(cwd, run.target));
    if (shadowsStandard(posix.dirname(path), files) || !pyInert([path], [posix.dirname(path)], files)) return;
  }
  markProgram(inv, r, run.args);
}
