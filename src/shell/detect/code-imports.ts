/**
 * Closed scans of a workspace program's own code (JavaScript/TypeScript, Python), for programs run by their
 * interpreter (workspace-programs.ts): code is inert when it names nothing through which it could reach the
 * system (processes, sockets, files, the environment's secrets, code built from text) and imports only modules
 * that compute. Returns the relative imports to read in turn; never resolves or reads a file itself. Pure.
 * INVARIANT: a shape the scan does not recognise (a computed import, an escape in an identifier, an import that
 * is not a statement of its own) is not inert; the scan never says inert for text it did not understand.
 */

/** Node built-ins whose import alone computes (paths, text, data structures); no fs, net, process control. */
const NODE_INERT = new Set(
  'path path/posix util url assert assert/strict events string_decoder querystring buffer crypto perf_hooks timers timers/promises console'.split(
    ' ',
  ),
);

/** Globals and names through which JavaScript reaches the system, the network or code built from text. */
const JS_REACHES =
  /\b(eval|Function|constructor|__proto__|Reflect|getPrototypeOf|getOwnPropertyDescriptors?|__defineGetter__|__lookupGetter__|globalThis|global|window|self|fetch|WebSocket|XMLHttpRequest|EventSource|Worker|SharedWorker|WebAssembly|Bun|Deno|navigator|child_process|worker_threads|vm|dlopen)\b|\bmodule\s*\.\s*(?!exports\b)|\bexports\s*\[|\\u/;
/** What a program may use of `process`: its arguments, exit, output streams, platform facts, a named variable. */
const PROCESS_USE =
  /^process\.(argv|exitCode|exit|cwd|platform|arch|version|versions|nextTick|hrtime|uptime|stdout\.write|stderr\.write|stdout\.isTTY|stderr\.isTTY|env\.([A-Za-z_][A-Za-z0-9_]*))\b/;
/** Environment variable names that hold credentials. */
const SECRET_NAME = /TOKEN|SECRET|KEY|PASS|AUTH|CRED|COOKIE|SESSION|PRIVATE/i;

const JS_SPECIFIERS = [
  // import x from 'y'; import {a, b} from 'y'; import 'y'; export * from 'y'; import type {T} from 'y'
  /\b(?:import|export)\s+(?:[\w*${}\s,]+?\s+from\s*)?(['"])([^'"\n]+)\1/g,
  /\brequire\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
  /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
];

export interface CodeScan {
  inert: boolean;
  /** Relative specifiers (`./x`, `../y.js`) or dotted Python modules to read and scan in turn. */
  follow: string[];
}

const NOT_INERT: CodeScan = { inert: false, follow: [] };

/** JavaScript or TypeScript source: inert, and the relative files it imports. */
export function scanJavaScript(text: string): CodeScan {
  const follow: string[] = [];
  let rest = text;
  for (const pattern of JS_SPECIFIERS)
    for (const m of text.matchAll(pattern)) {
      const spec = m[2] ?? '';
      if (spec.startsWith('./') || spec.startsWith('../')) follow.push(spec);
      else if (!NODE_INERT.has(spec.replace(/^node:/, ''))) return NOT_INERT;
      rest = rest.replace(m[0], ' ');
    }
  rest = withoutDataWords(rest);
  // Any other `require` or `import` is computed (`require(name)`, `import(x)`, `require.resolve`).
  if (/\brequire\b|\bimport\b(?!\s*\.\s*meta\b)/.test(rest)) return NOT_INERT;
  // A `with` block puts an object's properties in scope (`with (f) constructor('...')()`): never known.
  if (/(^|[^.\w$])with\s*\(/.test(rest)) return NOT_INERT;
  // A class's constructor declared as a member (after `{`, `;` or `}`, never after `.`): a definition, not the
  // `constructor` property that reaches `Function`; every other use of the name still is.
  if (JS_REACHES.test(rest.replace(/(^|[{;}])(\s*)constructor(?=\s*\()/g, '$1$2member'))) return NOT_INERT;
  // A property name built at run time (`o['constr' + 'uctor']`) reaches what a name would.
  if (/\[[^\]\n]*['"`][^\]\n]*[+`$][^\]\n]*\]|\[[^\]\n]*[+`$][^\]\n]*['"`][^\]\n]*\]/.test(rest))
    return NOT_INERT;
  for (const m of rest.matchAll(/\bprocess\b/g)) {
    const use = PROCESS_USE.exec(rest.slice(m.index).replace(/\s*\.\s*/g, '.'));
    if (!use || SECRET_NAME.test(use[2] ?? '')) return NOT_INERT;
  }
  return { inert: true, follow };
}

/**
 * The text with every quoted data word emptied (`"no-eval"`, `'import/order'`, `"security/detect-child-process"`:
 * a rule, a plugin or a level a configuration names): a word of letters, digits and `@/.:+-` alone holds no call,
 * no assignment and no operator, so even a quote read out of place (one inside a regular expression) hides no code
 * that runs. A word used as a property name by brackets (`o["eval"]`) and one naming the prototype chain are kept.
 */
function withoutDataWords(text: string): string {
  return text.replace(
    /(\[\s*)?(["'])([\w@/.:+-]*)\2/g,
    (m, bracket: string | undefined, q: string, body: string) =>
      bracket !== undefined || /constructor|__proto__|prototype/.test(body) ? m : `${q}${q}`,
  );
}

/** Standard modules whose import alone reaches nothing outside the process (as task-runners.ts's list). */
export const PYTHON_INERT = new Set(
  '__future__ typing typing_extensions dataclasses collections itertools functools enum re json datetime math decimal fractions string textwrap abc contextlib copy pprint uuid argparse statistics operator heapq bisect numbers base64 binascii hashlib zlib struct calendar unicodedata cmath time random colorsys platform csv tomllib difflib ipaddress html'.split(
    ' ',
  ),
);
/** Names through which Python code reaches the system, files, the interpreter or other code. */
const PY_REACHES =
  /\b(exec\w*|eval|compile|fork\w*|kill\w*|__import__|getattr|setattr|delattr|globals|locals|vars|open|system|popen|spawn\w*|subprocess|socket|ctypes|importlib|pickle|marshal|shelve|os|sys|shutil|pathlib|Path|builtins|__builtins__|breakpoint|input|help|urllib|requests|httpx|write\w*|FileType|unlink|remove|rmtree|environ|getenv)\b/;
/**
 * `sys` attributes a program reads as values (`json.load(sys.stdin)`, `sys.argv[1]`, `sys.exit(1)`): the standard
 * streams, the arguments, what the interpreter is. Never assigned (`sys.stdin = ...`), and any other attribute
 * (`sys.path`, `sys.modules`) still reaches.
 */
/** The `sys` values inline code may take by name (`from sys import argv, stdin`). */
const SYS_NAMES: ReadonlySet<string> = new Set(
  'stdin stdout stderr argv version_info version platform maxsize byteorder exit'.split(' '),
);
const SYS_VALUES =
  /\bsys\.(?:stdin|stdout|stderr|argv|version_info|version|platform|maxsize|byteorder|exit)\b(?!\s*(?:=[^=]|\.\s*\w+\s*=[^=]|\[[^\]]*\]\s*=[^=]))/g;
/**
 * Modules that reach files, frames or other code, named as another module's attribute (`dataclasses.inspect`); and
 * a stream's raw file (`sys.stdin.buffer.raw`, `.detach()`), whose type opens any path (`type(...raw)('/etc/x', 'w')`);
 * the type of a standard stream is refused beside them (`type(sys.stdout)`).
 */
const PY_REACHED_MODULE =
  /\.(raw|detach|inspect|linecache|tokenize|fileinput|pkgutil|runpy|zipimport|pdb|gc|codeop|tempfile|codecs|mmap|pty|posix|nt|multiprocessing|asyncio|interact|InteractiveConsole|InteractiveInterpreter)\b/;
/** Dunder names an ordinary program uses; any other (`__class__`, `__subclasses__`, `__globals__`) is introspection. */
const PY_DUNDERS = new Set(
  '__name__ __main__ __init__ __future__ __all__ __version__ __doc__ __file__ __repr__ __str__ __eq__ __hash__ __len__ __iter__ __next__ __lt__ __le__ __gt__ __ge__ __post_init__ __enter__ __exit__ __slots__'.split(
    ' ',
  ),
);
const PY_MODULE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/**
 * Python source: inert, and every module it imports (a workspace file shadows a standard module), each as written
 * (`app.models`, `.util`, `..`) with the names a `from` import takes (`from . import x` may name submodule `x`):
 * `module|name,name`.
 */
export function scanPython(text: string): CodeScan {
  // Identifiers are NFKC-normalised (full-width letters spell `exec`): non-ASCII text is not read.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, by code point
  if (/[^\u0000-\u007f]/.test(text)) return NOT_INERT;
  const follow: string[] = [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    const from = /^\s*from\s+(\.*[\w.]*)\s+import\s+(.+)$/.exec(line);
    const plainImport = from ? null : /^\s*import\s+(.+)$/.exec(line);
    if (!from && !plainImport) {
      kept.push(line);
      continue;
    }
    if (from) {
      const mod = from[1] ?? '';
      const names = (from[2] ?? '')
        .replace(/[()]/g, '')
        .split(',')
        .map((n) => n.trim().split(/\s+as\s+/)[0] ?? '')
        .filter((n) => n !== '');
      if (names.some((n) => n !== '*' && !PY_MODULE.test(n))) return NOT_INERT;
      const bare = mod.replace(/^\.+/, '');
      if (bare !== '' && !PY_MODULE.test(bare)) return NOT_INERT;
      // `sys` is built in and always allowed as a module: what is taken from it by name must be one of its values
      // (`from sys import argv`), never a hook or tracer (`breakpointhook` starts pdb, which reads `.pdbrc`) or `*`.
      if (mod === 'sys' || mod.startsWith('sys.')) {
        if (mod !== 'sys' || names.some((n) => !SYS_NAMES.has(n))) return NOT_INERT;
      }
      if (mod !== '__future__') follow.push(`${mod}|${names.join(',')}`);
    } else {
      for (const part of (plainImport?.[1] ?? '').split(',')) {
        const mod = part.trim().split(/\s+as\s+/)[0] ?? '';
        if (!PY_MODULE.test(mod)) return NOT_INERT;
        follow.push(`${mod}|`);
      }
    }
  }
  const code = kept.join('\n');
  // An import that is not a statement of its own line (`x = 1; import os`, `if a: import b`) is not read.
  if (/\bimport\b/.test(code)) return NOT_INERT;
  // A file object's `.write(` writes where it was opened: only the standard streams and files opened by a literal
  // name (inline-files.ts, reported as writes) can be one, as every other opener (`open`, `FileType`) is refused.
  const called = code.replace(SYS_VALUES, 'sys_value').replace(/\.\s*(?:write|writelines)\s*\(/g, '.put(');
  if (PY_REACHES.test(called) || /\btype\s*\(\s*sys_value/.test(called)) return NOT_INERT;
  // A private attribute (`collections._sys`, `random._os`) or a module reached through another module's
  // attributes (`dataclasses.inspect.linecache`) names what the imports did not: not read.
  if (/\._(?!_)\w/.test(code) || PY_REACHED_MODULE.test(code)) return NOT_INERT;
  for (const m of code.matchAll(/__\w+__/g)) if (!PY_DUNDERS.has(m[0])) return NOT_INERT;
  return { inert: true, follow };
}
