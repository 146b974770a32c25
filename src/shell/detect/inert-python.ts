/**
 * Python a runner imports or runs at start (a conftest.py, an mkdocs hook, a sphinx conf.py): inert when it
 * imports only modules that reach nothing outside the process and names nothing that reaches the system, files
 * or other code. A text scan, so it is deliberately narrow: anything it cannot see through is not inert. Pure.
 */

/** Modules whose import alone reaches nothing outside the test process. */
const INERT_MODULES = new Set(
  '__future__ pytest typing typing_extensions dataclasses collections itertools functools enum re json datetime math decimal fractions string textwrap abc contextlib copy pprint uuid'.split(
    ' ',
  ),
);
/**
 * Names through which Python code reaches the system, files or other code. pytest's `monkeypatch` and temporary
 * folders act inside the test process; what is then written or run is named by the calls here.
 */
const REACHES =
  /\b(pytest_plugins|exec|eval|compile|__import__|getattr|setattr|delattr|globals|locals|vars|open|system|popen|spawn\w*|subprocess|socket|ctypes|importlib|pickle|marshal|shelve|os|sys|shutil|pathlib|Path|builtins|__builtins__|breakpoint|input|urllib|requests|httpx|write\w*|unlink|remove|rmtree)\b/;

/**
 * The code with its comments out of the way: a `#` inside a string literal starts no comment (`x = "#"; os.system(..)`
 * keeps the call). String literals stay, so a name spelled in one still counts.
 */
function withoutComments(text: string): string {
  let out = '';
  let quote = '';
  for (let k = 0; k < text.length; k++) {
    const c = text[k] as string;
    if (quote) {
      out += c;
      if (c === '\\') {
        out += text[k + 1] ?? '';
        k++;
      } else if (text.startsWith(quote, k)) {
        out += quote.slice(1);
        k += quote.length - 1;
        quote = '';
      }
    } else if (c === '#') {
      while (k + 1 < text.length && text[k + 1] !== '\n') k++;
    } else {
      if (c === '"' || c === "'") quote = text.startsWith(c.repeat(3), k) ? c.repeat(3) : c;
      if (quote.length === 3) {
        out += quote;
        k += 2;
      } else out += c;
    }
  }
  return out;
}

/**
 * The import lines of the modules a test folder's import path is built with, exactly (no alias, no other name: an
 * alias would hide a later call from REACHES, `from os import execv` would import one, `from os import path` hands
 * on `path.__dict__`, the whole `os` module). Every other use of `os`,
 * `sys`, `pathlib` or `Path` still counts in REACHES: only the statements of IMPORT_PATH are taken out.
 */
const PATH_IMPORT = /^\s*(?:import\s+(?:sys|os|os\.path|pathlib)|from\s+pathlib\s+import\s+Path)\s*$/;

/**
 * `sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))` and its spellings through
 * `os.path`: a folder put on the import path, computed from the file's own place and literal relative names (an absolute folder may hold anything). Running it
 * reaches nothing; what is then imported from there is the project's code, which the tests run anyway.
 */
