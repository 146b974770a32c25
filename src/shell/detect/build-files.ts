/**
 * Readers of the build files a builder executes that are programs in another language (a Rakefile, setup.py,
 * CMakeLists.txt, build.ninja, SConstruct, meson.build, Package.swift, build.zig, mix.exs, build.rs, build.sbt,
 * build.gradle(.kts), pom.xml). Each is a small, bounded reader over the file's text that says whether the file
 * only uses its build API declaratively ("inert"), which literal commands it runs through a shell or as an argv
 * (returned as shell text, to be analysed as the commands they are), which other project files it loads, or
 * why it cannot be followed. Pure: text in, a value out; never quotes the text in a reason.
 * INVARIANT: anything a reader does not recognise as declarative (a process spawn it cannot read literally, a
 * network fetch, a deletion or write outside the build tree, home or environment access, dynamic evaluation, a
 * file too large) makes the file `opaque`, never inert.
 */

import { type GradleRun, withoutIdleTasks } from './gradle-tasks';
import { mixAliasRuns } from './mix-aliases';

/** Build files read per file: more lines than this is not followed. */
export const MAX_BUILD_FILE_LINES = 4000;

export type BuildLanguage =
  | 'ruby'
  | 'python'
  | 'cmake'
  | 'ninja'
  | 'meson'
  | 'swift'
  | 'zig'
  | 'elixir'
  | 'rust'
  | 'scala'
  | 'gradle'
  | 'maven';

export interface BuildRead {
  /** Shell text of the commands the file runs literally (one command a line, argv words quoted). */
  commands: string[];
  /** Other project files it loads, relative to its folder (followed by the caller, bounded). */
  loads: string[];
  /** Why the file cannot be followed (a fixed phrase, never file text); undefined when inert. */
  opaque?: string;
}

/** An argv as shell text: each word single-quoted; `$name` placeholders the caller gave stay live. */
export function argvText(words: readonly string[]): string {
  return words.map((w) => (/^\$__\w+$/.test(w) ? w : `'${w.replaceAll("'", "'\\''")}'`)).join(' ');
}

/** The text between `open` (an index just after an opening bracket) and its matching close; undefined if none. */
export function balanced(text: string, open: number, pair = '()', quotes = `"'`): string | undefined {
  let depth = 1;
  let quote: string | undefined;
  for (let k = open; k < text.length && k < open + 20000; k++) {
    const c = text[k];
    if (quote) {
      if (c === '\\') k++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c !== undefined && quotes.includes(c)) quote = c;
    else if (c === pair[0]) depth++;
    else if (c === pair[1] && --depth === 0) return text.slice(open, k);
  }
  return undefined;
}

const tooLong = (text: string) => text.split('\n').length > MAX_BUILD_FILE_LINES;
const opaque = (why: string): BuildRead => ({ commands: [], loads: [], opaque: why });

export interface LexOptions {
  /** Quote characters that open a string. */
  quotes: string;
  /** `#` starts a comment to the end of the line (Python, Ruby, meson). */
  hash?: boolean;
  /** `//` and block comments (C-like languages). */
  slash?: boolean;
  /** Tripled quotes open a long string (Python, Kotlin, Groovy, Scala, Swift). */
  triple?: boolean;
  /** How an interpolated expression opens in a double-quoted string (`#{` Ruby, `${` JVM languages, `\(` Swift). */
  interpolation?: '#{' | '${' | '\\(';
  /** Rust: `'x'` is a character, `'a` a lifetime, `r#"..."#` a raw string. */
  rust?: boolean;
  /** A quoted string may not span lines (the reader refuses rather than guess where it ends). */
  singleLine?: boolean;
}

export interface Lexed {
  /** The code with comments dropped and each string replaced by ` S<n> ` (interpolated code kept after it). */
  code: string;
  /** The value of string n, undefined when it was interpolated. */
  strings: (string | undefined)[];
}

