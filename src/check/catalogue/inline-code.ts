/**
 * Inline interpreter code (`python3 -c`, `node -e`/`-p`, `ruby -e`) that is trivially inert: it computes and
 * prints from literals, a closed set of builtins and standard modules that cannot reach a process, a file, the
 * network or the environment. Read as tokens against allow-lists, never against a list of dangerous calls: a
 * name, an attribute, a module or a token shape not listed makes the code not inert (review), so indirection
 * (`getattr`, `__import__`, `require(m)`, `.send`, `constructor`, a computed string) cannot pass. Shapes the
 * tokenizer could read differently from the interpreter (f-strings, template substitutions, regex literals,
 * Ruby's `%` literals and heredocs, line continuations, non-ASCII) are refused. Pure.
 * Python imports: a module found on `sys.path` could be a file of the current folder (`json.py`), which `-c`
 * puts first; only modules the interpreter has already loaded or builds in (`sys`, `time`, `itertools`) may
 * be imported, unless `-I`/`-P` keep the current folder off the path (`isolated`).
 */

import { builtinModules } from 'node:module';

export type InlineLanguage = 'python' | 'node' | 'ruby';

type Token =
  | { kind: 'name'; text: string }
  /** `text`: the source between the quotes, escapes as written. */
  | { kind: 'string'; text: string }
  | { kind: 'number' }
  | { kind: 'op'; text: string }
  | { kind: 'end' };

/** Longest code read: longer inline programs are not "trivial". */
const MAX_CODE = 2_000;

const PY_KEYWORDS = new Set([
  'and',
  'or',
  'not',
  'in',
  'is',
  'if',
  'else',
  'elif',
  'for',
  'while',
  'True',
  'False',
  'None',
  'lambda',
  'pass',
  'break',
  'continue',
  'import',
  'from',
]);
const PY_BUILTINS = new Set([
  'print',
  'len',
  'str',
  'int',
  'float',
  'bool',
  'list',
  'dict',
  'tuple',
  'set',
  'frozenset',
  'sorted',
  'reversed',
  'sum',
  'min',
  'max',
  'abs',
  'round',
  'range',
  'enumerate',
  'zip',
  'map',
  'filter',
  'repr',
  'hex',
  'oct',
  'bin',
  'chr',
  'ord',
  'any',
  'all',
  'isinstance',
  'bytes',
  'divmod',
  'pow',
  'hash',
  'ascii',
]);
/** Modules a `-c` program may import when the current folder is not on the path (`-I`, `-P`). */
const PY_MODULES = new Set([
  'sys',
  'time',
  'itertools',
  'json',
  'math',
  'cmath',
  'base64',
  'binascii',
  'hashlib',
  'string',
  'textwrap',
  'datetime',
  'decimal',
  'fractions',
  'statistics',
  'random',
  'uuid',
  're',
  'struct',
  'unicodedata',
  'platform',
  'zlib',
  'calendar',
]);
/** Python's builtins with a lower-case name: a name the code binds may not be one of them (see `fresh`). */
const PY_BUILTIN_NAMES = new Set(
  `abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex
copyright credits delattr dict dir divmod enumerate eval exec exit filter float format frozenset getattr globals
hasattr hash help hex id input int isinstance issubclass iter len license list locals map max memoryview min next
object oct open ord pow print property quit range repr reversed round set setattr slice sorted staticmethod str
sum super tuple type vars zip`.split(/\s+/),
);
/** Built into the interpreter or loaded before the current folder joins the path: never a file of the folder. */
const PY_MODULES_ANYWHERE = new Set(['sys', 'time', 'itertools']);

