/**
 * Script files on disk that a shell runs (`bash scripts/x.sh`, `./x.sh`, `source x.sh`, `. x.sh`, `sh < x.sh`),
 * written perhaps by an earlier tool call: read through the surface's reader (`ShellEnv.readScript`) and
 * analysed as nested scripts (depth + 1), as a script written earlier in the same command line is. Without a
 * reader nothing is read and such a script is judged by its name. Pure apart from the injected reader and
 * reporting; the text never appears in a reason.
 * INVARIANT: a script that cannot be read whole (not a regular file, over the reader's limit, an error, over the
 * budget below) is uncertain, never silently allowed.
 */

import { SHELLS } from '../data/wrappers';
import { SCRIPT_FILE_WRAPPER, type ScriptFile } from '../types';
import { type Invocation, isLiteral, plain, type Reporter, type ScriptBinding } from '../unwrap/invocation';
import { bindPositional } from '../walk/positional';
import { standardMavenWrapper } from './maven-wrapper';
import { resolveArg } from './path-effects';

/** Script files analysed in one analysis, nested ones and repeats included; more are uncertain. */
export const MAX_SCRIPT_RUNS = 32;
/** Characters of script text analysed in one analysis, all files together; more are uncertain. */
export const MAX_SCRIPT_CHARS = 1 << 20;
/** Different paths given to the reader in one analysis (missing ones included); more are uncertain. */
export const MAX_SCRIPT_READS = 128;
/**
 * Settings files looked for outside the workspace (the user's own, the folders above the workspace), name by name (a
 * folder there may hold thousands of entries: `/tmp` listed in 9 ms here, a missing name costs a failed open): a
 * budget of their own, so that looking for them leaves the reads of what runs untouched (`settled` of readBudgeted).
 */
export const MAX_SETTLED_READS = 2048;

interface Budget {
  reads: number;
  /** Folders listed by walks (folder-walk.ts), counted apart from `reads`. */
  listings: number;
  /** Settings files looked for outside the workspace (readSettled), counted apart from `reads`. */
  settled: number;
  runs: number;
  chars: number;
  /** Each file is read once per analysis. */
  files: Map<string, ScriptFile>;
}

const BUDGETS = new WeakMap<Reporter, Budget>();

const WHY: Record<'not-regular' | 'too-large' | 'error', string> = {
  'not-regular': 'is not a regular file',
  'too-large': 'is larger than the 256 KiB read for review',
  error: 'could not be read',
};

/**
 * What a file run directly (`./x.sh`) is: a shell script (a shell on its `#!` line, or text without one, which
 * a shell runs itself), another interpreter's script, or a compiled program.
 */
export function directKind(text: string): 'shell' | 'other' | 'binary' {
  if (text.startsWith('\u007fELF')) return 'binary';
  if (!text.startsWith('#!')) {
    // bash runs a file without `#!` itself unless a NUL byte comes before the end of its first line (of its
    // first 80 bytes: bash's check_binary_file); a NUL further on is dropped, and the rest runs.
    const head = text.slice(0, 80);
    const nul = head.indexOf('\u0000');
    const eol = head.indexOf('\n');
    return nul >= 0 && (eol < 0 || nul < eol) ? 'binary' : 'shell';
  }
  const end = text.indexOf('\n');
  const words = text
    .slice(2, end < 0 ? undefined : end)
    .trim()
    .split(/\s+/);
  const base = (w: string | undefined) => (w ?? '').slice((w ?? '').lastIndexOf('/') + 1).toLowerCase();
  let i = 0;
  if (base(words[0]) === 'env') {
    i = 1;
    // `env -S bash -e`, `env -i VAR=x sh`: options and assignments come before the program.
    while (i < words.length) {
      const w = words[i] ?? '';
      if (/^-S./.test(w)) {
        words[i] = w.slice(2);
        break;
      }
      if (/^(-[uCP]|--unset|--chdir)$/.test(w)) i += 2;
      else if (w.startsWith('-') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) i++;
      else break;
    }
  }
  return SHELLS.has(base(words[i])) ? 'shell' : 'other';
}