/** A small lexer: strings and comments out of the way, so a scan of the code sees only code. Undefined: unsure. */
export function lex(text: string, o: LexOptions): Lexed | undefined {
  const strings: (string | undefined)[] = [];
  let code = '';
  let k = 0;
  const n = text.length;
  while (k < n) {
    const c = text[k] as string;
    if ((o.hash && c === '#') || (o.slash && c === '/' && text[k + 1] === '/')) {
      const end = text.indexOf('\n', k);
      k = end < 0 ? n : end;
      continue;
    }
    if (o.slash && c === '/' && text[k + 1] === '*') {
      const end = text.indexOf('*/', k + 2);
      if (end < 0) return undefined;
      k = end + 2;
      code += ' ';
      continue;
    }
    const raw =
      o.rust && c === 'r' && !/\w/.test(text[k - 1] ?? '') ? /^r(#*)"/.exec(text.slice(k, k + 40)) : null;
    if (raw) {
      const close = `"${raw[1] ?? ''}`;
      const start = k + raw[0].length;
      const end = text.indexOf(close, start);
      if (end < 0) return undefined;
      strings.push(text.slice(start, end));
      code += ` S${strings.length - 1} `;
      k = end + close.length;
      continue;
    }
    if (o.rust && c === "'") {
      const ch = /^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/.exec(text.slice(k, k + 16));
      code += ch ? ' C ' : "'";
      k += ch ? ch[0].length : 1;
      continue;
    }
    if (!o.quotes.includes(c)) {
      code += c;
      k++;
      continue;
    }
    const close = o.triple && text.startsWith(c.repeat(3), k) ? c.repeat(3) : c;
    let j = k + close.length;
    let value = '';
    let interpolated = false;
    let extra = '';
    for (;;) {
      if (j >= n) return undefined;
      if (text.startsWith(close, j)) break;
      const d = text[j] as string;
      if (d === '\n' && close.length === 1 && o.singleLine) return undefined;
      const interp = o.interpolation;
      if (interp && c === '"' && text.startsWith(interp, j)) {
        const inner = balanced(text, j + interp.length, interp === '\\(' ? '()' : '{}', `"'`);
        if (inner === undefined) return undefined;
        interpolated = true;
        extra += ` (${inner}) `;
        j += interp.length + inner.length + 1;
        continue;
      }
      if (d === '\\') {
        value += text[j + 1] ?? '';
        j += 2;
        continue;
      }
      if (interp === '${' && c === '"' && d === '$' && /[A-Za-z_]/.test(text[j + 1] ?? ''))
        interpolated = true;
      value += d;
      j++;
    }
    strings.push(interpolated ? undefined : value);
    code += ` S${strings.length - 1} ${extra}`;
    k = j + close.length;
  }
  return { code, strings };
}

/** The string values of ` S<n> ` tokens in `list` (comma separated); undefined when any is not a plain string. */
export function stringArgs(list: string, strings: readonly (string | undefined)[]): string[] | undefined {
  const out: string[] = [];
  for (const part of list.split(',')) {
    const m = /^\s*S(\d+)\s*$/.exec(part);
    const v = m ? strings[Number(m[1])] : undefined;
    if (v === undefined) return undefined;
    out.push(v);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------- Ruby (Rakefile)

const RUBY_REQUIRES =
  /^(rake|rake\/testtask|rake\/clean|rake\/packagetask|bundler|bundler\/setup|bundler\/gem_tasks|rspec\/core\/rake_task|rubocop\/rake_task|rdoc\/task|yard|minitest\/test_task|standard\/rake|cucumber\/rake\/task)$/;
/** Ruby that reaches processes, files, the network, the environment or dynamic code. */
const RUBY_REACHES =
  /`|%[xqQwWiIrs]?[^\w\s=]|<<[~-]?["'`A-Z_]|\b(system|exec|spawn|fork|popen|Open3|Process|Kernel|eval|instance_eval|class_eval|module_eval|instance_exec|send|__send__|public_send|const_get|method|define_method|binding|load|require|require_relative|import|FileUtils|rm|rm_r|rm_rf|rm_f|safe_unlink|remove_entry\w*|cp_r|mv|ln_s|ln_sf|chmod\w*|chown\w*|Net|URI|Socket|TCPSocket|open|ruby|sh|exit!|at_exit|ObjectSpace|Fiddle|trap|Rails|syscall)\b|\bFile\.(delete|unlink|write|binwrite|open|new|rename|chmod|chown|symlink|link|truncate|expand_path)|\bIO\.|\bDir\.(chdir|mkdir|rmdir|delete|unlink|home|mktmpdir)|\bENV\s*\[[^\]]*\]\s*=(?!=)|\bENV\.(store|update|replace|delete|clear)|\bHOME\b|~\//;

/**
 * A `#` this reading would take for a comment that Ruby may not: one not at the start of a line's code or after a
 * blank (`?#` is a character, `%q(#)` a string, `/#/` a pattern), outside quotes.
 */
export function rubyHidesCode(text: string): boolean {
  for (const line of text.split('\n')) {
    let quote: string | undefined;
    for (let k = 0; k < line.length; k++) {
      const c = line[k] as string;
      if (quote) {
        if (c === '\\') k++;
        else if (c === quote) quote = undefined;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '#') {
        if (k > 0 && !/\s/.test(line[k - 1] as string)) return true;
        break;
      }
    }
  }
  return false;
}

/**
 * Literals whose text this reading does not lex (strings and comments out): a `%` literal other than a plain word
 * list (`%w[a b]`), a pattern where an expression starts (`x = /…/`), a character (`?x`).
 */
export function rubyOtherLiteral(code: string): boolean {
  for (const m of code.matchAll(/%[qQwWiIrsx]?[^\w\s=]/g))
    if (!/^%[wi]\[[\w\s:.-]*\]/.test(code.slice(m.index))) return true;
  return (
    /(?:^|[=(,~!&|{;[]|\b(?:when|if|unless|and|or|not|return|puts|p))\s*\/(?!=)/.test(code) ||
    /(?<![\w)\]}?!])\?[^\s:]/.test(code)
  );
}

/** A Rakefile: requires from a closed list, tasks whose shell lines (`sh "..."`, `system("...")`) are literal. */
export function readRuby(text: string): BuildRead {
  if (tooLong(text)) return opaque('is too large to follow');
  const lexed = lex(text, { quotes: `"'`, hash: true, interpolation: '#{', singleLine: true });
  if (!lexed) return opaque('does not parse');
  if (rubyHidesCode(text) || lexed.code.split('\n').some(rubyOtherLiteral))
    return opaque('writes literals this reading does not lex');
  const { strings } = lexed;
  let code = lexed.code;
  for (const m of code.matchAll(/^\s*require\s*\(?\s*S(\d+)\s*\)?\s*$/gm))
    if (!RUBY_REQUIRES.test(strings[Number(m[1])] ?? ''))
      return opaque('loads Ruby code gavel does not follow');
  code = code.replace(/^\s*require\s*\(?\s*S\d+\s*\)?\s*$/gm, '');
  const commands: string[] = [];
  // `sh "cmd"`, `sh("a", "b")`, `system "cmd"`: literal shell text, or an argv.
  // Only where the call ends with its strings (`sh "a" "b"` joins them, `sh "a" + x` adds to them): else `sh`
  // stays in the code and counts as reaching the system.
  code = code.replace(
    /\b(?:sh|system)\b(?:\s*\(\s*|[ \t]+)(S\d+(?:\s*,\s*S\d+)*)\s*\)?(?=[ \t]*(?:$|;|\}|\b(?:end|if|unless)\b))/gm,
    (whole, list: string) => {
      const words = stringArgs(list, strings);
      if (words === undefined) return whole;
      commands.push(words.length === 1 ? (words[0] ?? '') : argvText(words));
      return ' ';
    },
  );
  if (RUBY_REACHES.test(code.replace(/(?<![:\w]):\w+/g, ':s')))
    return opaque('runs Ruby code that may reach the system');
  return { commands, loads: [] };
}

// ------------------------------------------------------------------------------- Python (setup.py, SConstruct)

const PY_MODULES = new Set(
  '__future__ setuptools distutils os io re codecs pathlib sys glob platform sysconfig typing json ast textwrap setuptools_scm setuptools_rust pybind11 Cython numpy SCons wheel pkg_resources'.split(
    ' ',
  ),
);
/** Python that reaches processes, the network, dynamic code, deletions, writes or home. */
const PY_REACHES =
  /\b(system|popen|spawn\w*|exec\w*|subprocess|eval|compile|__import__|importlib|getattr|setattr|delattr|globals|locals|vars|__builtins__|builtins|ctypes|socket|urllib|urlopen|requests|httpx|http|ftplib|pickle|marshal|shelve|shutil|remove|unlink|rmdir|removedirs|rmtree|rename|renames|chmod|chown|symlink|link|write|writelines|write_text|write_bytes|expanduser|home|putenv|dependency_links|Command|Execute|AddPostAction|AddPreAction|Action|kill|fork|chdir)\b|\benviron\s*\[[^\]]*\]\s*=(?!=)|\benviron\.(update|setdefault|pop|clear)/;