const NODE_KEYWORDS = new Set([
  'true',
  'false',
  'null',
  'undefined',
  'typeof',
  'const',
  'let',
  'var',
  'new',
  'of',
  'in',
  'if',
  'else',
  'for',
  'return',
  'NaN',
  'Infinity',
]);
const NODE_GLOBALS = new Set([
  'console',
  'process',
  'JSON',
  'Math',
  'Object',
  'Array',
  'Number',
  'String',
  'Boolean',
  'Date',
  'Buffer',
  'BigInt',
  'Map',
  'Set',
  'parseInt',
  'parseFloat',
  'isNaN',
  'encodeURIComponent',
  'decodeURIComponent',
  'require',
  'Intl',
  'structuredClone',
]);
/** Node's built-in modules that reach no process, file, socket or environment; a built-in is never a local file. */
const NODE_MODULES = new Set([
  'path',
  'util',
  'url',
  'querystring',
  'assert',
  'buffer',
  'string_decoder',
  'crypto',
  'os',
]);

const RUBY_KEYWORDS = new Set([
  'if',
  'else',
  'elsif',
  'end',
  'do',
  'while',
  'until',
  'unless',
  'then',
  'and',
  'or',
  'not',
  'true',
  'false',
  'nil',
  'in',
  'require',
]);
const RUBY_GLOBALS = new Set([
  'puts',
  'p',
  'print',
  'pp',
  'printf',
  'format',
  'Integer',
  'Float',
  'String',
  'Array',
  'Hash',
  'Math',
  'Time',
  'Date',
  'JSON',
  'Set',
  'Rational',
  'Complex',
  'SecureRandom',
  'Digest',
  'Base64',
  'RUBY_VERSION',
  'RUBY_PLATFORM',
  'RUBY_ENGINE',
  'RUBY_PATCHLEVEL',
  'RUBY_RELEASE_DATE',
]);
/** Methods every Ruby object answers without a receiver (Kernel, Object, BasicObject): never a bound name. */
const RUBY_KERNEL = new Set(
  `abort at_exit autoload binding block_given caller caller_locations catch eval exec exit fail fork format
gets global_variables iterator lambda load local_variables loop open p pp print printf proc putc puts raise rand
readline readlines require require_relative select set_trace_func sleep spawn sprintf srand syscall system test
throw trace_var trap untrace_var warn send public_send instance_eval instance_exec instance_variable_get
instance_variable_set instance_variables method methods public_method singleton_method define_singleton_method
extend display dup clone itself then yield_self tap object_id respond_to singleton_class class inspect to_s
instance_of kind_of is_a hash freeze frozen equal define_method const_get class_eval module_eval gsub sub chomp
chop binding callcc`.split(/\s+/),
);
const RUBY_LIBS = new Set(['json', 'set', 'date', 'time', 'securerandom', 'digest', 'base64', 'pp']);

/** Lower-case names Node resolves without a declaration, in this version or a newer one (and nodeModules()). */
const NODE_DEFAULT_NAMES = new Set([
  ...Object.getOwnPropertyNames(globalThis),
  ...`require module exports navigator localStorage sessionStorage fetch crypto performance self window document
location open close name origin postMessage onmessage alert prompt confirm getBuiltinModule`.split(/\s+/),
]);
/**
 * Node's built-in module names, also resolved without a declaration: read on first use, since reading them loads
 * node:module (the ES module loader's files), which a hook call otherwise never needs (ADR 0094).
 */
let nodeModuleNames: ReadonlySet<string> | undefined;
const nodeModules = (): ReadonlySet<string> => {
  nodeModuleNames ??= new Set(builtinModules);
  return nodeModuleNames;
};
/** Object keys that reach functions through destructuring or a computed read (`{constructor: f} = []`). */
const REFLECTIVE_KEYS = new Set([
  'constructor',
  'prototype',
  'caller',
  'callee',
  'apply',
  'call',
  'bind',
  'arguments',
]);

/**
 * A name the code binds (`x = ...`, `for x in`, `lambda x:`, `x => ...`, `|x|`) stands for what the code put in
 * it only if nothing else answers to that name: an assignment a branch skipped leaves the builtin (`open`) in
 * place. Bound names start lower-case and are not the language's own.
 */