const IMPORT_PATH =
  /^\s*sys\.path\.(?:insert\(\s*0\s*,|append\()(?:\s|str\(|os\.fspath\(|os\.path\.(?:dirname|abspath|join|realpath|normpath)\(|(?:pathlib\.)?Path\(|__file__|\)|\.resolve\(\)|\.absolute\(\)|\.parent\b|\.parents\[\d\]|\/|,|"(?!\/)[\w./-]*"|'(?!\/)[\w./-]*')*\)\s*$/;

/**
 * Python a runner imports is inert when it imports only inert modules and names nothing that reaches out.
 * `firstParty`: whether a top-level module is the project's own (a package or module of the workspace), which
 * the tests import and run anyway (ADR 0068): importing it is known as they are.
 */
/**
 * Whether a Python source declares an encoding other than UTF-8 or an ASCII-compatible one in its first two lines
 * (PEP 263: `# coding: utf-7`): Python then reads other text than the file's bytes show (`+AG8AcwAu…-` is
 * `os.system(…)` in UTF-7), so no scan of the text says what runs.
 */
export function foreignSourceEncoding(text: string): boolean {
  // Python ends a line at `\r\n`, `\n` or a lone `\r` (final read: a `\r` after the `#!` line hid the cookie).
  for (const line of text.split(/\r\n|\r|\n/, 2)) {
    const m = /^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)/.exec(line);
    if (m)
      return !/^(?:utf[-_]?8(?:[-_]sig)?|u8|ascii|us[-_]ascii|latin[-_]?1|l1|iso[-_]?8859[-_]\d+|cp125\d|windows[-_]125\d)$/i.test(
        m[1] ?? '',
      );
    // A cookie counts on the second line only after a first line that is a comment or blank.
    if (!/^[ \t\f]*(?:#.*)?$/.test(line)) return false;
  }
  return false;
}

export function inertPython(text: string, firstParty: (module: string) => boolean = () => false): boolean {
  if (foreignSourceEncoding(text)) return false;
  const code = withoutComments(text)
    .split('\n')
    .filter((line) => !PATH_IMPORT.test(line) && !IMPORT_PATH.test(line))
    .join('\n');
  for (const m of code.matchAll(/^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w., ]+))/gm)) {
    const modules = (m[1] ?? m[2] ?? '').split(',').map((x) => x.trim().split(/[.\s]/)[0] ?? '');
    if (modules.some((x) => !INERT_MODULES.has(x) && (x === '' || !firstParty(x)))) return false;
  }
  // An import statement is taken out, not what a `;` joins to it on the line.
  return !REACHES.test(code.replace(/^\s*(?:from\s+[\w.]+\s+)?import[^\n;]*/gm, ''));
}

/**
 * Installed packages a test suite's fixtures commonly build data with, whose import alone reads no file of the
 * folder it runs in (matplotlib is not here: its import reads a `matplotlibrc` there, which may name a backend
 * module). What their functions do is not judged: only where the conftest calls them (fixtureOnlyImports).
 */
const FIXTURE_MODULES = new Set(
  'numpy pandas scipy xarray polars pyarrow h5py netCDF4 torch jax sklearn hypothesis attr attrs pydantic freezegun faker factory yaml tomli toml PIL'.split(
    ' ',
  ),
);

/** The names an import statement binds, and whether it is a star import (`from x import *`). */
function boundNames(statement: string): { modules: string[]; names: string[]; star: boolean } {
  const from = /^from\s+([\w.]+)\s+import\s+(.+)$/.exec(statement);
  if (from) {
    const items = (from[2] ?? '').replace(/[()]/g, '').split(',');
    const names = items.map((i) => (i.trim().split(/\s+as\s+/)[1] ?? i.trim()).trim()).filter(Boolean);
    return { modules: [from[1] ?? ''], names, star: names.includes('*') };
  }
  const imp = /^import\s+(.+)$/.exec(statement);
  const items = (imp?.[1] ?? '').split(',').map((i) => i.trim());
  return {
    modules: items.map((i) => i.split(/\s+/)[0] ?? ''),
    names: items.map((i) => i.split(/\s+as\s+/)[1]?.trim() ?? i.split('.')[0] ?? ''),
    star: false,
  };
}

/**
 * A conftest.py (or a test package's `__init__.py`) whose modules beyond the inert ones (`numpy`, `hypothesis`) are
 * used only inside fixtures and helper functions: pytest imports the file while collecting, which runs its
 * top-level statements, its decorators and default values, its classes' bodies and its hooks (`pytest_*`) and
 * autouse fixtures; the other functions run only when a test asks for them, as the tests' own code does (ADR 0068).
 * Those parts must not name such a module, and the whole file must name nothing that reaches the system (as
 * `inertPython` requires). Read by indentation, narrowly: a star import or a relative one is not known.
 */
export function fixtureOnlyImports(
  text: string,
  firstParty: (module: string) => boolean = () => false,
): boolean {
  if (foreignSourceEncoding(text)) return false;
  const code = withoutComments(text)
    .replace(/\r\n/g, '\n')
    .split('\n')
    .filter((line) => !PATH_IMPORT.test(line) && !IMPORT_PATH.test(line))
    .join('\n');
  const foreign = new Set<string>();
  for (const m of code.matchAll(/^\s*((?:from\s+[\w.]+\s+)?import\s+[^\n;]+)$/gm)) {
    const statement = (m[1] as string).trim();
    const bound = boundNames(statement);
    if (bound.modules.some((x) => x === '' || x.startsWith('.'))) return false;
    const inert = bound.modules.every((x) => {
      const top = x.split('.')[0] ?? '';
      return INERT_MODULES.has(top) || firstParty(top);
    });
    if (inert) continue;
    // Importing a module runs it: only packages of FIXTURE_MODULES, installed, not files of the project; the names
    // bound on one line (a parenthesised or continued import would hide some).
    if (bound.star || /[(\\]/.test(statement)) return false;
    if (!bound.modules.every((x) => FIXTURE_MODULES.has(x.split('.')[0] ?? ''))) return false;
    for (const n of bound.names) if (/^[A-Za-z_]\w*$/.test(n)) foreign.add(n);
  }
  if (foreign.size === 0) return inertPython(text, firstParty);
  if (REACHES.test(code.replace(/^\s*(?:from\s+[\w.]+\s+)?import[^\n;]*/gm, ''))) return false;
  const lines = code.split('\n');
  // Which top-level functions are fixtures or helpers (their bodies run only when asked for): not a hook, and not
  // an autouse fixture (`autouse=` anything but False, on the decorator's lines).
  const helpers = new Set<string>();
  let decorating = false;
  let autouse = false;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const top = !/^\s/.test(line);
    if (top && line.startsWith('@')) decorating = true;
    if (decorating && /\bautouse\s*=\s*(?!False\b)/.test(line)) autouse = true;
    const def = top ? /^(?:async\s+)?def\s+(\w+)/.exec(line) : null;
    if (def) {
      if (!(def[1] ?? '').startsWith('pytest_') && !autouse) helpers.add(def[1] ?? '');
      decorating = false;
      autouse = false;
    } else if (top && !line.startsWith('@') && !/^[)\]}]/.test(line)) decorating = autouse = false;
  }
  const names = new RegExp(`\\b(?:${[...foreign].join('|')})\\b`);
  // A helper called, decorating or referred to where the file's import runs code runs its body then too.
  const list = [...helpers].filter((h) => /^[A-Za-z_]\w*$/.test(h));
  const helperUse = list.length > 0 ? new RegExp(`\\b(?:${list.join('|')})\\b`) : undefined;
  const helperCall = list.length > 0 ? new RegExp(`\\b(?:${list.join('|')})\\s*\\(`) : undefined;
  const importLine = /^\s*(?:from\s+[\w.]+\s+)?import\s/;
  let free = false;
  let header = 0;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const top = !/^\s/.test(line);
    if (top && header === 0) {
      const def = /^(?:async\s+)?def\s+(\w+)/.exec(line);
      free = false;
      if (def) {
        free = helpers.has(def[1] ?? '');
        header = 1;
      }
    }
    if (header > 0) {
      // A def's header (its defaults, over lines until the colon) runs when the file is imported: no other
      // module's name and no helper called there (a parameter named like a fixture is no call).
      if (names.test(line) || helperCall?.test(line.replace(/^(?:async\s+)?def\s+\w+/, ''))) return false;
      const depth = (line.match(/[([{]/g) ?? []).length - (line.match(/[)\]}]/g) ?? []).length;
      header = header + depth;
      if (header <= 1 && /:\s*$/.test(line)) header = 0;
      else if (header < 1) header = 1;
      continue;
    }
    if (free) continue;
    // Top-level statements, decorators, classes, hooks, autouse fixtures: run as the file is imported.
    if (importLine.test(line)) {
      if (!top) return false;
      continue;
    }
    if (names.test(line) || helperUse?.test(line)) return false;
  }
  return true;
}