/** setup.py / SConstruct: imports from a closed list, reads only (open without a write mode), no reach-outs. */
export function readPython(text: string): BuildRead {
  if (tooLong(text)) return opaque('is too large to follow');
  // f-strings hold code: refused rather than lexed.
  if (/(?:^|[^\w])(?:[fF][rRbB]?|[rRbB][fF])["']/.test(text)) return opaque('builds text at run time');
  const lexed = lex(text, { quotes: `"'`, hash: true, triple: true, singleLine: true });
  if (!lexed) return opaque('does not parse');
  for (const m of lexed.code.matchAll(/^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w., ]+))/gm)) {
    const modules = (m[1] ?? m[2] ?? '').split(',').map((x) => x.trim().split(/[.\s]/)[0] ?? '');
    if (modules.some((x) => x !== '' && !PY_MODULES.has(x)))
      return opaque('imports Python code gavel does not follow');
  }
  const code = lexed.code.replace(/^\s*(?:from\s+[\w.]+\s+)?import[^\n]*$/gm, '');
  for (const m of code.matchAll(/\bopen\s*\(/g)) {
    const args = balanced(code, (m.index ?? 0) + m[0].length);
    if (args === undefined) return opaque('does not parse');
    if (/\bmode\s*=/.test(args)) return opaque('writes files from Python code');
    for (const s of args.matchAll(/S(\d+)/g))
      if (/^[rbtU]*[wax+][rbt+]*$/.test(lexed.strings[Number(s[1])] ?? '-'))
        return opaque('writes files from Python code');
  }
  // `re.compile` and `sys.executable` only name things.
  const bare = code.replace(/\bre\.compile\b/g, 're.c').replace(/\bsys\.executable\b/g, 'sys.x');
  if (PY_REACHES.test(bare)) return opaque('runs Python code that may reach the system');
  return { commands: [], loads: [] };
}

// ------------------------------------------------------------------------------------------ CMake (CMakeLists)

/** Folders CMake knows before the build: `${CMAKE_SOURCE_DIR}` and `${CMAKE_BINARY_DIR}` (and their kin). */
export interface CmakeVars {
  source: string;
  binary: string;
}

/** CMake's text with comments (line and bracket) dropped; undefined on a bracket argument or an open quote. */
function cmakeCode(text: string): string | undefined {
  let out = '';
  let k = 0;
  while (k < text.length) {
    const c = text[k] as string;
    if (c === '"') {
      let j = k + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) return undefined;
      out += text.slice(k, j + 1);
      k = j + 1;
    } else if (c === '#') {
      const bracket = /^#\[(=*)\[/.exec(text.slice(k, k + 20));
      if (bracket) {
        const end = text.indexOf(`]${bracket[1]}]`, k);
        if (end < 0) return undefined;
        k = end + (bracket[1] ?? '').length + 2;
      } else {
        const end = text.indexOf('\n', k);
        k = end < 0 ? text.length : end;
      }
    } else if (c === '[' && /^\[=*\[/.test(text.slice(k, k + 20))) return undefined;
    else {
      out += c;
      k++;
    }
  }
  return out;
}

function cmakeWords(args: string, vars: CmakeVars): string[] {
  const words: string[] = [];
  for (const m of args.matchAll(/"((?:[^"\\]|\\.)*)"|([^\s"]+)/g)) words.push(m[1] ?? m[2] ?? '');
  return words.map((w) =>
    w
      .replace(
        /\$\{(CMAKE_CURRENT_SOURCE_DIR|CMAKE_SOURCE_DIR|PROJECT_SOURCE_DIR|CMAKE_CURRENT_LIST_DIR)\}/g,
        vars.source,
      )
      .replace(/\$\{(CMAKE_CURRENT_BINARY_DIR|CMAKE_BINARY_DIR|PROJECT_BINARY_DIR)\}/g, vars.binary)
      .replace(/\$\{CMAKE_COMMAND\}/g, 'cmake'),
  );
}