function fresh(name: string, lang: InlineLanguage): boolean {
  if (!/^[a-z][A-Za-z0-9_]*$/.test(name)) return false;
  if (lang === 'python') return !PY_BUILTIN_NAMES.has(name);
  if (lang === 'node')
    return !NODE_DEFAULT_NAMES.has(name) && !nodeModules().has(name) && !REFLECTIVE_KEYS.has(name);
  return !RUBY_KERNEL.has(name.replace(/[?!]$/, ''));
}

/**
 * Attribute and method names that only compute, convert or print, whatever object they are read on. Never a
 * name that runs, opens, imports, reflects or reads the environment (`system`, `open`, `modules`, `environ`,
 * `env`, `path` (`sys.path.insert` moves imports), `constructor`, `send`, `format` (Python's format strings read
 * attributes), anything with `_`).
 */
const ATTRIBUTES = new Set(
  `log error info warn table dir stringify parse keys values entries items get from isArray of now version
versions v8 openssl uv platform arch argv release type cpus totalmem freemem uptime EOL endianness hostname
join split strip lstrip rstrip upper lower title capitalize replace startswith endswith find count index rindex
encode decode hex fromhex isdigit isalpha isalnum isspace zfill ljust rjust center splitlines partition
append extend pop sort reverse copy update fromkeys setdefault union intersection difference
dumps loads b64encode b64decode urlsafe_b64encode urlsafe_b64decode b16encode b32encode hexlify unhexlify
sha1 sha256 sha512 md5 blake2b new hexdigest digest sqrt floor ceil pi e tau inf nan log2 log10 exp sin cos tan
gcd isfinite isnan prod comb perm factorial trunc fabs
version_info maxsize byteorder executable implementation name prefix base_prefix stdout stderr stdin write
flush read readline readlines exit getrecursionlimit getsizeof getdefaultencoding flags hexversion
python_version python_implementation machine node
time monotonic perf_counter sleep strftime gmtime localtime isoformat today utcnow fromisoformat date datetime
timedelta timezone utc year month day hour minute second weekday total_seconds
mean median stdev variance mode uuid4 random randint choice shuffle uniform seed
match search fullmatch findall finditer sub subn compile group groups escape
pack unpack calcsize normalize category crc32 adler32 compress decompress isleap monthrange
ascii_letters ascii_lowercase ascii_uppercase digits punctuation whitespace printable
dedent indent wrap fill shorten Decimal Fraction count cycle islice chain product permutations combinations
accumulate groupby repeat starmap zip_longest
floor ceil abs min max round random trunc sign hypot
toFixed toString toUpperCase toLowerCase trim trimStart trimEnd padStart padEnd slice substring includes
indexOf lastIndexOf startsWith endsWith map filter reduce forEach some every flat flatMap length concat fill
assign freeze isInteger isFinite parseInt parseFloat toISOString getTime getFullYear toJSON sep posix win32
resolve dirname basename extname relative normalize isAbsolute inspect randomUUID createHash
randomBytes randomInt hostname
sum select reject each each_with_index map inject upcase downcase size to_s to_i to_f to_a to_h to_sym uniq
sort_by first last min_by max_by include? empty? zero? nil? even? odd? round ceil floor abs reverse chars
bytes lines sub gsub tr chomp chop squeeze center ljust rjust succ pred times upto downto step generate
pretty_generate hexdigest SHA256 MD5 encode64 decode64 strict_encode64 hex uuid now iso8601 strftime
year month day`.split(/\s+/),
);

interface Lexer {
  quotes: string;
  comment: string;
  /** Characters whose presence means the tokenizer may read the code differently from the interpreter. */
  refuse: RegExp;
}

