/**
 * Is one shell segment known safe? Looks the segment's program up in the compiled catalogue (indexed by program)
 * and reads its arguments against each entry of that program: global options, the subcommand, then every option
 * (each must be known, none breaking, `-n5` and `--opt=value` forms read as the program reads them), positionals,
 * and the program's script language where it has one; prefix assignments must all be inert. Pure.
 * INVARIANT: anything not read as known is not safe: an unknown option, a word whose expansion could be an option
 * (`$...`, a glob) where an option could break, a script the language check cannot read.
 */

import {
  GENERATED_FILE_NAMES,
  GIT_ALIAS_WRAPPER,
  gitExecKey,
  isGeneratedFolder,
  isGeneratedGlob,
  SCRIPT_FILE_WRAPPER,
  type Segment,
  SYSTEM_ONLY,
  WORKSPACE_BIN,
  WRITTEN_SCRIPT_WRAPPER,
} from '../../shell';
import type { Catalogue, CompiledEntry, EntryList, OptionSet, VariableSet } from './compile-catalogue';
import { inVariableSet, valueInert } from './compile-catalogue';
import { inlineCodeInert } from './inline-code';
import { perlSubstitutionsOnly } from './perl-substitution';
import { type PrintLanguage, printCodeInert } from './print-code';
import { awkProgramSafe, sedScriptSafe } from './script-languages';
import { psqlDescribe, readOnlyStatement, redisRead } from './sql-statements';
import { inertGitConfig, inertMakeAssignment, readOnlySqliteDot } from './value-checks';