/** Words (after substitution) as shell text: a `${...}` or generator expression left is a run-time value. */
function cmakeArgv(words: readonly string[]): string {
  return argvText(words.map((w) => (/\$\{|\$<|\$ENV\{/.test(w) ? '$__cmake_value' : w)));
}

/** Commands that only declare: targets, options, properties, tests, installs of files, control flow. */
const CMAKE_KNOWN = new Set(
  `cmake_minimum_required project set unset option add_executable add_library target_link_libraries
  target_include_directories target_compile_definitions target_compile_options target_compile_features
  target_sources target_link_options target_link_directories target_precompile_headers set_target_properties
  set_property get_property get_target_property set_source_files_properties get_filename_component
  find_package find_library find_path find_program find_file include_directories link_directories
  link_libraries add_definitions add_compile_definitions add_compile_options add_link_options add_test
  enable_testing install if elseif else endif foreach endforeach while endwhile function endfunction macro
  endmacro return break continue list string math message configure_file include add_subdirectory
  cmake_parse_arguments cmake_policy enable_language check_include_file check_function_exists
  check_symbol_exists check_c_compiler_flag check_cxx_compiler_flag check_c_source_compiles
  check_cxx_source_compiles check_include_files check_library_exists check_type_size gtest_discover_tests
  gtest_add_tests catch_discover_tests pkg_check_modules pkg_search_module source_group set_tests_properties
  add_dependencies mark_as_advanced separate_arguments cmake_path cmake_dependent_option
  write_basic_package_version_file configure_package_config_file export block endblock
  try_compile define_property get_directory_property set_directory_properties aux_source_directory
  qt_add_executable qt_add_library qt_standard_project_setup set_package_properties
  feature_summary check_ipo_supported processorcount test_big_endian generate_export_header
  add_custom_command add_custom_target execute_process exec_program file`
    .split(/\s+/)
    .filter(Boolean),
);
const CMAKE_FILE_READS =
  /^(READ|STRINGS|GLOB|GLOB_RECURSE|TO_CMAKE_PATH|TO_NATIVE_PATH|RELATIVE_PATH|REAL_PATH|SIZE|TIMESTAMP|MD5|SHA1|SHA256|SHA512|READ_SYMLINK|CONFIGURE|GENERATE|MAKE_DIRECTORY)$/;
const CMAKE_FILE_WRITES =
  /^(WRITE|APPEND|TOUCH|TOUCH_NOCREATE|COPY|COPY_FILE|INSTALL|REMOVE|REMOVE_RECURSE|RENAME|CREATE_LINK|CHMOD|CHMOD_RECURSE)$/;
const CMAKE_MODULES =
  /^(CTest|GNUInstallDirs|CMakePackageConfigHelpers|CheckIncludeFile|CheckIncludeFiles|CheckIncludeFileCXX|CheckFunctionExists|CheckSymbolExists|CheckCCompilerFlag|CheckCXXCompilerFlag|CheckCSourceCompiles|CheckCXXSourceCompiles|CheckLibraryExists|CheckTypeSize|CheckIPOSupported|CheckLanguage|CMakeDependentOption|GoogleTest|FeatureSummary|FindPkgConfig|CPack|GenerateExportHeader|TestBigEndian|CheckStructHasMember|CheckPIESupported|CMakePrintHelpers|ProcessorCount)$/;
const CMAKE_RUN_KEYS =
  /^(COMMAND|WORKING_DIRECTORY|OUTPUT|DEPENDS|BYPRODUCTS|COMMENT|VERBATIM|USES_TERMINAL|ALL|SOURCES|RESULT_VARIABLE|OUTPUT_VARIABLE|ERROR_VARIABLE|OUTPUT_QUIET|ERROR_QUIET|OUTPUT_STRIP_TRAILING_WHITESPACE|ERROR_STRIP_TRAILING_WHITESPACE|TIMEOUT|OUTPUT_FILE|ERROR_FILE|COMMAND_ECHO|ENCODING|COMMAND_ERROR_IS_FATAL|ECHO_OUTPUT_VARIABLE|ECHO_ERROR_VARIABLE|RESULTS_VARIABLE|MAIN_DEPENDENCY|IMPLICIT_DEPENDS|DEPFILE|JOB_POOL|JOB_SERVER_AWARE|APPEND|TARGET|PRE_BUILD|PRE_LINK|POST_BUILD|COMMAND_EXPAND_LISTS|CODEGEN|DEPENDS_EXPLICIT_ONLY)$/;

/**
 * A CMakeLists.txt (or an included .cmake file): commands from a known set; `execute_process` (configure) and
 * `add_custom_command`/`add_custom_target` (build, when `build` is set) give their COMMAND argv as shell;
 * `file()` changes only the build tree; `include`/`add_subdirectory` of project files are loads.
 */
export function readCmake(text: string, vars: CmakeVars, build: boolean): BuildRead {
  if (tooLong(text)) return opaque('is too large to follow');
  const src = cmakeCode(text);
  if (src === undefined) return opaque('uses a CMake form gavel does not follow');
  const commands: string[] = [];
  const loads: string[] = [];
  const defined = new Set(
    [...src.matchAll(/\b(?:function|macro)\s*\(\s*([A-Za-z_]\w*)/gi)].map((m) => (m[1] ?? '').toLowerCase()),
  );
  const call = /\s*([A-Za-z_]\w*)\s*\(/y;
  let at = 0;
  while (at < src.length) {
    if (/^\s*$/.test(src.slice(at, at + 200)) && src.slice(at).trim() === '') break;
    call.lastIndex = at;
    const m = call.exec(src);
    if (!m) return opaque('does not parse');
    const name = (m[1] ?? '').toLowerCase();
    const open = at + m[0].length;
    const args = balanced(src, open, '()', '"');
    if (args === undefined) return opaque('does not parse');
    at = open + args.length + 1;
    if (defined.has(name)) continue;
    if (!CMAKE_KNOWN.has(name)) return opaque('calls a CMake command gavel does not know');
    const words = cmakeWords(args, vars);
    if (name === 'file') {
      const mode = words[0] ?? '';
      if (CMAKE_FILE_READS.test(mode)) continue;
      const target = words[1] ?? '';
      if (CMAKE_FILE_WRITES.test(mode) && (target === vars.binary || target.startsWith(`${vars.binary}/`)))
        continue;
      return opaque('fetches or changes files outside the build tree');
    }
    if (name === 'install' && /\b(CODE|SCRIPT)\b/.test(args)) return opaque('runs CMake code on install');
    if (name === 'include' || name === 'add_subdirectory') {
      const what = words[0] ?? '';
      if (name === 'include' && CMAKE_MODULES.test(what)) continue;
      if (/\$\{|\$</.test(what)) return opaque('loads a CMake file named at run time');
      if (name === 'include' && !/\.cmake$/.test(what))
        return opaque('loads a CMake module gavel does not know');
      loads.push(name === 'include' ? what : `${what}/CMakeLists.txt`);
      continue;
    }
    if (name === 'find_package' && /CMAKE_MODULE_PATH/.test(src))
      return opaque('loads CMake modules of its own');
    const runs =
      name === 'execute_process' ||
      name === 'exec_program' ||
      (build && (name === 'add_custom_command' || name === 'add_custom_target'));
    if (!runs) continue;
    if (name === 'exec_program' || /\bINPUT_FILE\b/.test(args))
      return opaque('runs a command gavel cannot follow');
    let current: string[] | undefined;
    let skip = false;
    const flush = () => {
      if (current && current.length > 0) commands.push(cmakeArgv(current));
      current = undefined;
    };
    for (const w of name === 'add_custom_target' ? words.slice(1) : words) {
      if (CMAKE_RUN_KEYS.test(w)) {
        flush();
        skip = w !== 'COMMAND';
        if (w === 'COMMAND') current = [];
      } else if (!skip && current) current.push(w);
      else if (!skip && name === 'add_custom_target' && !current) current = [w];
    }
    flush();
  }
  return { commands, loads };
}

// ------------------------------------------------------------------------------------------------ ninja

/** build.ninja: every rule's `command` as shell (`$in`, `$out`, `${x}` are run-time values); include/subninja. */
export function readNinja(text: string): BuildRead {
  if (tooLong(text)) return opaque('is too large to follow');
  const commands: string[] = [];
  const loads: string[] = [];
  for (const line of text.replace(/\$\r?\n\s*/g, '').split('\n')) {
    const inc = /^(include|subninja)\s+(\S+)\s*$/.exec(line);
    if (inc) {
      if ((inc[2] ?? '').includes('$')) return opaque('loads a file named at run time');
      loads.push(inc[2] ?? '');
      continue;
    }
    const cmd = /^\s+command\s*=\s*(.*)$/.exec(line);
    if (!cmd) continue;
    commands.push(
      (cmd[1] ?? '')
        .replace(/\$\$/g, '\u0001')
        .replace(/\$\{?\w+\}?/g, '"$__ninja_value"')
        .replace(/\$([ :])/g, '$1')
        .replaceAll('\u0001', '$'),
    );
  }
  return { commands, loads };
}

// ------------------------------------------------------------------------------------------------ meson

/** meson.build: `run_command` with literal words; targets' `command:` lists; `subdir` loads; no subprojects. */
export function readMeson(text: string): BuildRead {
  if (tooLong(text)) return opaque('is too large to follow');
  const lexed = lex(text, { quotes: "'", hash: true, triple: true, singleLine: true });
  if (!lexed) return opaque('does not parse');
  const { code, strings } = lexed;
  if (/\b(subproject|add_install_script|add_postconf_script|add_dist_script)\s*\(/.test(code))
    return opaque('runs code from elsewhere or scripts gavel does not follow');
  const commands: string[] = [];
  const loads: string[] = [];
  for (const m of code.matchAll(/\b(run_command|subdir)\s*\(/g)) {
    const args = balanced(code, (m.index ?? 0) + m[0].length, '()', '') ?? '';
    const positional = args.replace(/,?\s*\w+\s*:[\s\S]*$/, '').replace(/^\s*\[|\]\s*$/g, '');
    const words = stringArgs(positional, strings);
    if (words === undefined || words.length === 0)
      return opaque('runs a command gavel cannot read literally');
    if (m[1] === 'subdir') loads.push(`${words[0]}/meson.build`);
    else commands.push(argvText(words));
  }
  for (const m of code.matchAll(/\bcommand\s*:\s*\[/g)) {
    const list = balanced(code, (m.index ?? 0) + m[0].length, '[]', '') ?? '';
    const parts = list
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const first = /^S(\d+)$/.exec(parts[0] ?? '');
    if (!first) return opaque('runs a command gavel cannot read literally');
    const words = parts.map((p) => {
      const s = /^S(\d+)$/.exec(p);
      const v = s ? strings[Number(s[1])] : undefined;
      return v === undefined || v.includes('@') ? '$__meson_value' : v;
    });
    commands.push(argvText(words));
  }
  if (/\b(run_target|generator|custom_target)\s*\(/.test(code) && !/\bcommand\s*:/.test(code))
    return opaque('runs a command gavel cannot read literally');
  return { commands, loads };
}

// -------------------------------------------------------------------- build programs in other languages

const shellWord = (w: string): string => (/^[\w./:=@%+-]+$/.test(w) ? w : `'${w.replaceAll("'", "'\\''")}'`);

/**
 * A Rust build script's processes named literally: `Command::new("git").args(["rev-parse", "HEAD"]).output()`
 * becomes the shell command `git rev-parse HEAD`, for the analysis to judge as any command (the script's
 * `use std::process::Command` goes with them). A command given another folder, environment or pre-exec hook, or a
 * program or word that is not a literal, stays in the code (and reaches the system there).
 */
export function rustCommands(
  code: string,
  strings: readonly (string | undefined)[],
): { code: string; commands: string[] } | string {
  const commands: string[] = [];
  let out = code.replace(
    /^\s*use\s+std::process::(?:Command|\{\s*(?:Command|Stdio|Output|ExitStatus)(?:\s*,\s*(?:Command|Stdio|Output|ExitStatus))*\s*\})\s*;/gm,
    ' ',
  );
  out = out.replace(
    /(?:std::)?(?:process::)?\bCommand::new\(\s*S(\d+)\s*\)((?:\s*\.\s*(?:arg\(\s*S\d+\s*\)|args\(\s*&?\[\s*(?:S\d+\s*,?\s*)*\]\s*\)))*)/g,
    (whole, program: string, chain: string) => {
      const words = [
        strings[Number(program)],
        ...[...chain.matchAll(/S(\d+)/g)].map((m) => strings[Number(m[1])]),
      ];
      if (words.some((w) => w === undefined)) return whole;
      commands.push((words as string[]).map(shellWord).join(' '));
      return ' LiteralProcess ';
    },
  );
  if (
    /\bLiteralProcess\s*\.\s*(?:arg|args|env|envs|env_remove|env_clear|current_dir|arg0|pre_exec|uid|gid)\b/.test(
      out,
    )
  )
    return 'runs a program with words, a folder, an environment or a hook it computes';
  return { code: out, commands };
}

type ProgramLanguage = 'swift' | 'zig' | 'elixir' | 'rust' | 'scala' | 'gradle' | 'maven';

const LEXING: Readonly<Record<Exclude<ProgramLanguage, 'maven'>, LexOptions>> = {
  swift: { quotes: '"', slash: true, triple: true, interpolation: '\\(' },
  zig: { quotes: '"', slash: true, singleLine: true },
  elixir: { quotes: '"', hash: true, triple: true, interpolation: '#{' },
  rust: { quotes: '"', slash: true, rust: true },
  scala: { quotes: '"', slash: true, triple: true, interpolation: '${' },
  gradle: { quotes: `"'`, slash: true, triple: true, interpolation: '${', singleLine: true },
};

/** Per language, the code (strings out of the way) that reaches processes, files, the network or dynamic code. */
const REACHES: Readonly<Record<ProgramLanguage, RegExp>> = {
  swift:
    /\b(Process|NSTask|posix_spawn\w*|system|popen|execv\w*|FileManager|removeItem|URLSession|URLRequest|dlopen|dlsym|unsafeBitCast|UnsafeMutableRawPointer|UnsafeRawPointer|withUnsafe\w*|plugin|unsafeFlags|NSHomeDirectory|homeDirectory|contentsOf|write|fopen|FileHandle|Glibc|Darwin)\b/,
  zig: /\b(addSystemCommand|ChildProcess|Child|process|execv\w*|deleteTree|deleteFile|deleteDir|http|net|getEnvMap|getEnvVarOwned|run|fs|extern|DynLib|dlopen|createFile|openFile|writeFile|posix)\b|@cImport|@extern/,
  // System and File are named only for their reading calls (a module passed on, `System |> then(& &1.cmd(...))`,
  // `Function.capture(System, :cmd, 2)`, is not read); a call on a captured argument or on an expression's value, a
  // delegation, and a project's own configuration path are not followed.
  // Besides the names that reach out: a module renamed or imported (`alias System, as: S`, `import System`: the names
  // here no longer show), Mix's shells and task runner in any form, any call of an Erlang module (`:os.cmd`, a quoted
  // `:"os"` lexed as a string), and a call through a variable (`mod.cmd(...)`, `fun.()`).
  elixir:
    /\b(?:Module|EEx|String\s*\.\s*to_(?:existing_)?atom|List\s*\.\s*to_(?:existing_)?atom)\b|\)\s*\.\s*[a-z_]|\bSystem\b(?!\s*\.\s*(?:get_env|fetch_env!?|version|otp_release|schedulers_online|build_info)\b)|\bFile\b(?!\s*\.\s*(?:read!?|exists\?|dir\?|regular\?|cwd!?)(?![\w!?]))|&\d+\s*\.|\)\s*\.\s*\(|\b(?:defdelegate|Function|config_path)\b|\b(Port|Code|Kernel|spawn|apply|HTTPoison|Req|Finch|Mint|Mix\.[Ss]hell\b[\w.()]*|Mix\.Tasks?|File\.(rm\w*|write\w*|cp\w*|mv|rename\w*|chmod\w*|ln\w*|touch\w*|open\w*|stream\w*))\b|:(os|erlang|httpc|ssl|gen_tcp|inets|file)\s*\.|(?:^|[^\w:]):(?:[a-z_]\w*|\s*S\d+)\s*\.\s*\w|\balias\b|\bimport\s+(?!Config\b)|\brequire\s+(?!Logger\b)|\b[a-z_]\w*[?!]?\s*\.\s*(?:[a-z_]\w*[?!]?\s*)?\(/,
  rust: /\b(process|Command|net|TcpStream|UdpSocket|remove_dir_all|remove_dir|remove_file|rename|set_permissions|home_dir|reqwest|ureq|curl|hyper|libc|unsafe|cmake|autotools|symlink|hard_link|set_var|remove_var)\b|\bextern\s+S\d/,
  scala:
    /\b(sys\.process|scala\.sys|Process|ProcessBuilder|Runtime|IO\.delete|delete|deleteRecursively|getenv|openStream|openConnection|Files\.write|Files\.delete|Eval|execute)\b|\.!|S\d+\s+!!?\s*(?:$|[\n;)])/,
  gradle:
    /\b(exec|javaexec|execute|commandLine|ProcessBuilder|Runtime|getRuntime|Exec|JavaExec|deleteRecursively|deleteDir|Files|getenv|toURL|openConnection|openStream|GroovyShell|Eval|evaluate|ScriptEngine|ant|URL|URLClassLoader|ClassLoader|classLoader|forName|loadClass|loadLibrary|writeText|appendText|writeBytes|appendBytes|printWriter|bufferedWriter|outputStream|newWriter|withWriter|FileWriter|FileOutputStream|renameTo|copyTo|copyRecursively|setExecutable|sourceControl|gitRepository|Socket|HttpClient)\b|\bclasspath\s*\(?\s*(?:files|fileTree)\b|\bdelete\b(?!\s*\(?\s*(?:rootProject\.|project\.)?(?:buildDir|layout\.buildDirectory)\b)/,
  maven:
    /<artifactId>\s*(exec-maven-plugin|maven-antrun-plugin|gmaven-plugin|gmavenplus-plugin|groovy-maven-plugin|maven-invoker-plugin|frontend-maven-plugin|scripting-maven-plugin|maven-scripting-plugin|properties-maven-plugin|buildnumber-maven-plugin|jruby-maven-plugin|rhino-maven-plugin|beanshell-maven-plugin|maven-shell-plugin)\s*<\/artifactId>|<systemPath>/,
};

/** Maven plugin settings that name a program, a Java or a toolchain file the plugin runs or forks. */
const MAVEN_PROGRAM =
  /<(?:executable|jvm|javaExecutable|compilerExecutable|executablePath|javacExecutable|javaHome|toolchainsFile)\b[^>]*>/i;

/**
 * Text naming a JVM option that loads code or runs a command (`-javaagent:…`, `-XX:OnOutOfMemoryError=…`, ADR 0089):
 * in a build file, the options the tests' or the tools' forked JVM starts with.
 */
export function jvmLoads(text: string): boolean {
  return /(?:^|[\s"'[,(=])-(?:javaagent|agentpath|agentlib|Xbootclasspath|XX:OnError|XX:OnOutOfMemoryError|XX:VMOptionsFile|XX:Flags|Djava\.system\.class\.loader|Xrunjdwp)\b/.test(
    text,
  );
}

/** sbt's own commands and tasks, which an alias of the same name replaces. */
const SBT_TASKS =
  /^(?:test|testOnly|testQuick|compile|run|runMain|package|publish|publishLocal|publishM2|clean|update|console|doc|reload|about|sbtVersion|assembly|Test\/\w+|Compile\/\w+)$/;

/** Absolute paths of homes, the system's settings and temporary folders. */
const OUTSIDE_READ = /^\/(?:home|Users|root|etc|var|tmp|private|proc)(?:\/|$)/;

/** Strings that, named anywhere in the text, reach home or the machine's secrets. */
const HOME_STRINGS = /^(HOME|user\.home|USERPROFILE)$|^~\//;

/** Absolute paths to the machine's own folders: a Gradle build that names one reads or writes outside the project. */
const SYSTEM_PATH =
  /^\/(etc|home|root|Users|var|tmp|usr|opt|dev|proc|sys|private|Library|bin|sbin|mnt|srv)(\/|$)/;

/**
 * Gradle code that runs when a task runs: a `doFirst`/`doLast` action holding more than messages (`println`,
 * `logger.*`), or a path outside the project named in the script. Undefined when neither.
 */
function gradleActions(code: string, strings: readonly (string | undefined)[]): string | undefined {
  if (strings.some((v) => v !== undefined && SYSTEM_PATH.test(v))) return 'names a path outside the project';
  if (/\bprojectDir\s*=(?!=)|\bsetProjectDir\b|\bbuildFileName\b/.test(code))
    return 'places a project where gavel does not read';
  for (const m of code.matchAll(/\b(?:doFirst|doLast)\s*(?:\(\s*)?\{/g)) {
    const body = balanced(code, (m.index ?? 0) + m[0].length, '{}', '');
    if (body === undefined) return 'does not parse';
    const rest = body
      .split(/[\n;]/)
      .map((l) => l.trim())
      .filter(
        (l) =>
          l !== '' &&
          !/^(?:println|print|logger\.(?:lifecycle|info|quiet|warn|debug|error))\s*\(?\s*S\d+\s*\)?$/.test(l),
      );
    if (rest.length > 0) return 'runs task actions gavel does not follow';
  }
  return undefined;
}

/** A keystore setting's value: strings, `System.getenv`, Gradle properties, `file(…)`, joined with `+`/`?:`. */
const SIGNING_VALUE =
  /^(?:\s|[()+]|\?:|S\d+|\bas\s+String\b|\b(?:rootProject\.|project\.)?file\b|\bSystem\.getenv\b|\bproviders\.(?:gradleProperty|environmentVariable)\b|\.(?:orNull|get|getOrElse)\b|\b(?:project\.)?(?:findProperty|property)\b|!!)*$/;

/** Gradle code with the keystore settings of its `signingConfigs { … }` blocks taken out. */
function withoutSigningStores(code: string): string {
  let out = code;
  for (const m of code.matchAll(/\bsigningConfigs\s*\{/g)) {
    const body = balanced(code, (m.index ?? 0) + m[0].length, '{}', '');
    if (body === undefined) continue;
    // Only a value made of strings, environment or property lookups and `file(…)`: any other code stays.
    const kept = body.replace(
      /^[ \t]*(?:storeFile|storePassword|keyAlias|keyPassword|storeType)\s*=([^\n;]*)$/gm,
      (line, value: string) => (SIGNING_VALUE.test(value) ? '' : line),
    );
    out = out.replace(body, kept);
  }
  return out;
}

/** What a command runs of a build program, when it says (its task): absent, all of it counts. */
export interface ProgramRuns {
  /**
   * mix.exs read for a mix command: a `"cmd ..."` alias command counts only when the task (undefined: any task)
   * runs its alias, and the other tasks its aliases run are mix commands of their own (mix-aliases.ts).
   */
  mix?: { task: string | undefined };
  /** A Gradle script: lazily registered tasks the command does not run are not judged (gradle-tasks.ts). */
  gradle?: GradleRun;
}

/** A build program in a compiled or JVM language: inert unless its code names an API that reaches out. */
export function readProgram(language: ProgramLanguage, text: string, runs: ProgramRuns = {}): BuildRead {
  if (tooLong(text)) return opaque('is too large to follow');
  if (language === 'maven') {
    if (REACHES.maven.test(text)) return opaque('runs a plugin that starts programs');
    // A plugin's setting naming the program or the Java it forks (`<fork>` with `<executable>`, surefire's `<jvm>`),
    // or an agent or command the forked JVM starts (`<argLine>-javaagent:…`).
    if (MAVEN_PROGRAM.test(text.replace(/<!--[\s\S]*?-->/g, '')) || jvmLoads(text))
      return opaque('names a program or a JVM agent a plugin starts');
    return { commands: [], loads: [] };
  }
  const lexed = lex(text, LEXING[language]);
  if (!lexed) return opaque('does not parse');
  let { code } = lexed;
  const { strings } = lexed;
  // A Gradle signing configuration naming a keystore in home and its passwords from the environment
  // (`storeFile = file(System.getenv("HOME") + …)`) reads them only to sign a release, with the user's own key for its
  // purpose: not code reaching home or the environment.
  if (language === 'gradle') {
    // Groovy's slashy strings (`/…/`, `$/…/$`) are not lexed as strings here: what the lexer took for one may be code.
    if (/(?:^|[=(,[:!&|?~]|\breturn)\s*\/(?![/*=])|\$\s*\//m.test(code))
      return opaque('uses a slashy string');
    // Kotlin nests block comments (`/* /* */ */`), which the lexer ends at the first `*/`: its braces are not trusted to
    // tell which code a task holds.
    const nested = /\/\*(?:(?!\*\/)[\s\S])*\/\*/.test(text);
    code = withoutSigningStores(code);
    if (!nested) code = withoutIdleTasks(code, lexed.strings, runs.gradle, balanced);
  }
  const used = (i: number): boolean => language !== 'gradle' || new RegExp(`\\bS${i}\\b`).test(code);
  if (strings.some((s, i) => s !== undefined && HOME_STRINGS.test(s) && used(i)))
    return opaque('reaches the home folder');
  // A build program naming a file of a home, the system's settings or temporary folders reads what is not the
  // project's (a build script printing `~/.aws/credentials` as a cargo warning).
  if (language !== 'gradle' && strings.some((s) => s !== undefined && OUTSIDE_READ.test(s)))
    return opaque('names a file outside the project');
  const commands: string[] = [];
  const loads: string[] = [];
  if (language === 'elixir') {
    if (/"cmd\s[^"]*#\{/.test(text)) return opaque('builds a command at run time');
    // Only double-quoted strings are lexed: a character literal (`?#`), a charlist (`'#'`) or a sigil with another
    // delimiter (`~c(#)`, `~r/#/`) may hold a `#` the lexer would take for a comment, hiding the code after it.
    if (/\?[#"'\\]|'[^'\n]*#|~[A-Za-z]\w*[^"\sA-Za-z\d][^\n]*#/.test(text))
      return opaque('uses literals gavel does not lex');
    // Mix evaluates a path dependency's mix.exs (`path: "vendor/x"`) and an umbrella sibling's (`in_umbrella: true`
    // is `../name`): followed as the project's own; one named otherwise is not.
    if (runs.mix !== undefined) {
      for (const m of code.matchAll(/(?<![\w.])path\s*:\s*(?:S(\d+))?/g)) {
        const dir = m[1] === undefined ? undefined : strings[Number(m[1])];
        if (dir === undefined) return opaque('builds a path dependency named at run time');
        loads.push(`${dir.replace(/\/+$/, '')}/mix.exs`);
      }
      const siblings = [...code.matchAll(/\{\s*:(\w+)\s*,[^{}]*\bin_umbrella\s*:\s*true/g)];
      for (const m of siblings) loads.push(`../${m[1]}/mix.exs`);
      if ((code.match(/\bin_umbrella\s*:/g)?.length ?? 0) > siblings.length)
        return opaque('builds an umbrella dependency gavel cannot name');
    }
    // The project choosing an environment whose configuration file the reading does not take (dev, test, prod).
    for (const m of code.matchAll(/\b(?:default_env|preferred_envs|preferred_cli_env)\b([^\]\n]*)/g))
      for (const atom of (m[1] ?? '').matchAll(/(?<![\w:]):([a-z_]\w*)/g))
        if (!/^(?:dev|test|prod)$/.test(atom[1] ?? ''))
          return opaque('runs in an environment gavel does not read');
    // A configuration file evaluates the files it imports (relative to its own folder): a name other than a plain
    // one, or the environment's own file (`#{config_env()}.exs`, read by the caller), is not followed.
    let named = 0;
    for (const m of code.matchAll(/\bimport_config\b\s*\(?\s*(?:S(\d+))?/g)) {
      const name = m[1] === undefined ? undefined : strings[Number(m[1])];
      if (name === undefined) continue;
      if (!/^[\w-][\w.-]*\.exs$/.test(name)) return opaque('imports configuration gavel does not place');
      loads.push(name);
      named++;
    }
    const own = text.match(/\bimport_config\s*\(?\s*"#\{\s*(?:config_env\(\)|Mix\.env(?:\(\))?)\s*\}\.exs"/g);
    if ((code.match(/\bimport_config\b/g)?.length ?? 0) > named + (own?.length ?? 0))
      return opaque('imports configuration named at run time');
    // mix aliases `"cmd ..."` run a shell: those of the task's aliases when the task is known.
    const aliased = runs.mix === undefined ? undefined : mixAliasRuns(code, strings, runs.mix.task);
    // The other tasks the task's aliases run are mix commands of their own; one that runs code (a script, a
    // sequence of tasks) is not followed.
    if (aliased?.tasks.some((t) => /^(run|do|eval)(\s|$)/.test(t)))
      return opaque('runs code through an alias (`run`, `do`)');
    for (const t of aliased?.tasks ?? []) commands.push(`mix ${t}`);
    code = code.replace(/S(\d+)/g, (tok, n: string) => {
      const v = strings[Number(n)];
      if (v === undefined || !/^cmd\s/.test(v)) return tok;
      if (aliased?.commands === undefined || aliased.commands.has(Number(n)))
        commands.push(v.replace(/^cmd\s+/, ''));
      return ' ';
    });
  }
  if (language === 'rust') {
    const read = rustCommands(code, strings);
    if (typeof read === 'string') return opaque(read);
    code = read.code;
    commands.push(...read.commands);
  }
  if (
    language === 'rust' &&
    /\b(File::create|fs::write|fs::copy|OpenOptions)\b/.test(code) &&
    !strings.includes('OUT_DIR')
  )
    return opaque('writes files outside the build tree');
  if (language === 'swift') {
    // A local package dependency's manifest is Swift that runs too (`.package(path: "vendor/dep")`).
    for (const m of code.matchAll(/\.package\s*\(\s*(?:name\s*:\s*S\d+\s*,\s*)?path\s*:\s*(?:S(\d+))?/g)) {
      const dir = m[1] === undefined ? undefined : strings[Number(m[1])];
      if (dir === undefined) return opaque('depends on a package named at run time');
      loads.push(`${dir.replace(/\/+$/, '')}/Package.swift`);
    }
    if (!/^\s*import\s+PackageDescription\s*$/m.test(code))
      return opaque('is not a package manifest gavel reads');
    for (const m of code.matchAll(/^\s*import\s+(\w+)/gm))
      if (!/^(PackageDescription|Foundation)$/.test(m[1] ?? ''))
        return opaque('imports code gavel does not follow');
  }
  if (REACHES[language].test(code)) return opaque('runs code that may reach the system');
  if (language === 'gradle' || language === 'scala') {
    // A compiler, test or tool JVM forked from a program or a Java the build names (`forkOptions.executable`,
    // `javaLauncher`, sbt's `javaHome`), or started with an agent or an event command in its options.
    // A launcher from the installed toolchains (`javaLauncher = javaToolchains.launcherFor { … }`) is a JDK of the
    // machine's, chosen by version: not a program of the build's.
    const chosen = code.replace(
      /\bjavaLauncher\s*(?:=|\.set\s*\(|\.convention\s*\()\s*javaToolchains\s*\.\s*launcherFor\b/g,
      ' ',
    );
    if (/\b(?:executable|javaLauncher|javaHome|javaExecutable)\b/.test(chosen))
      return opaque('names the program or the Java a task forks');
    if (strings.some((v) => v !== undefined && jvmLoads(v)))
      return opaque('starts a JVM with an agent or a command');
  }
  // sbt: an alias named like one of sbt's own tasks runs in its place (`addCommandAlias("test", ";publish")`).
  if (language === 'scala')
    for (const m of code.matchAll(/\baddCommandAlias\s*\(\s*S(\d+)/g))
      if (SBT_TASKS.test(strings[Number(m[1])] ?? ''))
        return opaque("replaces one of sbt's tasks with an alias");
  if (language === 'gradle') {
    // Strings only a task taken out named are not the script's any more.
    const inCode = new Set([...code.matchAll(/\bS(\d+)\b/g)].map((m) => Number(m[1])));
    const live = strings.map((v, i) => (inCode.has(i) ? v : undefined));
    const why = gradleActions(code, live);
    if (why) return opaque(why);
  }
  if (language === 'gradle')
    for (const m of code.matchAll(/\bapply\s*\(?\s*from\s*[:=]\s*S(\d+)/g)) {
      const v = strings[Number(m[1])];
      if (v === undefined || /^[a-z]+:/i.test(v)) return opaque('loads a build script from elsewhere');
      loads.push(v);
    }
  return { commands, loads };
}