const LEXERS: Record<InlineLanguage, Lexer> = {
  // `\` outside a string (continuation), `@` (decorators), `` ` ``, `$`.
  python: { quotes: `'"`, comment: '#', refuse: /[\\@`$?]/ },
  // `/` may open a regex literal whose quotes the tokenizer would read as a string; `\` may escape a name;
  // `` ` `` templates hold substitutions and tag calls.
  node: { quotes: `'"`, comment: '', refuse: /[\\/#@`]/ },
  // `%` literals, `?c` character literals, `$` and `@` variables, `` ` `` commands, `/` regexps.
  ruby: { quotes: `'"`, comment: '#', refuse: /[\\%$@`/?]/ },
};

/** Reads the code into tokens; undefined when any part of it is a shape the tokenizer does not read exactly. */
function tokenize(code: string, lang: InlineLanguage): Token[] | undefined {
  const lexer = LEXERS[lang];
  const tokens: Token[] = [];
  let i = 0;
  while (i < code.length) {
    const ch = code[i] as string;
    const cc = ch.charCodeAt(0);
    if (cc > 0x7e || (cc < 0x20 && ch !== '\n' && ch !== '\t')) return undefined;
    if (ch === ' ' || ch === '\t') {
      i++;
      continue;
    }
    if (ch === '\n' || ch === ';') {
      tokens.push({ kind: 'end' });
      i++;
      continue;
    }
    if (lexer.comment && ch === lexer.comment) {
      while (i < code.length && code[i] !== '\n') i++;
      continue;
    }
    if (lexer.quotes.includes(ch)) {
      const end = readString(code, i, lang);
      if (end === undefined) return undefined;
      tokens.push({ kind: 'string', text: code.slice(i + 1, end - 1) });
      i = end;
      continue;
    }
    const num = NUMBER.exec(code.slice(i, i + 64));
    if (num) {
      // `1if`, `0x1f`: a name glued to a number is read differently by each language.
      if (/[A-Za-z_]/.test(code[i + num[0].length] ?? '')) return undefined;
      tokens.push({ kind: 'number' });
      i += num[0].length;
      continue;
    }
    const name = (lang === 'ruby' ? /^[A-Za-z_][A-Za-z0-9_]*[?!]?/ : /^[A-Za-z_][A-Za-z0-9_]*/).exec(
      code.slice(i, i + 128),
    );
    if (name) {
      const text = name[0];
      // A name glued to a quote is a string prefix (`b'..'`, `r"..."`) or code: an f-string or t-string, a tag.
      const after = code[i + text.length];
      if (after !== undefined && lexer.quotes.includes(after)) {
        if (lang !== 'python' || !/^(?:[rR][bB]?|[bB][rR]?|[uU])$/.test(text)) return undefined;
        i += text.length;
        continue;
      }
      tokens.push({ kind: 'name', text });
      i += text.length;
      continue;
    }
    if (lexer.refuse.test(ch)) return undefined;
    if (!/[-+*%<>=!&|^~()[\]{},:.?]/.test(ch)) return undefined;
    const two = code.slice(i, i + 2);
    // A Ruby heredoc (`<<EOS`) is text the tokenizer would read as code and comments: `#{...}` runs inside it.
    if (lang === 'ruby' && two === '<<') return undefined;
    if (TWO_CHAR.has(two)) {
      tokens.push({ kind: 'op', text: two });
      i += 2;
      continue;
    }
    tokens.push({ kind: 'op', text: ch });
    i++;
  }
  return tokens;
}

const NUMBER = /^(?:0[xXoObB][0-9a-fA-F_]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)[jJn]?/;
const TWO_CHAR = new Set([
  '==',
  '!=',
  '<=',
  '>=',
  '=>',
  '=~',
  '::',
  '<<',
  '>>',
  '**',
  '&&',
  '||',
  '??',
  '?.',
]);

/** The index after the string literal at `start`; undefined when unterminated or holding code. */
function readString(code: string, start: number, lang: InlineLanguage): number | undefined {
  const q = code[start] as string;
  const triple = lang === 'python' && code.startsWith(q.repeat(3), start);
  const close = triple ? q.repeat(3) : q;
  let i = start + close.length;
  while (i < code.length) {
    if (code[i] === '\\') {
      i += 2;
      continue;
    }
    if (code.startsWith(close, i)) return i + close.length;
    if (!triple && code[i] === '\n') return undefined;
    // `#{...}`, `#@x`, `#$x` inside a Ruby double-quoted string are evaluated.
    if (lang === 'ruby' && q === '"' && code[i] === '#' && /[{@$]/.test(code[i + 1] ?? '')) return undefined;
    i++;
  }
  return undefined;
}

function isOp(t: Token | undefined, ...texts: string[]): boolean {
  return t?.kind === 'op' && texts.includes(t.text);
}

function isName(t: Token | undefined, ...texts: string[]): boolean {
  return t?.kind === 'name' && texts.includes(t.text);
}

/** Does the token at `k` start a statement (first token, or after `;`/newline)? */
function statementStart(tokens: readonly Token[], k: number): boolean {
  return k === 0 || tokens[k - 1]?.kind === 'end';
}

/**
 * Names bound by the code itself: assignment targets at a statement's start, loop variables, lambda, arrow and
 * block parameters. Each must be `fresh` or the code is not read as inert (undefined).
 */
function localNames(tokens: readonly Token[], lang: InlineLanguage): Set<string> | undefined {
  const locals = new Set<string>();
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== 'name') continue;
    const prev = tokens[k - 1];
    const next = tokens[k + 1];
    let bound = false;
    if (isOp(next, '=') && (statementStart(tokens, k) || isName(prev, 'const', 'let', 'var'))) bound = true;
    if (isName(prev, 'for', 'lambda', 'const', 'let', 'var')) bound = true;
    if (isOp(prev, ',') && lang === 'python' && listAfter(tokens, k, ['for', 'lambda'])) bound = true;
    if (lang === 'node' && isOp(next, '=>')) bound = true;
    if (lang === 'node' && arrowParameter(tokens, k)) bound = true;
    if (lang === 'ruby' && isOp(prev, '|', ',') && blockParameter(tokens, k)) bound = true;
    if (!bound) continue;
    if (!fresh(t.text, lang)) return undefined;
    locals.add(t.text);
  }
  return locals;
}

/** Is the name at `k` one of several names listed after one of `heads` (`for a, b in`, `lambda a, b:`)? */
function listAfter(tokens: readonly Token[], k: number, heads: readonly string[]): boolean {
  for (let j = k - 1; j >= 0; j--) {
    const t = tokens[j] as Token;
    if (isName(t, ...heads)) return true;
    if (!(t.kind === 'name' || isOp(t, ','))) return false;
  }
  return false;
}

/** Is the name at `k` inside `( ... ) =>`, a Node arrow function's parameter list? */
function arrowParameter(tokens: readonly Token[], k: number): boolean {
  if (!isOp(tokens[k - 1], '(', ',')) return false;
  let j = k + 1;
  while (j < tokens.length && (tokens[j]?.kind === 'name' || isOp(tokens[j], ','))) j++;
  return isOp(tokens[j], ')') && isOp(tokens[j + 1], '=>');
}

/** Is the name at `k` inside Ruby block parameters `{ |a, b| ...` / `do |a| ...`? */
function blockParameter(tokens: readonly Token[], k: number): boolean {
  for (let j = k - 1; j >= 0; j--) {
    const t = tokens[j] as Token;
    if (isOp(t, '|')) return isOp(tokens[j - 1], '{') || isName(tokens[j - 1], 'do');
    if (!(t.kind === 'name' || isOp(t, ','))) return false;
  }
  return false;
}

/** Python `import a, b` / `from a import b, c`: the names it binds, or undefined when a module is not allowed. */
function pythonImports(tokens: readonly Token[], isolated: boolean): Set<string> | undefined {
  const bound = new Set<string>();
  const allowed = isolated ? PY_MODULES : PY_MODULES_ANYWHERE;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (!isName(t, 'import', 'from')) continue;
    if (!statementStart(tokens, k)) return undefined;
    let names = k + 1;
    if (isName(t, 'from')) {
      const m = tokens[k + 1];
      if (m?.kind !== 'name' || !allowed.has(m.text) || !isName(tokens[k + 2], 'import')) return undefined;
      names = k + 3;
    }
    for (k = names; k < tokens.length && tokens[k]?.kind !== 'end'; k++) {
      const n = tokens[k] as Token;
      if (isOp(n, ',')) continue;
      if (n.kind !== 'name') return undefined;
      if (isName(t, 'import') ? !allowed.has(n.text) : !ATTRIBUTES.has(n.text)) return undefined;
      bound.add(n.text);
    }
  }
  return bound;
}

/**
 * Is the name at `k` (after `.` or `?.`) a key read from a JSON file Node parsed (`require('./package.json').scripts`,
 * `require('x/package.json').exports.node`)? The chain's root is `require` of a literal `.json` name, every link a
 * plain key, and the name is read, never called: parsed JSON holds strings, numbers, arrays and plain objects, whose
 * keys are data. A reflective key (`constructor`) or a call (`.toString()`) is left to the attribute list.
 */
function jsonKey(tokens: readonly Token[], k: number): boolean {
  const t = tokens[k];
  if (t?.kind !== 'name' || REFLECTIVE_KEYS.has(t.text) || isOp(tokens[k + 1], '(')) return false;
  let j = k;
  while (isOp(tokens[j - 1], '.', '?.')) {
    const before = tokens[j - 2];
    if (before?.kind === 'name') {
      if (REFLECTIVE_KEYS.has(before.text)) return false;
      j -= 2;
      continue;
    }
    const name = tokens[j - 3];
    return (
      isOp(before, ')') &&
      name?.kind === 'string' &&
      /\.json$/.test(name.text) &&
      isOp(tokens[j - 4], '(') &&
      isName(tokens[j - 5], 'require')
    );
  }
  return false;
}

/** `require('path')` in Node, `require 'json'` in Ruby: only built-in, inert modules, named by a literal. */
function requiresAllowed(code: string, tokens: readonly Token[], lang: 'node' | 'ruby'): boolean {
  const uses = tokens.filter((t) => isName(t, 'require')).length;
  if (uses === 0) return true;
  const pattern =
    lang === 'node'
      ? /\brequire\s*\(\s*(['"])(?:node:)?([a-z_]+|\.\/(?:[\w-]+\/)*[\w.-]+\.json|(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*\/package\.json)\1\s*\)/g
      : /\brequire\s*\(?\s*(['"])([a-z0-9_]+)\1\s*\)?/g;
  const found = [...code.matchAll(pattern)];
  const allowed = lang === 'node' ? NODE_MODULES : RUBY_LIBS;
  // `require("./package.json")`: a workspace JSON file is parsed, not run; the analysis reads the path (a secret
  // path is a secret read) and makes a name that is not a plain file uncertain (`x.json/` runs its index.js).
  // `require("typescript/package.json")`: an installed package's manifest, found in node_modules as any import of the
  // package is; JSON is parsed, not run, unless the package's own `exports` maps that name to code: installed code,
  // trusted as far as an import of the package is (its tools and tests run it).
  const json = (m: string) =>
    lang === 'node' &&
    ((m.startsWith('./') && !m.split('/').includes('..')) ||
      /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*\/package\.json$/.test(m));
  return found.length === uses && found.every((m) => allowed.has(m[2] as string) || json(m[2] as string));
}

/**
 * Node reads members by computed name too: `[]["constructor"]` reaches the Function constructor, as does an
 * object pattern (`{constructor: f} = []`, `({constructor: f}) => ...`). Subscripts may only be number
 * literals; no object pattern binds.
 */
function nodeShapesInert(tokens: readonly Token[]): boolean {
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    const prev = tokens[k - 1];
    const value = prev && (prev.kind === 'name' || prev.kind === 'string' || isOp(prev, ')', ']'));
    if (isOp(t, '[') && value && !(tokens[k + 1]?.kind === 'number' && isOp(tokens[k + 2], ']')))
      return false;
    if (isOp(t, '}') && (isOp(tokens[k + 1], '=') || isName(tokens[k + 1], 'of', 'in'))) return false;
    if (isOp(t, '=>') && isOp(prev, ')')) {
      let depth = 0;
      for (let j = k - 1; j >= 0; j--) {
        const u = tokens[j] as Token;
        if (isOp(u, ')')) depth++;
        else if (isOp(u, '(') && --depth === 0) break;
        else if (isOp(u, '{', '[')) return false;
      }
    }
  }
  return true;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is looked for.
const OTHER_LINE_ENDS = /[\r\v\f\u0000-\u0008\u000e-\u001f\u007f\u0085\u2028\u2029]/;

/**
 * Is the inline program trivially inert? `isolated`: Python runs with the current folder off `sys.path`
 * (`-I`, `-P`). Anything not read as inert answers false.
 */
export function inlineCodeInert(code: string, lang: InlineLanguage, isolated = false): boolean {
  if (code.trim().length === 0 || code.length > MAX_CODE) return false;
  // Line ends the reader does not split on (a lone CR ends a Python comment, U+2028 a JavaScript one) and other
  // control characters: the language may read a line the tokenizer took for a comment.
  if (OTHER_LINE_ENDS.test(code)) return false;
  const tokens = tokenize(code, lang);
  if (!tokens) return false;
  const locals = localNames(tokens, lang);
  if (!locals) return false;
  let known: ReadonlySet<string>;
  let jsonModule = false;
  if (lang === 'python') {
    const imported = pythonImports(tokens, isolated);
    if (!imported) return false;
    jsonModule = imported.has('json') && !locals.has('json');
    known = new Set([...PY_KEYWORDS, ...PY_BUILTINS, ...imported, ...locals]);
  } else {
    if (!requiresAllowed(code, tokens, lang)) return false;
    if (lang === 'node' && !nodeShapesInert(tokens)) return false;
    const own = lang === 'node' ? [...NODE_KEYWORDS, ...NODE_GLOBALS] : [...RUBY_KEYWORDS, ...RUBY_GLOBALS];
    known = new Set([...own, ...locals]);
  }
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== 'name') continue;
    if (t.text.startsWith('_') || t.text.includes('__')) return false;
    const prev = tokens[k - 1];
    const next = tokens[k + 1];
    if (isOp(prev, '.', '::', '?.')) {
      // `sys.path` read as a whole value (`print(sys.path)`): never changed, sliced or followed (what it holds
      // decides later imports).
      if (lang === 'python' && t.text === 'path' && isName(tokens[k - 2], 'sys') && isOp(next, ')', ','))
        continue;
      // `json.load(sys.stdin)`: the json module's reader (no other object's `load`, which may run code: pickle).
      if (lang === 'python' && t.text === 'load' && isName(tokens[k - 2], 'json') && jsonModule) continue;
      if (!ATTRIBUTES.has(t.text) && !(lang === 'node' && jsonKey(tokens, k))) return false;
      continue;
    }
    // Node's `process` as a value (`console.log(process)`, `JSON.stringify(process)`) prints its environment.
    if (lang === 'node' && t.text === 'process' && !isOp(next, '.', '?.')) return false;
    if (known.has(t.text)) continue;
    // The module of `from m import x` (checked by pythonImports) is named, not bound.
    if (lang === 'python' && isName(prev, 'from')) continue;
    // A Python keyword argument (`sep=''`) names a parameter; it reads nothing.
    if (lang === 'python' && isOp(next, '=') && isOp(prev, '(', ',')) continue;
    // A Ruby symbol (`:sum`) and a Node object key (`{a: 1}`) are names given as data.
    if (lang === 'ruby' && isOp(prev, ':') && ATTRIBUTES.has(t.text)) continue;
    if (lang === 'node' && isOp(next, ':') && isOp(prev, '{', ',') && !REFLECTIVE_KEYS.has(t.text)) continue;
    return false;
  }
  return true;
}