/** A word whose value is computed at run time (`$...`) or a glob: bash may make it any word, an option too. */
const EXPANDS = /^(?:\$\u2026|[*?[])/;
/** How the analysis shows text computed at run time inside a word (`of=$...`). */
const DYNAMIC = '$\u2026';
/**
 * A glob at the start of a word that a literal tail holding `.` or `/` ends (`*.egg-info`, `?.o`): every expansion
 * ends in that tail, so none is an option a program of flags takes (`-rf.egg-info` is refused by its getopt); a
 * leading double star and slash (all Markdown files under any folder) only adds folders before it.
 */
const SUFFIX_GLOB = /^(?:\*\*\/)?[*?]+[^*?[\]\\$\u2026]*[./][^*?[\]\\$\u2026]*$/;
const OPERATORS = new Set(['(', ')', '!', ',', '\\(', '\\)']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/**
 * How the program may be named: found on PATH, in a system bin folder, a package's local bin (`node_modules/.bin`,
 * a project virtualenv's `bin`, composer's `vendor/bin`), or a build tool's committed wrapper (`./gradlew`, `./mvnw`).
 */
const PROGRAM_PATH =
  /^(?:[^/]+|\/(?:usr\/(?:local\/)?)?s?bin\/[^/]+|\/opt\/homebrew\/bin\/[^/]+|(?:\.\/)?node_modules\/\.bin\/[^/]+|(?:\.\/)?\.?venv\/bin\/[^/]+|(?:\.\/)?vendor\/bin\/[^/]+|\.\/(?:gradlew|mvnw)|(?:\.\/)?bin\/(?:rails|rake|rspec|rubocop|bundle))$/;

interface Read {
  /** The values given to options (`-e script`), in order. */
  values: Array<[string, string]>;
  /** The flags given (`-I`), in order. */
  flags: string[];
  positionals: string[];
  /** The subcommand words matched, joined (`eval` of `deno eval`). */
  subcommand?: string;
}

type Step = { ok: true; next: number } | { ok: false };

/** Reads one option word at `i` against `set`; returns the index after it (and its value), or not ok. */
function readOption(
  args: readonly string[],
  i: number,
  set: OptionSet,
  entry: CompiledEntry,
  read: Read,
): Step {
  const a = args[i] as string;
  if (entry.numeric && /^-\d+$/.test(a)) {
    // `kill` takes one signal, then ids: a number after any option is a process group (`kill -9 -2980`, white-box
    // review), so there a number is an option only when first.
    if (
      entry.numeric === 'first' &&
      (read.flags.length > 0 || read.values.length > 0 || read.positionals.length > 0 || i > 0)
    )
      return { ok: false };
    read.flags.push(a);
    return { ok: true, next: i + 1 };
  }
  // A single-dash word the entry lists whole (`node -pe`, `staticcheck -checks`) is that option, not a cluster; so is
  // a listed single-dash valued word with its value after `=` (`cc -std=c11`).
  const eqAt = a.startsWith('--') ? -1 : a.indexOf('=');
  const whole =
    a.length > 2 && (set.flags.has(a) || set.values.has(a) || (eqAt > 2 && set.values.has(a.slice(0, eqAt))));
  // A one-letter valued option glued to a count (`cmake --build b -j4`): that option and its number.
  const glued = /^-[A-Za-z]\d+$/.test(a) && !whole && !a.startsWith('--') && set.values.has(a.slice(0, 2));
  if (entry.singleDashWords && glued) {
    if (entry.breaking.has(a.slice(0, 2))) return { ok: false };
    read.values.push([a.slice(0, 2), a.slice(2)]);
    return { ok: true, next: i + 1 };
  }
  if (a.startsWith('--') || entry.singleDashWords || whole) {
    const eq = a.indexOf('=');
    const name = eq < 0 ? a : a.slice(0, eq);
    if (entry.breaking.has(name)) return { ok: false };
    // An option known both ways (`--color`, `--color=auto`) is read as a flag: a value it took becomes a positional.
    if (set.values.has(name) && !set.flags.has(name)) {
      if (eq >= 0) {
        read.values.push([name, a.slice(eq + 1)]);
        return { ok: true, next: i + 1 };
      }
      const v = args[i + 1];
      if (v === undefined) return { ok: false };
      read.values.push([name, v]);
      return { ok: true, next: i + 2 };
    }
    if (eq >= 0 && set.values.has(name)) read.values.push([name, a.slice(eq + 1)]);
    // A flag that keeps the command safe, given a value (`--dry-run=false`), may mean its opposite: not known.
    else if (eq >= 0 && entry.keptFlags.has(name) && a.slice(eq + 1) !== 'true') return { ok: false };
    if (set.flags.has(name)) {
      read.flags.push(name);
      return { ok: true, next: i + 1 };
    }
    return { ok: false };
  }
  // A short cluster: `-la`, `-n5`, `-ne script`. An option known both ways (`-n` of `cat -n` and `head -n 5`)
  // takes the rest of the cluster as its value unless the rest is known flags; alone it is read as a flag.
  for (let j = 1; j < a.length; j++) {
    const o = `-${a[j]}`;
    if (entry.breaking.has(o)) return { ok: false };
    const flag = set.flags.has(o);
    if (set.values.has(o)) {
      const rest = a.slice(j + 1);
      const restFlags = [...rest].every((ch) => set.flags.has(`-${ch}`) && !entry.breaking.has(`-${ch}`));
      if (rest !== '' && !(flag && restFlags)) {
        read.values.push([o, rest]);
        return { ok: true, next: i + 1 };
      }
      if (!flag) {
        if (rest !== '') continue;
        const v = args[i + 1];
        if (v === undefined) return { ok: false };
        read.values.push([o, v]);
        return { ok: true, next: i + 2 };
      }
    }
    if (!flag) return { ok: false };
    read.flags.push(o);
  }
  return { ok: true, next: i + 1 };
}

const isOption = (a: string, entry: CompiledEntry): boolean =>
  a.length > 1 && a.startsWith('-') && !(entry.singleDashWords && OPERATORS.has(a));

/** Where the subcommand ends, and whether the words after it are the run program's own arguments (`**`). */
interface SubcommandEnd {
  next: number;
  rest: boolean;
}

/**
 * The end of the subcommand, or undefined when no pattern of the entry matches. Global options may come first; a
 * pattern may itself start with an option (`-m pytest` of python). A word matched by `*` must match `operands`.
 */
function readSubcommand(
  args: readonly string[],
  entry: CompiledEntry,
  read: Read,
): SubcommandEnd | undefined {
  let i = 0;
  for (;;) {
    for (const pattern of entry.subcommands ?? []) {
      const rest = pattern[pattern.length - 1] === '**';
      const words = rest ? pattern.slice(0, -1) : pattern;
      const fits = words.every((w, k) => {
        const a = args[i + k];
        if (a === undefined) return false;
        if (w !== '*') return a === w;
        return !a.startsWith('-') && !EXPANDS.test(a) && (entry.operands?.test(a) ?? true);
      });
      if (fits) {
        read.subcommand = args.slice(i, i + words.length).join(' ');
        return { next: i + words.length, rest };
      }
    }
    if (i >= args.length || !isOption(args[i] as string, entry)) return undefined;
    const step = readOption(args, i, entry.global, entry, read);
    if (!step.ok) return undefined;
    i = step.next;
  }
}

/** The option each interpreter takes its inline program with, for a program read on standard input. */
const STDIN_AS_INLINE: Readonly<Record<string, string>> = { node: '-e', nodejs: '-e', ruby: '-e' };

/**
 * `python3 - <<'EOF'`: the interpreter reads its program from standard input, the literal text the analysis
 * holds; matched as `python3 -c TEXT` (a `-` naming standard input dropped). Words after it are the program's
 * arguments and stay operands.
 */
function stdinAsInline(segment: Segment): string[] {
  const args = segment.argv.slice(1);
  const option = /^python[0-9.]*$/.test(segment.program) ? '-c' : STDIN_AS_INLINE[segment.program];
  if (option === undefined) return args;
  const dash = args.indexOf('-');
  const options = dash < 0 ? args : args.slice(0, dash);
  if (dash < 0 && options.some((a) => !a.startsWith('-'))) return args;
  return [...options, option, segment.stdinCode as string, ...(dash < 0 ? [] : args.slice(dash + 1))];
}

/** The arguments the catalogue reads for a segment (a program read on standard input as its inline option). */
export function segmentArgs(segment: Segment): string[] {
  if (segment.scriptText !== undefined) return programFileInline(segment, segment.scriptText);
  return segment.stdinCode === undefined ? segment.argv.slice(1) : stdinAsInline(segment);
}

/**
 * `awk -f sum.awk data.csv`, `sed -f fix.sed f`: the program file's text in place of the option naming it, as the
 * inline program it equals (awk's first operand, sed's `-e`).
 */
function programFileInline(segment: Segment, text: string): string[] {
  const args = segment.argv.slice(1);
  const at = args.findIndex((a) => a === '-f' || a === '--file' || a.startsWith('--file='));
  if (at < 0) return args;
  const width = args[at]?.startsWith('--file=') ? 1 : 2;
  const inline = /^g?sed$/.test(segment.program) ? ['-e', text] : [text];
  return [...args.slice(0, at), ...inline, ...args.slice(at + width)];
}

/** The options that give an interpreter its inline program. */
const INLINE_CODE: Record<string, readonly string[]> = {
  python: ['-c', '--command'],
  node: ['-e', '--eval', '-p', '--print', '-pe', 'eval'],
  ruby: ['-e', 'runner', 'r'],
};

/**
 * An interpreter's inline program must be read as inert. Python: `-I`/`-P` keep the current folder off the
 * import path; a `-W` category with a module (`error::pkg.Warn`) imports that module.
 */
function inlineSafe(language: 'python' | 'node' | 'ruby', read: Read): boolean {
  const codes = read.values.filter(([o]) => INLINE_CODE[language]?.includes(o)).map(([, v]) => v);
  // `deno eval CODE`: the subcommand gives the code as its one positional.
  if (read.subcommand !== undefined && INLINE_CODE[language]?.includes(read.subcommand))
    codes.push(...read.positionals.slice(0, 1));
  if (read.subcommand !== undefined && read.positionals.length > 1) return false;
  // The interpreter stops reading options at its first operand, the script it runs (`python x.py -c 1` runs
  // x.py): an operand beside inline code is never known.
  if (read.subcommand === undefined && read.positionals.length > 0) return false;
  if (codes.length !== 1) return false;
  if (language === 'python' && read.values.some(([o, v]) => o === '-W' && v.includes('.'))) return false;
  const isolated = language === 'python' && read.flags.some((f) => f === '-I' || f === '-P');
  return inlineCodeInert(codes[0] as string, language, isolated);
}

/** The options that give a command language its inline program. */
const PRINT_CODE: Record<PrintLanguage, readonly string[]> = {
  r: ['-e'],
  julia: ['-e', '--eval', '-E', '--print'],
  php: ['-r'],
  perl: ['-e', '-E'],
};

function languageSafe(entry: CompiledEntry, read: Read): boolean {
  if (!entry.language) return true;
  const lang = entry.language;
  // `perl -pi -e 's/a/b/g' FILE`: the one program only substitutions, as a `sed -i` script (perl-substitution.ts).
  if (lang === 'perl-subst') {
    const codes = read.values.filter(([o]) => o === '-e' || o === '-E').map(([, v]) => v);
    return codes.length === 1 && perlSubstitutionsOnly(codes[0] as string);
  }
  if (lang === 'r' || lang === 'julia' || lang === 'php' || lang === 'perl') {
    const codes = read.values.filter(([o]) => PRINT_CODE[lang].includes(o)).map(([, v]) => v);
    return codes.length === 1 && read.positionals.length === 0 && printCodeInert(codes[0] as string, lang);
  }
  if (lang !== 'sed' && lang !== 'awk') return inlineSafe(lang, read);
  const given = read.values.filter(([o]) => o === '-e' || o === '--expression').map(([, v]) => v);
  const scripts = given.length > 0 ? given : read.positionals.slice(0, 1);
  if (scripts.length === 0) return false;
  const check = entry.language === 'sed' ? sedScriptSafe : awkProgramSafe;
  return scripts.every(check);
}

/** The catalogue's variable lists an argument reading needs. */
export interface Variables {
  inert: VariableSet;
  runsCode: VariableSet;
  /** The catalogue's `inert_values`: a variable known by its value (`GIT_SSH_COMMAND=ssh -i key`). */
  inertValues?: ReadonlyMap<string, RegExp>;
}

/**
 * Is `a` a `NAME=value` word not known inert (`make SHELL=x`; `rails db:migrate RAILS_ENV=test` is known)? For
 * make, a variable make does not read itself with a plain value is known (`make CFLAGS=-O2`, value-checks.ts).
 */
function assignsUnknown(a: string, entry: CompiledEntry, vars: Variables | undefined): boolean {
  if (!ASSIGNMENT.test(a)) return false;
  if (vars === undefined) return true;
  if (inVariableSet(vars.inert, a.slice(0, a.indexOf('=')))) return false;
  return !(languagesOf(entry).make && inertMakeAssignment(a, vars.runsCode));
}

/**
 * `git -c key=value` of a key git reads from a variable too (`core.sshCommand`, `GIT_SSH_COMMAND`), with a value the
 * catalogue knows inert for that variable (`inert_values`): the same setting, given the other way.
 */
function twinInert(kv: string, vars: Variables | undefined): boolean {
  const eq = kv.indexOf('=');
  if (eq < 0) return false;
  const variable = gitExecKey(kv.slice(0, eq))?.variable;
  return (
    variable !== undefined &&
    vars?.inertValues?.get(variable)?.test(kv.slice(eq + 1).replace(/^ +| +$/g, '')) === true
  );
}

/** A workspace file named plainly (a database file). */
const WORKSPACE_FILE = /^(?![/~-])(?!(.*\/)?\.\.(\/|$))[\w./@+-]+$/;

/**
 * Values the entry's program reads as a language of its own, read here: `git -c` only of a key that changes how it
 * prints, a database client only with one read-only statement (`psql -c`, `sqlite3 FILE SQL`, `mysql -e`,
 * `duckdb [FILE] -c SQL`, sql-statements.ts), `redis-cli` only with a reading command.
 */
function valuesKnown(entry: CompiledEntry, read: Read, vars: Variables | undefined): boolean {
  const languages = languagesOf(entry);
  if (languages.git && read.values.some(([o, v]) => o === '-c' && !inertGitConfig(v) && !twinInert(v, vars)))
    return false;
  if (languages.psql) {
    const sql = read.values.filter(([o]) => o === '-c' || o === '--command');
    const text = (sql[0] as [string, string] | undefined)?.[1] ?? '';
    return sql.length === 1 && (readOnlyStatement(text, 'postgres') || psqlDescribe(text));
  }
  // csvsql loads the CSV files into an in-memory database and runs the query there (or reads a file so named).
  if (languages.csvsql) {
    const sql = read.values.filter(([o]) => o === '--query');
    return sql.length === 1 && readOnlyStatement((sql[0] as [string, string])[1], 'sqlite');
  }
  if (languages.sqlite3) {
    const [file, sql, ...more] = read.positionals;
    return (
      more.length === 0 &&
      WORKSPACE_FILE.test(file ?? '') &&
      (readOnlyStatement(sql ?? '', 'sqlite') || readOnlySqliteDot(sql ?? ''))
    );
  }
  if (languages.mysql) {
    const sql = read.values.filter(([o]) => o === '-e' || o === '--execute');
    return sql.length === 1 && readOnlyStatement((sql[0] as [string, string])[1], 'mysql');
  }
  if (languages.duckdb) {
    // `duckdb [FILE] -c SQL` or `duckdb FILE SQL`: the file a workspace database, one read-only statement.
    const given = read.values.filter(([o]) => o === '-c').map(([, v]) => v);
    const [file, ...rest] = read.positionals;
    const sql = [...given, ...(file === undefined ? [] : rest)];
    if (file !== undefined && !WORKSPACE_FILE.test(file)) return false;
    return sql.length === 1 && readOnlyStatement(sql[0] as string, 'duckdb');
  }
  // `redis-cli --scan [--pattern P]` lists keys and runs no command of its own.
  if (languages.redis)
    return redisRead(read.positionals) || (read.flags.includes('--scan') && read.positionals.length === 0);
  return true;
}

/**
 * Which of the programs read specially here an entry lists (an entry may list a hundred programs, scanned for each
 * of these on every segment): once per entry.
 */
interface Languages {
  git: boolean;
  psql: boolean;
  sqlite3: boolean;
  csvsql: boolean;
  mysql: boolean;
  duckdb: boolean;
  redis: boolean;
  make: boolean;
  /** A container engine (CONTAINER_CLIS). */
  container: boolean;
}
const languages = new WeakMap<CompiledEntry, Languages>();

function languagesOf(entry: CompiledEntry): Languages {
  let known = languages.get(entry);
  if (known === undefined) {
    const programs = entry.source.programs;
    known = {
      git: programs.includes('git'),
      psql: programs.includes('psql'),
      sqlite3: programs.includes('sqlite3'),
      csvsql: programs.includes('csvsql'),
      mysql: programs.includes('mysql'),
      duckdb: programs.includes('duckdb'),
      redis: programs.includes('redis-cli'),
      make: programs.includes('make'),
      container: CONTAINER_CLIS.some((p) => programs.includes(p)),
    };
    languages.set(entry, known);
  }
  return known;
}

/**
 * A shell running a script (`runs_script`): its options up to the first positional (the shell reads none after
 * it), the script's path (a literal word), then the script's arguments, each a static word matching `operands`.
 * Returns the script word (`''`: the script is standard input), or undefined when the shape is not known.
 */
function scriptArgs(entry: CompiledEntry, args: readonly string[]): string | undefined {
  const read: Read = { values: [], flags: [], positionals: [] };
  let i = 0;
  while (i < args.length && isOption(args[i] as string, entry) && args[i] !== '--') {
    const step = readOption(args, i, entry.options, entry, read);
    if (!step.ok) return undefined;
    i = step.next;
  }
  if (args[i] === '--') i++;
  const script = args[i];
  if (script === undefined) return '';
  if (EXPANDS.test(script) || script.includes(DYNAMIC)) return undefined;
  for (const a of args.slice(i + 1)) {
    if (EXPANDS.test(a) || a.includes(DYNAMIC)) return undefined;
    if (entry.operands && !entry.operands.test(a)) return undefined;
  }
  return script;
}

/**
 * Did the analysis read the script `segment` runs? Its commands follow it at once, one wrapper deeper: the shell
 * itself for standard input, `<shell> (script file)` for a file. The script (or a `<` file) must be a workspace
 * path. Nothing read (no reader, a missing or empty file): not known.
 */
function scriptRead(segment: Segment, next: Segment | undefined, script: string): boolean {
  if (!next) return false;
  const own = segment.wrappers;
  const w = next.wrappers;
  if (w.length !== own.length + 1 || !own.every((x, k) => w[k] === x)) return false;
  const last = w[own.length];
  // A script file read from disk, or written earlier in the line with text shown (written-scripts.ts).
  const fromFile =
    last === `${segment.program}${SCRIPT_FILE_WRAPPER}` ||
    last === `${segment.program}${WRITTEN_SCRIPT_WRAPPER}`;
  if (!fromFile && (script !== '' || last !== segment.program)) return false;
  if (script === '') return segment.paths.every((p) => p.class === 'workspace');
  return segment.paths.some((p) => p.raw === script && p.role === 'exec' && p.class === 'workspace');
}

/** The index after `-exec PROGRAM ... ;|+` when PROGRAM is listed and a terminator ends it; else undefined. */
function execEnd(args: readonly string[], at: number, programs: ReadonlySet<string>): number | undefined {
  const program = args[at];
  if (program === undefined || !programs.has(program)) return undefined;
  for (let j = at + 1; j < args.length; j++) {
    const w = args[j];
    if (w === ';' || (w === '+' && args[j - 1] === '{}')) return j + 1;
  }
  return undefined;
}

/** Programs `find -exec` may run that delete: known only on a search that selects generated folders. */
const DELETERS = new Set(['rm']);

/**
 * `find ROOT -name NAME -type d [-prune] -exec rm -rf {} +` where every NAME is a generated folder
 * (`__pycache__`, `node_modules`, `*.egg-info`): the same as `rm -rf` of those folders. Only `-name`, `-type d`,
 * `-prune`, `-depth`, `-xdev`, depth limits and excluded paths may narrow the search; `rm` takes only its
 * recursive and force flags and `{}`; one `-exec`, last.
 * `find ROOT -name NAME [-type f|d] -delete` (`-delete` last, alone) where every NAME is a generated folder or a
 * generated file (`*.pyc`, `.DS_Store`): the same as `rm -f` of each (`-delete` removes a folder only when empty).
 */
function selectsGeneratedFolders(args: readonly string[]): boolean {
  let i = 0;
  while (i < args.length && !(args[i] as string).startsWith('-') && !OPERATORS.has(args[i] as string)) i++;
  let names = 0;
  let folders = false;
  let files = false;
  for (; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '-delete') return i + 1 === args.length && names > 0 && !(folders && files);
    if (a === '-exec' || a === '-execdir') {
      let j = i + 2;
      while (/^(-[rRf]+|--recursive|--force)$/.test(args[j] ?? '')) j++;
      const last = args[j + 1];
      return args[i + 1] === 'rm' &&
        args[j] === '{}' &&
        (last === '+' || last === ';') &&
        j + 2 === args.length
        ? names > 0 && (folders ? !files : files)
        : false;
    }
    const v = args[i + 1];
    if (a === '-name') {
      if (v === undefined) return false;
      if (GENERATED_FILE_NAMES.has(v)) files = true;
      else if (!(isGeneratedFolder(v) || isGeneratedGlob(v))) return false;
      names++;
      i++;
    } else if (a === '-type') {
      if (v === 'd') folders = true;
      else if (v !== 'f') return false;
      i++;
    } else if (a === '-maxdepth' || a === '-mindepth') {
      if (!/^\d+$/.test(v ?? '')) return false;
      i++;
    } else if ((a === '-not' || a === '!') && /^-(i?path|i?wholename|i?name)$/.test(v ?? '')) {
      if (args[i + 2] === undefined) return false;
      i += 2;
    } else if (!['-prune', '-depth', '-xdev', '-mount'].includes(a)) return false;
  }
  return false;
}

/**
 * `find` running a program on what it finds (or deleting it) reads every file below its start folders, which the
 * path analysis cannot list: known only when each start folder is a workspace path and symbolic links are not
 * followed.
 */
function execInWorkspace(segment: Segment, args: readonly string[]): boolean {
  if (!args.some((a) => a === '-exec' || a === '-execdir' || a === '-delete')) return true;
  if (args.some((a) => a === '-L' || a === '-follow')) return false;
  // Without a start folder the analysis names the current one (`.`); none at all is not known. A write to temp is
  // find's own output redirected (`> /tmp/out.log`), never a start folder.
  return (
    segment.paths.length > 0 &&
    segment.paths.some((p) => p.class === 'workspace') &&
    segment.paths.every((p) => p.class === 'workspace' || (p.class === 'temp' && p.role === 'write'))
  );
}

/** Container engines, and their subcommands whose words after the image (or service) are the container's command. */
const CONTAINER_CLIS = ['docker', 'podman'];
const CONTAINER_RUNS = new Set([
  'run',
  'create',
  'container run',
  'container create',
  'compose run',
  'compose exec',
]);

/**
 * Does the subcommand read end in one that starts a container with a command (`docker run IMAGE CMD...`)? Then the
 * first positional (the image or service) ends the engine's own arguments: the rest runs inside the container.
 */
function runsInContainer(entry: CompiledEntry, args: readonly string[], end: number): boolean {
  if (!languagesOf(entry).container) return false;
  return (entry.subcommands ?? []).some((p) => {
    const words = p.join(' ');
    return CONTAINER_RUNS.has(words) && args.slice(end - p.length, end).join(' ') === words;
  });
}

/**
 * tar's old-style first word (`tar czf out.tgz src`) read as the option cluster it is (`-czf`), only when every
 * letter is a flag the entry knows and at most the last takes a value: with two value letters old style takes
 * their values in order, which a cluster does not, so that spelling stays unknown.
 */
function oldStyleCluster(entry: CompiledEntry, args: readonly string[]): readonly string[] {
  const first = args[0];
  if (!entry.optionsFirst || first === undefined || !/^[A-Za-z]+$/.test(first)) return args;
  if (!entry.source.programs.includes('tar')) return args;
  const letters = [...first];
  const last = letters.length - 1;
  const known = letters.every((c, i) =>
    i === last
      ? entry.options.flags.has(`-${c}`) || entry.options.values.has(`-${c}`)
      : entry.options.flags.has(`-${c}`),
  );
  return known ? [`-${first}`, ...args.slice(1)] : args;
}

/**
 * Does `entry` know this argument list safe? `inert`: the catalogue's inert variables (none when not given).
 * `forwarded`: the words after `--` reach only commands the analysis judged (`Segment.forwarded`).
 */
export function entryMatches(
  entry: CompiledEntry,
  given: readonly string[],
  vars?: Variables,
  forwarded = false,
): boolean {
  const args = oldStyleCluster(entry, given);
  if (entry.needsArgument && args.length === 0) return false;
  if (entry.optionsFirst && !(args[0] ?? '').startsWith('-')) return false;
  if (entry.literalArgs) return true;
  if (entry.runsScript) return scriptArgs(entry, args) !== undefined;
  const read: Read = { values: [], flags: [], positionals: [] };
  let i = 0;
  let container = false;
  if (entry.subcommands) {
    const end = readSubcommand(args, entry, read);
    if (end === undefined) return false;
    // The words after `**` are the arguments of the program the entry runs (a workspace program): data to it.
    if (end.rest) return valuesKnown(entry, read, vars) && languageSafe(entry, read);
    i = end.next;
    container = runsInContainer(entry, args, i);
  }
  const mayBreak = entry.breaking.size > 0;
  let ended = false;
  while (i < args.length) {
    const a = args[i] as string;
    if (!ended && entry.execPrograms.size > 0 && (a === '-exec' || a === '-execdir')) {
      // The command run is a segment of its own (judged as itself): here only its program must be listed.
      const end = execEnd(args, i + 1, entry.execPrograms);
      if (end === undefined) return false;
      if (DELETERS.has(args[i + 1] as string) && !selectsGeneratedFolders(args)) return false;
      i = end;
      continue;
    }
    // `-delete` of generated folders or files only, as the search's one action (see selectsGeneratedFolders).
    if (!ended && a === '-delete' && entry.execPrograms.size > 0 && selectsGeneratedFolders(args)) {
      i++;
      continue;
    }
    if (!ended && a === '--' && !entry.optionsAfterDashDash) {
      // A runner's words after `--` that the analysis followed into the commands it judged are theirs to know.
      if (forwarded) break;
      ended = true;
      i++;
      continue;
    }
    if (!ended && isOption(a, entry)) {
      const step = readOption(args, i, entry.options, entry, read);
      if (!step.ok) return false;
      i = step.next;
      continue;
    }
    const operandGlob = entry.suffixGlobs && SUFFIX_GLOB.test(a);
    if (((!ended && mayBreak) || entry.staticArgs) && EXPANDS.test(a) && !operandGlob) return false;
    if (entry.staticArgs && a.includes(DYNAMIC)) return false;
    if (entry.refuseAssignments && assignsUnknown(a, entry, vars)) return false;
    if (entry.positionals === 'none') return false;
    if (entry.operands && !entry.operands.test(a)) return false;
    read.positionals.push(a);
    i++;
    if (container) break;
  }
  return valuesKnown(entry, read, vars) && languageSafe(entry, read) && optionValuesKnown(entry, read);
}

/**
 * Every value of an option `option_values` lists matches its pattern (`tar -I zstd`, `-C vendor`); an option of
 * `required_values` is given; the first positional matches `first_operand`.
 */
function optionValuesKnown(entry: CompiledEntry, read: Read): boolean {
  const given = [...read.values.map(([o]) => o), ...read.flags];
  if (entry.requiredValues.size > 0 && !given.some((o) => entry.requiredValues.has(o))) return false;
  if (entry.firstOperand && !entry.firstOperand.test(read.positionals[0] ?? '')) return false;
  if (entry.maxPositionals !== undefined && read.positionals.length > entry.maxPositionals) return false;
  if (entry.optionValues.size === 0) return true;
  return read.values.every(([o, v]) => {
    const pattern = entry.optionValues.get(o);
    return pattern === undefined || (!v.includes(DYNAMIC) && pattern.test(v));
  });
}

/**
 * `paths_in_scope`: the program runs in a workspace folder and every path the analysis lists for it is in the
 * workspace or temp; a deletion only inside a generated folder or temp (`rsync --delete` into `build/`).
 */
function pathsInScope(segment: Segment): boolean {
  if (segment.cwdClass !== 'workspace') return false;
  return segment.paths.every(
    (p) =>
      p.class === 'temp' ||
      (p.class === 'workspace' && (p.role !== 'delete' || p.generated === true) && p.role !== 'exec'),
  );
}

/** What `matchSegment` answers for a known program asked only its version (`version_options`). */
export const VERSION_QUERY = 'version-query';

/** What `matchSegment` answers for a known program asked only its usage (`help_options`). */
export const HELP_QUERY = 'help-query';

/** What `matchSegment` answers for `python -c` asking installed modules only what they are (ADR 0096). */
export const MODULE_QUERY = 'module-version-query';

/** What `matchSegment` answers for a git alias the analysis expanded: what it runs follows (git-aliases.ts). */
export const GIT_ALIAS = 'git-alias';

/** What `matchSegment` answers for a workspace program known by what the analysis read (ADR 0068). */
export const WORKSPACE_PROGRAM = 'workspace-program';
/** The words a workspace program may take: what `go run` takes (no URL, `@`, absolute path, `~`, `..`, run-time text). */
const WORKSPACE_PROGRAM_ARG = /^(?![/~@])(?!.*:\/\/)(?!(.*\/)?\.\.(\/|$))[^$`@\u2026]*$/;

/**
 * The words given to a workspace program the analysis knows: one read and found inert or built earlier in the
 * line (`Segment.workspaceProgram`), or a script run by its path that the analysis read as shell (its commands
 * follow it, each judged on its own, as `bash script.sh`'s do). Undefined for anything else.
 */
function workspaceProgramArgs(segment: Segment, next: Segment | undefined): readonly string[] | undefined {
  if (segment.workspaceProgram) return segment.workspaceProgram;
  // A relative path from a workspace folder, read as shell: its commands follow one wrapper deeper.
  const word = segment.argv[0] ?? '';
  if (!word.includes('/') || segment.cwdClass !== 'workspace' || !WORKSPACE_PROGRAM_ARG.test(word))
    return undefined;
  const own = segment.wrappers;
  const w = next?.wrappers ?? [];
  const follows =
    w.length === own.length + 1 &&
    own.every((x, k) => w[k] === x) &&
    w[own.length] === `${segment.program}${SCRIPT_FILE_WRAPPER}`;
  return follows ? segment.argv.slice(1) : undefined;
}

/** Does what the segment's git alias runs follow it at once, one wrapper deeper? */
function aliasFollows(segment: Segment, next: Segment | undefined): boolean {
  const own = segment.wrappers;
  const w = next?.wrappers ?? [];
  return (
    w.length === own.length + 1 && own.every((x, k) => w[k] === x) && w[own.length] === GIT_ALIAS_WRAPPER
  );
}

/** Does a run-time word that may read as an option stand before the first literal `--` of the segment? */
function optionPositioned(segment: Segment): boolean {
  if (!segment.optionWords?.length) return false;
  const end = segment.argv.indexOf('--');
  return segment.optionWords.some((k) => end < 0 || k < end);
}

/** Modules an interpreter runs as the program of that name (`python3 -m pip install x` is `pip install x`). */
const MODULE_PROGRAMS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  python: { pip: 'pip', pip3: 'pip' },
  python3: { pip: 'pip', pip3: 'pip' },
};

/** The segment as the program its interpreter runs as a module (`-m pip`), or undefined. */
function asModuleProgram(segment: Segment): Segment | undefined {
  if (segment.argv[1] !== '-m') return undefined;
  const modules = Object.hasOwn(MODULE_PROGRAMS, segment.program)
    ? MODULE_PROGRAMS[segment.program]
    : undefined;
  const name = segment.argv[2] ?? '';
  const program = modules && Object.hasOwn(modules, name) ? modules[name] : undefined;
  if (program === undefined) return undefined;
  // The interpreter's own name stays first: a workspace file named like it is still not the program.
  return {
    ...segment,
    program,
    argv: [segment.argv[0] ?? program, ...segment.argv.slice(3)],
    optionWords: [],
  };
}

/**
 * The id of the first catalogue entry that knows the segment safe, or undefined (unknown). `next`: the segment
 * after it in the analysis (a shell's script, when the analysis read one, follows it).
 */
export function matchSegment(catalogue: Catalogue, segment: Segment, next?: Segment): string | undefined {
  // `pnpm format:check`: a script run by its bare name, which the analysis read, is read as `pnpm run format:check`.
  if (segment.packageScript !== undefined) {
    const argv = [...segment.argv];
    argv.splice(segment.packageScript, 0, 'run');
    const { packageScript: _, ...rest } = segment;
    return matchSegment(catalogue, { ...rest, argv }, next);
  }
  // `pnpm turbo run test`: a bin the manager runs by its bare name, judged as the segment after it, is `exec turbo`.
  if (segment.packageBin !== undefined) {
    const argv = [...segment.argv];
    argv.splice(segment.packageBin, 0, 'exec');
    const { packageBin: _, ...rest } = segment;
    return matchSegment(catalogue, { ...rest, argv }, next);
  }
  const module = asModuleProgram(segment);
  if (module !== undefined)
    return optionPositioned(segment) ? undefined : matchSegment(catalogue, module, next);
  const entries: EntryList | undefined =
    catalogue.byProgram.each?.(segment.program) ?? catalogue.byProgram.get(segment.program);
  const ran = workspaceProgramArgs(segment, next);
  if (!entries && ran === undefined) return undefined;
  // A file of the workspace named like a known program (`./ls`, `bin/git`) is not that program.
  if (ran === undefined && segment.argv.length > 0 && !PROGRAM_PATH.test(segment.argv[0] ?? ''))
    return undefined;
  // A workspace bin folder's file named like a system program (`node_modules/.bin/ls`, `vendor/bin/sh`) is a file of
  // the workspace, not that program (a virtualenv's own interpreter and installer are what they say).
  const bin = WORKSPACE_BIN.exec(segment.argv[0] ?? '');
  if (
    ran === undefined &&
    bin &&
    SYSTEM_ONLY.has(bin[2] ?? '') &&
    !(bin[1] !== 'node_modules/.bin' && /^(?:python3?|pip3?)$/.test(bin[2] ?? ''))
  )
    return undefined;
  // INVARIANT: a variable given to the program must be known inert, or the program run is not the one known.
  // A variable known inert only by its value (`PAGER=cat`) must be given a value of that shape.
  const values = segment.assigned?.length ? new Map(segment.assignedValues ?? []) : undefined;
  for (const name of segment.assigned ?? [])
    if (!inVariableSet(catalogue.inert, name) && !valueInert(catalogue, name, values?.get(name) ?? '$\u2026'))
      return undefined;
  // `npx -p other-package tsc` runs another package's `tsc`: not the program the catalogue knows.
  for (const o of segment.wrapperOptions ?? []) if (catalogue.wrapperOptionsNotSafe.has(o)) return undefined;
  // `npx tsc` with nothing installed runs the registry package `tsc`: known only as a known package.
  for (const fetched of segment.fetchedPackages ?? [])
    if (!catalogue.knownPackage(fetched.registry, fetched.name)) return undefined;
  // `git st`: the alias's commands follow, each judged on its own.
  if (segment.gitAlias && segment.program === 'git' && aliasFollows(segment, next)) return GIT_ALIAS;
  if (ran?.every((a) => WORKSPACE_PROGRAM_ARG.test(a)))
    return segment.moduleQuery ? MODULE_QUERY : WORKSPACE_PROGRAM;
  // `X --version` of a program the catalogue knows only prints what it is (a wrapper asked its version
  // runs nothing: the wrapper table's `noRun` options and an entry of the wrapper know it, `npx-version`).
  if (
    ran === undefined &&
    segment.argv.length === 2 &&
    catalogue.versionOptions.has(segment.argv[1] as string)
  )
    return VERSION_QUERY;
  if (!entries) return undefined;
  // A wrapper with nothing to run (`ssh-agent -s`): the wrapper table read its options (an unknown one is
  // uncertain); only an entry of that program that takes no positionals knows it.
  if (segment.argv.length === 0) {
    if (segment.wrappers[segment.wrappers.length - 1] !== segment.program) return undefined;
    for (let k = 0; k < entries.length; k++) {
      const e = entries.at(k);
      if (e && e.positionals === 'none' && !e.subcommands && entryMatches(e, [])) return e.id;
    }
    return undefined;
  }
  // INVARIANT: a word computed at run time that may read as an option (`find src | xargs wc -l`: a name with a
  // blank or a leading `-`) is no known-safe operand: before a literal `--` it could be any option of the program,
  // unless every option of the program only shapes its output or what it reads (`options_inert_programs`).
  if (optionPositioned(segment) && !catalogue.optionsInert.has(segment.program)) return undefined;
  const args = segmentArgs(segment);
  for (let k = 0; k < entries.length; k++) {
    const entry = entries.at(k);
    if (!entry || !entryMatches(entry, args, catalogue, segment.forwarded === true)) continue;
    if (entry.runsScript && !scriptRead(segment, next, scriptArgs(entry, args) ?? '')) continue;
    if (entry.execPrograms.size > 0 && !execInWorkspace(segment, args)) continue;
    if (entry.pathsInScope && !pathsInScope(segment)) continue;
    return entry.id;
  }
  return ran === undefined && helpQuery(catalogue, segment, entries) ? HELP_QUERY : undefined;
}

/**
 * The shell's own commands: zsh's take no `--help` (`source --help` sources a file named `--help`, `eval --help` runs
 * a command of that name: final read).
 */
const SHELL_WORDS = new Set(
  '. source eval exec command builtin trap alias unalias set export unset typeset declare local readonly let cd pushd popd read shift return exit fc hash type enable emulate autoload zmodload noglob nocorrect'.split(
    ' ',
  ),
);

/** A literal subcommand word (`run`, `pr`, `dependency-tree`). */
const SUBCOMMAND_WORD = /^[a-z][a-z0-9-]*$/;

/**
 * `X --help` of a program the catalogue knows, or `X <sub…> --help` of a `help_programs` program whose subcommand
 * words begin a subcommand an entry lists (`docker compose --help`, `gh pr create --help`): the usage is printed and
 * nothing runs. A word no entry lists may be a plugin the program starts (`kubectl foo` runs `kubectl-foo`).
 */
function helpQuery(catalogue: Catalogue, segment: Segment, entries: EntryList): boolean {
  const { argv, program } = segment;
  const help = catalogue.help;
  if (
    argv.length < 2 ||
    !help.options.has(argv[argv.length - 1] as string) ||
    help.manual.has(program) ||
    SHELL_WORDS.has(program)
  )
    return false;
  const words = argv.slice(1, -1);
  if (words.length === 0) return true;
  if (!help.programs.has(program) || words.length > 3 || !words.every((w) => SUBCOMMAND_WORD.test(w)))
    return false;
  for (let k = 0; k < entries.length; k++) {
    const listed = entries.at(k)?.subcommands ?? [];
    if (listed.some((p) => p.length >= words.length && words.every((w, i) => p[i] === w))) return true;
  }
  return false;
}

/**
 * Are the variables a command sets, exports or unsets all known inert? A variable the catalogue does not know
 * (`JAVA_HOME`, `BROWSER`, ...) may change what a later program runs or loads: unknown, never presumed inert.
 */
export function variablesInert(
  catalogue: Catalogue,
  names: readonly string[],
  values: readonly [string, string][] = [],
): boolean {
  return names.every((n) => {
    if (inVariableSet(catalogue.inert, n)) return true;
    // Known inert by value (`PAGER=cat`): every value it was given must be of the known shape.
    const given = values.filter(([name]) => name === n);
    return given.length > 0 && given.every(([, v]) => valueInert(catalogue, n, v));
  });
}

/** A shell variable's name by convention: lower case (environment variables are upper case). */
const SHELL_OWN = /^[a-z_][a-z0-9_]*$/;

/**
 * The variables a command sets that may reach a program it runs: all of `names` but the shell's own. A name only
 * ever assigned as a statement or a loop variable (`unexported`: `out=$(git rev-parse HEAD)`, `for f in ...`) is
 * given to no program unless the environment exported it already; by convention environment variables are upper
 * case, and the lower-case ones programs do read (`http_proxy`, `npm_config_*`, zsh's `path`) are
 * `runs_code_variables`. Such a name is the shell's own. So is any name only ever a prefix of a builtin that starts
 * no program (`builtinScoped`: `IFS= read -r line`): it lasted for that builtin alone.
 */
export function programVariables(
  catalogue: Catalogue,
  names: readonly string[],
  unexported: readonly string[] = [],
  builtinScoped: readonly string[] = [],
): string[] {
  if (unexported.length === 0 && builtinScoped.length === 0) return [...names];
  const own = new Set(unexported.filter((n) => SHELL_OWN.test(n) && !inVariableSet(catalogue.runsCode, n)));
  for (const n of builtinScoped) own.add(n);
  return names.filter((n) => !own.has(n));
}

/**
 * Variables bash itself reads for every later command of the same shell: command lookup (`PATH`, `hash` tables,
 * functions and aliases from the environment), the dynamic loader of every program it starts, word splitting,
 * tracing and start-up files. The harness's own bookkeeping after the command (Claude Code records the folder
 * with `pwd`) runs in that shell.
 */
const SHELL_WIDE =
  /^(PATH|LD_\w*|DYLD_\w*|BASH_ENV|ENV|PROMPT_COMMAND|PS4|SHELLOPTS|BASHOPTS|IFS|BASH_FUNC_.*|BASH_CMDS|BASH_ALIASES|BASH_LOADABLES_PATH|CDPATH|GLOBIGNORE|HISTFILE|HOME|ZDOTDIR|BASH_XTRACEFD|POSIXLY_CORRECT|TMOUT)$/;

/**
 * Does a command that runs nothing set a variable the shell itself reads for what runs after it (`PATH`, `LD_*`,
 * `IFS`, ...)? Shell state alone (`export LOG_DIR=./logs`, `export PYTHONPATH=src`, `unset X`) is gone when the
 * harness's shell call ends (Claude Code, Codex and pi start a fresh shell per call) and nothing in the command
 * reads it: a program-specific variable (`PYTHONPATH`, `NODE_OPTIONS`, `GOFLAGS`) is inert there. Beside a
 * program in the same command the stricter `variablesInert` applies.
 */
export function stateRunsCode(_catalogue: Catalogue, names: readonly string[]): boolean {
  return names.some((n) => SHELL_WIDE.test(n));
}