/** Programs that may rewrite files they do not name: patches, archives, interpreter code. */
const REWRITERS =
  /^(patch|tar|bsdtar|gtar|unzip|7z|7za|rsync|python\d*(\.\d+)?|pypy3|node|nodejs|deno|bun|perl|ruby|php|busybox)$/;
/**
 * Whether `seg` is the runner `wrapper` names (`bun x`: the program and its subcommand's words; `bun (script
 * file)`: the program that runs a package script or script file).
 */
function startsRun(wrapper: string, seg: { program: string; argv: readonly string[] }): boolean {
  if (wrapper.endsWith(SCRIPT_FILE_WRAPPER))
    return seg.program === wrapper.slice(0, -SCRIPT_FILE_WRAPPER.length);
  const [program, ...sub] = wrapper.split(' ');
  return program === seg.program && sub.every((w) => seg.argv.includes(w));
}

/** Programs that change a file's metadata, never its text. */
const METADATA_ONLY = new Set(['chmod', 'chown', 'chgrp']);

/**
 * An interpreter asked only its version or usage (`node --version`) or a syntax check runs no code and writes nothing; Python's
 * byte-compilers (`python3 -m py_compile F`, `-m compileall D`) write only `__pycache__` files beside the
 * sources, which no script run reads as text.
 */
