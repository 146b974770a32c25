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
export function inertPython(text: string, firstParty: (module: string) => boolean = () => false): boolean {
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