function asksOnly(argv: readonly string[]): boolean {
  if (argv[1] === '-m' && /^(py_compile|compileall)$/.test(argv[2] ?? '')) return true;
  // A syntax check parses and runs nothing (`php -l F`, `node --check F`), ADR 0089.
  if (
    /^php[\d.]*$/.test((argv[0] ?? '').replace(/^.*\//, '')) &&
    /^(-l|--syntax-check)$/.test(argv[1] ?? '') &&
    argv.slice(2).every((a) => !a.startsWith('-'))
  )
    return true;
  if (
    /^(node|nodejs)$/.test((argv[0] ?? '').replace(/^.*\//, '')) &&
    /^(-c|--check)$/.test(argv[1] ?? '') &&
    argv.length === 3
  )
    return true;
  return (
    argv.length > 1 && argv.slice(1).every((a) => /^(--version|-v|-V|--help|-h|-version|-help)$/.test(a))
  );
}

/**
 * A test runner or linter started through its interpreter (`python3 -m pytest -q`, `-m unittest`, `-m mypy`) is that
 * tool, as `pytest` is: it runs the project's own tests, or no code, and writes what its options name (judged as
 * paths); it is no interpreter running code nobody read that may rewrite a script a later command runs (`make test`
 * running `python -m pytest` and then `npm test`). `python -m pip` is `pip`, which is judged as itself (round 19).
 */
function runsTool(program: string, argv: readonly string[]): boolean {
  return (
    /^python\d*(\.\d+)?$/.test(program) &&
    argv[1] === '-m' &&
    /^(pytest|py\.test|unittest|mypy|flake8|pylint|pyflakes|pycodestyle|pydocstyle|pip|pip3)$/.test(
      argv[2] ?? '',
    )
  );
}

/**
 * `python -m venv D`, `virtualenv D`, `uv venv [D]` (D `.venv` by default) write only below D, and write the
 * activate scripts there themselves, replacing any: sourcing one after them runs the maker's generated script
 * (or, when it failed, the file as read now). Their folders (literal, relative to the working folder), or
 * undefined when the command is not one of them or a folder is not known. The maker is judged as its own command.
 */
function venvFolders(
  program: string,
  argv: readonly string[],
  cwd: string | undefined,
): string[] | undefined {
  if (cwd === undefined) return undefined;
  let rest: readonly string[];
  if (/^python\d*(\.\d+)?$/.test(program) && argv[1] === '-m' && argv[2] === 'venv') rest = argv.slice(3);
  else if (program === 'virtualenv') rest = argv.slice(1);
  else if (program === 'uv' && argv[1] === 'venv') rest = argv.slice(2);
  else return undefined;
  const folders: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] as string;
    if (/^(--prompt|-p|--python|--seed|--index-url|--extra-index-url|--link-mode)$/.test(a)) i++;
    else if (!a.startsWith('-')) folders.push(a);
  }
  if (folders.length === 0 && program === 'uv') folders.push('.venv');
  if (folders.length === 0 || !folders.every((f) => /^(\.\/)?[\w.-]+\/?$/.test(f) && !/^\.\.?\/?$/.test(f)))
    return undefined;
  return folders.map((f) => `${cwd.replace(/\/+$/, '')}/${f.replace(/^\.\//, '').replace(/\/$/, '')}`);
}
/**
 * What a virtualenv maker writes of its own below its folder: the activate scripts, the interpreter's link and
 * pip's launcher (a folder that already held them keeps them, as the project virtualenv the catalogue names).
 */
const ACTIVATE = /^\/bin\/(activate(\.\w+)?|Activate\.ps1|python(3(\.\d+)?)?|pip(3(\.\d+)?)?)$/;

/** Writers whose target hides in an argument: sed's `w FILE`, find's `-fprint*`, awk's `print > FILE`. */
export function writesUnseen(program: string, argv: readonly string[]): boolean {
  if (program === 'sed' || program === 'gsed')
    return argv.slice(1).some((a) => /(^|[;\n}/\d$])\s*[wW]\s*\S/.test(a));
  if (program === 'find') return argv.some((a) => /^-(fprint0?|fprintf|fls)$/.test(a));
  // awk writes with `print > f` / `| cmd` / system(); a program file (`-f`) is not read.
  if (/^[gmn]?awk$/.test(program)) return argv.slice(1).some((a) => /[>|]|system|^-f/.test(a));
  return false;
}
/** Formatters and fixers whose writes keep what the code does (`ruff format .`, `cargo fmt`, `prettier -w`). */
const FORMATTERS = new Set([
  'ruff',
  'black',
  'isort',
  'autopep8',
  'yapf',
  'gofmt',
  'goimports',
  'rustfmt',
  'shfmt',
  'clang-format',
  'prettier',
  'biome',
  'dprint',
  'eslint',
]);

function reformats(program: string, argv: readonly string[]): boolean {
  // Reading standard input or naming an output file is not an in-place rewrite.
  if (argv.slice(1).some((a) => a === '-' || /^(-o|--output|--output-file|--out-file|--stdin)(=|$)/.test(a)))
    return false;
  if (FORMATTERS.has(program)) return true;
  // `python -m black .` is black.
  if (/^python[0-9.]*$/.test(program) && argv[1] === '-m') return FORMATTERS.has(argv[2] ?? '');
  return (program === 'cargo' || program === 'go') && argv[1] === 'fmt';
}

/** git commands that change files of the work tree. */
const GIT_REWRITES = new Set([
  'clone',
  'apply',
  'am',
  'pull',
  'merge',
  'checkout',
  'switch',
  'restore',
  'stash',
  'cherry-pick',
  'rebase',
  'reset',
  'revert',
]);

/** Forge clients and the subcommands of theirs that rewrite the work tree. */
const FORGE_CLIENTS = new Set(['gh', 'hub', 'glab', 'tea']);
const FORGE_REWRITES = new Set(['checkout', 'sync', 'clone', 'merge']);

/**
 * Whether a command before `inv` in this analysis (from segment `from` on) writes or deletes `path` (or a folder
 * above it), or may rewrite files it does not name: the text read now may not be what runs.
 */
export function changedEarlier(path: string, inv: Invocation, r: Reporter, from = 0): boolean {
  // A runner that starts `inv` (`bun x prettier`, `bun run lint`: the last segment before the ones `inv`'s
  // innermost wrapper runs) runs nothing of its own before it; what its script runs earlier still counts.
  const wrappers = r.segments[inv.segment]?.wrappers ?? [];
  const runner = wrappers.at(-1);
  let starter = inv.segment - 1;
  while (starter >= 0 && (r.segments[starter]?.wrappers.length ?? 0) >= wrappers.length) starter--;
  for (const [k, seg] of r.segments.slice(from, inv.segment).entries()) {
    if (from + k === starter && runner !== undefined && startsRun(runner, seg)) continue;
    // A formatter rewriting a folder in place keeps what each file does: the script read now is what runs. A
    // write of the script itself (a redirect of the formatter's output, `black - > conftest.py`) still counts.
    const inPlace = reformats(seg.program, seg.argv);
    const touches = seg.paths.some(
      (p) =>
        (p.role === 'write' || p.role === 'delete') &&
        p.resolved !== undefined &&
        (p.resolved === path || (!inPlace && path.startsWith(`${p.resolved}/`))),
    );
    if (inPlace) {
      if (touches) return true;
      continue;
    }
    // A mode, owner or time change (`chmod +x x.sh && ./x.sh`) leaves the text that runs as read.
    if (METADATA_ONLY.has(seg.program)) continue;
    // A virtualenv maker writes below its folder only, the activate scripts, interpreter and pip there its own
    // (ADR 0066, 0081).
    const venv = venvFolders(seg.program, seg.argv, inv.cwd);
    if (venv) {
      if (venv.some((f) => path.startsWith(`${f}/`) && !ACTIVATE.test(path.slice(f.length)))) return true;
      if (venv.includes(path)) return true;
      continue;
    }
    if (
      touches ||
      (REWRITERS.test(seg.program) && !asksOnly(seg.argv) && !runsTool(seg.program, seg.argv)) ||
      writesUnseen(seg.program, seg.argv)
    )
      return true;
    if (seg.program === 'git' && seg.argv.some((a) => GIT_REWRITES.has(a))) return true;
    // A forge client checking out someone's change (`gh pr checkout 99`, `glab mr checkout`) or syncing or
    // cloning a repository rewrites the work tree with text nobody here read.
    if (FORGE_CLIENTS.has(seg.program) && seg.argv.some((a) => FORGE_REWRITES.has(a))) return true;
  }
  return false;
}

export function mayChange(inv: Invocation, r: Reporter): void {
  r.uncertain(
    'dynamic-script',
    `\`${inv.program}\` runs a script file an earlier command may change`,
    inv.segment,
    'kept',
  );
}

/**
 * Reads the file at `path` through the surface's reader, once per analysis and within its budget of paths.
 * Undefined when there is no reader, or when over the budget (reported uncertain).
 */
export function readBudgeted(
  path: string,
  inv: Invocation,
  r: Reporter,
  settled = false,
): ScriptFile | undefined {
  const reader = r.env.readScript;
  if (!reader) return undefined;
  const budget = budgetOf(r);
  let file = budget.files.get(path);
  if (!file) {
    const over = settled ? ++budget.settled > MAX_SETTLED_READS : ++budget.reads > MAX_SCRIPT_READS;
    if (over) {
      r.uncertain(
        'dynamic-script',
        settled
          ? `\`${inv.program}\` looks for more settings files than one review reads (${MAX_SETTLED_READS} paths)`
          : `\`${inv.program}\` runs more script files than one review reads (${MAX_SCRIPT_READS} paths)`,
        inv.segment,
        'kept',
      );
      return undefined;
    }
    try {
      file = reader(path);
    } catch {
      file = { kind: 'unreadable', why: 'error' };
    }
    budget.files.set(path, file);
  }
  return file;
}

/** Folders one analysis lists for its walks (folder-walk.ts), all walks together. */
export const MAX_FOLDER_LISTINGS = 256;

/**
 * Lists `folder` through the surface's reader for a walk, within the analysis's budget of listings (apart from the
 * budget of files read): `over` when spent. Undefined when there is no reader.
 */
export function listBudgeted(folder: string, r: Reporter): ScriptFile | 'over' | undefined {
  const reader = r.env.readScript;
  if (!reader) return undefined;
  const budget = budgetOf(r);
  let file = budget.files.get(folder);
  if (!file) {
    if (budget.listings >= MAX_FOLDER_LISTINGS) return 'over';
    budget.listings++;
    try {
      file = reader(folder);
    } catch {
      file = { kind: 'unreadable', why: 'error' };
    }
    budget.files.set(folder, file);
  }
  return file;
}

/** Paths the analysis may still give the reader before a further one is uncertain. */
export function readsLeft(r: Reporter): number {
  return MAX_SCRIPT_READS - budgetOf(r).reads;
}

function budgetOf(r: Reporter): Budget {
  let budget = BUDGETS.get(r);
  if (!budget) {
    // Set once per analysis: a weak table's set on every call cost each decision (ADR 0094).
    budget = { reads: 0, listings: 0, settled: 0, runs: 0, chars: 0, files: new Map<string, ScriptFile>() };
    BUDGETS.set(r, budget);
  }
  return budget;
}

/** The uncertainty for a file `inv` runs that cannot be read whole. */
export function unreadable(
  file: { why: 'not-regular' | 'too-large' | 'error' },
  inv: Invocation,
  r: Reporter,
): void {
  r.uncertain(
    'dynamic-script',
    `\`${inv.program}\` runs a script file that ${WHY[file.why]}`,
    inv.segment,
    'kept',
  );
}

/**
 * Analyses shell text read from a file on disk as a nested script of `inv`, within the analysis's budget of
 * script runs and characters; reasons found inside name only `inv.program` (the text is never quoted). `alias`:
 * the text is a command a configuration names (a git alias), whose every uncertainty counts whatever
 * `scriptFiles` says.
 */
export function runFileText(
  text: string,
  inv: Invocation,
  r: Reporter,
  wrapper: string,
  bind?: ScriptBinding,
  of: 'file' | 'alias' = 'file',
): void {
  const budget = budgetOf(r);
  budget.runs++;
  budget.chars += text.length;
  if (budget.runs > MAX_SCRIPT_RUNS || budget.chars > MAX_SCRIPT_CHARS) {
    r.uncertain(
      'dynamic-script',
      `\`${inv.program}\` runs more script files than one review reads (${MAX_SCRIPT_RUNS} files, 1 MiB)`,
      inv.segment,
      'kept',
    );
    return;
  }
  const hits = r.hits.length;
  const uncertainties = r.uncertainties.length;
  r.script(text, inv, 'shell-string', wrapper, bind);
  // `literal`: what the script computes at run time is not reviewed (docs/check.md).
  if (r.env.scriptFiles === 'literal' && of === 'file') r.forgetUncertainties(uncertainties);
  unquote(r, hits, uncertainties, inv, of === 'file' ? 'a script file' : 'an alias');
}

/**
 * Runs the script file at `path` (resolved) for `inv`: a shell runs it (`shell`), or it is run directly and
 * analysed when its `#!` line names a shell (`direct`). A missing file, or no reader, changes nothing.
 */
export function runScriptFile(
  path: string | undefined,
  inv: Invocation,
  r: Reporter,
  how: 'shell' | 'direct',
  bind?: ScriptBinding,
): void {
  // `sh < /dev/null` runs nothing.
  if (path === undefined || path === '/dev/null') return;
  const file = readBudgeted(path, inv, r);
  if (!file) return;
  if (file.kind === 'missing') {
    // A script an earlier command may create (`git apply p.diff && bash new.sh`).
    if (changedEarlier(path, inv, r)) mayChange(inv, r);
    return;
  }
  if (file.kind === 'unreadable') {
    // A large compiled program run by its path (`./target/release/app`) is judged by its name, as before.
    if (how === 'direct' && file.why === 'too-large' && directKind(file.head ?? '') !== 'shell') return;
    unreadable(file, inv, r);
    return;
  }
  if (how === 'direct' && directKind(file.text) !== 'shell') return;
  if (changedEarlier(path, inv, r)) mayChange(inv, r);
  // bash drops NUL bytes from a script's text (`r\0m -rf ~` runs `rm`): so does the analysis.
  const text = file.text.includes('\u0000') ? file.text.replaceAll('\u0000', '') : file.text;
  runFileText(text, inv, r, `${inv.program}${SCRIPT_FILE_WRAPPER}`, bind);
}

/**
 * Reasons found inside a script file name its paths and programs: file text. They are replaced by a fixed
 * sentence naming the program the command runs (the outermost rewrite wins for scripts run by scripts).
 */
function unquote(r: Reporter, hits: number, uncertainties: number, inv: Invocation, what: string): void {
  for (const hit of r.hits.slice(hits))
    hit.reason = `\`${inv.program}\` runs ${what} that falls in \`${hit.category}\``;
  for (const u of r.uncertainties.slice(uncertainties))
    u.reason = `\`${inv.program}\` runs ${what} that is uncertain inside (\`${u.code}\`)`;
}

/** Words no standard Gradle wrapper script holds: a copy that has them was edited. */
const NOT_GRADLEW =
  /\b(curl|wget|base64|python\d*|perl|ruby|node|nc|ncat|socat)\b|\/dev\/(tcp|udp)\/|\brm\s+-|\b(ba)?sh\s+-c\b/;

/**
 * `./gradlew` as Gradle's own wrapper: the script has the wrapper's markers and none of the words an edit would
 * add, `gradle/wrapper/gradle-wrapper.properties` downloads an `https://services.gradle.org/distributions/`
 * release, and `gradle/wrapper/gradle-wrapper.jar` is a jar holding the wrapper's main class. Then the command is
 * judged as gradle (its build scripts are read by build-files-run.ts), not as the shell script.
 */
function standardGradleWrapper(script: string, inv: Invocation, r: Reporter): boolean {
  const dir = script.slice(0, script.lastIndexOf('/')) || '/';
  const text = readBudgeted(script, inv, r);
  if (text?.kind !== 'text' || !/^#!\s*\/(?:usr\/)?bin\/(?:env\s+)?(?:ba)?sh\b/.test(text.text)) return false;
  if (!/Gradle start up script/.test(text.text) || !/GradleWrapperMain|gradle-wrapper\.jar/.test(text.text))
    return false;
  if (NOT_GRADLEW.test(text.text.replace(/^\s*#[^\n]*$/gm, ''))) return false;
  return gradleWrapperFiles(dir, inv, r, false);
}

/**
 * The wrapper's files in `dir`: `gradle/wrapper/gradle-wrapper.properties` downloads an
 * `https://services.gradle.org/distributions/` release and `gradle-wrapper.jar` holds the wrapper's main class.
 * `launcher`: a short launcher script names the jar itself; then a jar that is not there runs nothing (java stops),
 * and properties that are not there stop the wrapper before it downloads anything.
 */
function gradleWrapperFiles(dir: string, inv: Invocation, r: Reporter, launcher: boolean): boolean {
  const jar = readBudgeted(`${dir}/gradle/wrapper/gradle-wrapper.jar`, inv, r);
  if (launcher && jar?.kind === 'missing') return true;
  const props = readBudgeted(`${dir}/gradle/wrapper/gradle-wrapper.properties`, inv, r);
  if (props?.kind === 'text') {
    const url = /^\s*distributionUrl\s*[=:]\s*(\S+)\s*$/m.exec(props.text)?.[1]?.replace(/\\:/g, ':');
    if (
      url === undefined ||
      !/^https:\/\/services\.gradle\.org\/distributions\/gradle-[\w.-]+\.zip$/.test(url)
    )
      return false;
  } else if (!launcher || props?.kind !== 'missing') return false;
  const bytes = jar?.kind === 'text' ? jar.text : jar?.kind === 'unreadable' ? (jar.head ?? '') : '';
  return bytes.startsWith('PK\u0003\u0004') && /org\/gradle\/wrapper\/GradleWrapperMain/.test(bytes);
}

/** A line of a short wrapper launcher: java (by name or `$JAVA_HOME/bin/java`) on the wrapper jar, with memory options. */
const GRADLEW_LAUNCH =
  /^(?:exec\s+)?(?:java|"?\$\{?JAVA_HOME\}?\/bin\/java"?)(?:\s+-(?:Xm[sx]\w+|Dorg\.gradle\.appname=[\w.-]+))*\s+(?:-jar\s+|-(?:cp|classpath)\s+)"?(?:\.\/)?gradle\/wrapper\/gradle-wrapper\.jar"?(?:\s+org\.gradle\.wrapper\.GradleWrapperMain)?\s+"\$@"$/;

/**
 * `./gradlew` as a short launcher of the wrapper jar: a `#!` shell line, comments, `set -e`, a `cd` to the script's
 * folder, and one line running java on `gradle/wrapper/gradle-wrapper.jar` with the arguments; the wrapper's files
 * are Gradle's (or the jar is not there, and nothing runs).
 */
function gradleWrapperLauncher(script: string, inv: Invocation, r: Reporter): boolean {
  const dir = script.slice(0, script.lastIndexOf('/')) || '/';
  const text = readBudgeted(script, inv, r);
  if (text?.kind !== 'text' || !/^#!\s*\/(?:usr\/)?bin\/(?:env\s+)?(?:ba)?sh\s*\n/.test(text.text))
    return false;
  const lines = text.text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  if (lines.length === 0 || lines.length > 4) return false;
  const launch = lines.filter((l) => GRADLEW_LAUNCH.test(l));
  const rest = lines.filter(
    (l) =>
      !GRADLEW_LAUNCH.test(l) && !/^(set -eu?|set -e -u|cd "\$\(dirname "\$0"\)"( \|\| exit( 1)?)?)$/.test(l),
  );
  if (launch.length !== 1 || rest.length > 0 || lines[lines.length - 1] !== launch[0]) return false;
  // A bare relative jar path is found from the folder java starts in (the script's after its `cd`).
  const cds = lines.length > 1 && lines.some((l) => l.startsWith('cd '));
  const from = cds ? dir : (inv.cwd ?? dir);
  return gradleWrapperFiles(from, inv, r, true);
}

/** A program run by its path (`./x.sh`, `scripts/x`, `/opt/tool/run`): its file, when a shell would run it. */
export function runProgramFile(inv: Invocation, r: Reporter): void {
  const word = inv.command;
  if (!r.env.readScript || !word || !isLiteral(word) || !plain(word).includes('/')) return;
  if (inv.program === 'gradlew') {
    const path = resolveArg(word, inv, r).resolved;
    if (path !== undefined && (standardGradleWrapper(path, inv, r) || gradleWrapperLauncher(path, inv, r)))
      return;
  }
  if (inv.program === 'mvnw') {
    const path = resolveArg(word, inv, r).resolved;
    if (path !== undefined && standardMavenWrapper(path, (p) => readBudgeted(p, inv, r))) return;
  }
  // `./x.sh a b`: `$0` is the path as given, `$1`... its arguments.
  runScriptFile(resolveArg(word, inv, r).resolved, inv, r, 'direct', {
    positional: bindPositional(word, inv.args),
    shell: 'new',
  });
}

/**
 * A program a tool's configuration names by its path (a cargo wrapper, runner or linker, a toolchain's binary)
 * runs as the same path run as a command would: a shell script is read, any other program (a Python script, a
 * compiled binary) is judged by its path as `./tools/x` is, never allowed unread. `wrapper` names the tool.
 */
export function runsProgramAt(path: string, inv: Invocation, r: Reporter, wrapper: string): void {
  // Named from the working folder when below it (`./tools/w`), as a workspace program run by its path is.
  const rel =
    inv.cwd !== undefined && path.startsWith(`${inv.cwd}/`) ? `./${path.slice(inv.cwd.length + 1)}` : path;
  runFileText(`'${rel.replaceAll("'", `'\\''`)}'`, inv, r, wrapper);
}

/** The file a shell reads its script from on stdin (`sh < x.sh`): the last `<` redirect. */
export function stdinFile(inv: Invocation, r: Reporter): string | undefined {
  const redirect = inv.redirects.filter((x) => x.op === '<').pop();
  return redirect ? resolveArg(redirect.target, inv, r).resolved : undefined;
}
