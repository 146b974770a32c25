/**
 * Recognises a virtual environment's `bin/activate` script by its statements, whatever made it (the standard
 * library's `venv`, virtualenv, uv) and whatever its version: every line that is not blank or a comment must be one
 * of the shapes these scripts are written in (set, export and unset the activation's own variables; the
 * `deactivate` and `pydoc` functions; `hash -r`; the tests around them). The script must give `VIRTUAL_ENV` only the
 * folder it sits in (or that folder converted by `cygpath`/`wslpath`/`realpath`) and put `$VIRTUAL_ENV/bin` first on
 * PATH. Any other line, a `$(…)` not listed, a backslash at a line's end or a carriage return, and the script is not
 * recognised: it is then read as the shell it is, as any sourced file. Pure: text in, an answer out.
 */

/** Variables the activation scripts set, save and restore. */
const NAMES =
  'VIRTUAL_ENV|VIRTUAL_ENV_PROMPT|PATH|PS1|PYTHONHOME|TCL_LIBRARY|TK_LIBRARY|PKG_CONFIG_PATH|SCRIPT_PATH|CURRENT_PATH|CURRENT_DIR|_OLD_VIRTUAL_PATH|_OLD_VIRTUAL_PS1|_OLD_VIRTUAL_PYTHONHOME|_OLD_VIRTUAL_TCL_LIBRARY|_OLD_VIRTUAL_TK_LIBRARY|_OLD_PKG_CONFIG_PATH|_OLD_SCRIPT_PATH';
/** What the scripts unset: never PATH (bash then looks for programs in the current folder). */
const UNSETTABLE = NAMES.split('|')
  .filter((n) => n !== 'PATH')
  .join('|');
/** Variables they read, in tests and values (a reference to any other is not one of these scripts'). */
const READ = `(?:${NAMES}|BASH|BASH_VERSION|ZSH_VERSION|KSH_VERSION|OSTYPE|VIRTUAL_ENV_DISABLE_PROMPT|BASH_SOURCE(?:\\[0\\])?|[01])`;
/** `$NAME`, `${NAME}`, `${NAME:-}`, `${NAME-}`, `${NAME+_}`, `${NAME:+x}`, `${PKG_CONFIG_PATH:+:${PKG_CONFIG_PATH}}`. */
const REF = `\\$(?:${READ}(?!\\w)|\\{${READ}(?:(?::?[-+])(?:[\\w:]*|:\\$\\{${READ}\\}))?\\})`;
/** Text in double quotes with only those references; text in single quotes; unquoted plain characters. */
const DQ = `"(?:[^"$\`\\\\]|${REF})*"`;
const SQ = "'[^'$`\\n]*'";
const BARE = '[\\w./@+:,%=-]+';
/** A value: a concatenation of those (no command substitution, no backquote, no escape). */
const VALUE = `(?:${DQ}|${SQ}|${BARE}|${REF})+`;
const WHOLE_VALUE = new RegExp(`^${VALUE}$`);
/** One `[ … ]` test: words of plain characters, quoted text and the references above. */
const TEST = `!?\\s*\\[\\s(?:${DQ}|${SQ}|[^\\[\\]\`$;&|<>(){}\\\\\\n'"]|${REF})*\\s\\]`;
const COND = `${TEST}(?:\\s*(?:\\|\\||&&)\\s*${TEST})*`;

const LINE = new RegExp(
  `^(?:${[
    `(?:el)?if ${COND}\\s*;\\s*then`,
    // uv's: `if ([ "$OSTYPE" = "cygwin" ] || [ "$OSTYPE" = "msys" ]) && $(command -v cygpath &> /dev/null) ; then`
    `if \\(${COND}\\) && \\$\\(command -v cygpath &> ?/dev/null\\)\\s*;\\s*then`,
    'else',
    'fi',
    'case "\\$\\(uname(?: -r)?\\)" in',
    '[\\w*|]+\\)',
    ';;',
    'esac',
    'hash -r(?: 2> ?/dev/null)?(?: \\|\\| true)?',
    'unset -f deactivate',
    'unset -f pydoc >/dev/null 2>&1 \\|\\| true',
    `unset (?:(?:${UNSETTABLE})\\s*)+`,
    `export (?:${NAMES})`,
    'alias pydoc 2>/dev/null >/dev/null && unalias pydoc \\|\\| true',
    'echo "You must source this script: \\\\\\$ source \\$0" >&2',
    'echo "Virtual environment directory [^"$`\\\\]* does not exist!" >&2',
    'exit 33',
  ].join('|')})$`,
);

/** The two functions the scripts define. */
const FUNCTION = /^(deactivate|pydoc) ?\(\) ?\{$/;

/** `NAME=VALUE` or `export NAME=VALUE`: the name and the value as written. */
const ASSIGNMENT = new RegExp(`^(?:export )?(${NAMES})=(.*)$`);

/** Values with a command substitution the scripts write, by variable (`D` is the folder, checked apart). */
const COMPUTED: Readonly<Record<string, RegExp>> = {
  VIRTUAL_ENV:
    /^(?:\$\((?:cygpath|wslpath)(?: -u)? (?:"\$VIRTUAL_ENV"|(?<dq>"[^"$`\\]*")|(?<sq>'[^']*')|(?<bare>[\w./@+:,%=-]+))\)|"\$\(realpath "\$\{CURRENT_DIR\}\/\.\.\/"\)")$/,
  VIRTUAL_ENV_PROMPT: /^\$\(basename "\$VIRTUAL_ENV"\)$/,
  CURRENT_PATH: /^\$\(realpath "\$\{BASH_SOURCE\[0\]\}"\)$/,
  CURRENT_DIR: /^\$\(dirname "\$\{CURRENT_PATH\}"\)$/,
  SCRIPT_PATH: /^"(?:\$\{BASH_SOURCE\[0\]\}|\$\{\(%\):-%x\}|\$\{\.sh\.file\}|\$_OLD_SCRIPT_PATH)"$/,
};

/** PATH: only the environment's `bin` put first (`deactivate` puts the saved value back, see RESTORED). */
const PREPEND = /^"(?:\$VIRTUAL_ENV\/(?:"bin"|bin)|\$\{VIRTUAL_ENV\}\/bin):\$PATH"$/;
/** Tcl and Tk's start-up folders: only emptied (a folder there runs its `init.tcl` in every Tk program). */
const EMPTY = /^(?:""|'')$/;
const PKG_CONFIG_VALUE =
  /^"\$\{VIRTUAL_ENV\}\/lib\/pkgconfig\$\{PKG_CONFIG_PATH:\+:\$\{PKG_CONFIG_PATH\}\}"$/;
/** What each saved variable may hold: the live value of the variable it saves, nothing else. */
const SAVED: Readonly<Record<string, RegExp>> = {
  _OLD_VIRTUAL_PATH: /^"\$PATH"$/,
  _OLD_VIRTUAL_PS1: /^"(?:\$PS1|\$\{PS1:?-\})"$/,
  _OLD_VIRTUAL_PYTHONHOME: /^"(?:\$PYTHONHOME|\$\{PYTHONHOME:?-\})"$/,
  _OLD_VIRTUAL_TCL_LIBRARY: /^"(?:\$TCL_LIBRARY|\$\{TCL_LIBRARY:?-\})"$/,
  _OLD_VIRTUAL_TK_LIBRARY: /^"(?:\$TK_LIBRARY|\$\{TK_LIBRARY:?-\})"$/,
  _OLD_PKG_CONFIG_PATH: /^"(?:\$PKG_CONFIG_PATH|\$\{PKG_CONFIG_PATH:?-\})"$/,
  _OLD_SCRIPT_PATH: /^"\$SCRIPT_PATH"$/,
};
/** A saved value put back (`PATH="$_OLD_VIRTUAL_PATH"`): only inside `deactivate`, each from its own saved variable. */
const RESTORED: Readonly<Record<string, string>> = {
  PATH: '_OLD_VIRTUAL_PATH',
  PS1: '_OLD_VIRTUAL_PS1',
  PYTHONHOME: '_OLD_VIRTUAL_PYTHONHOME',
  TCL_LIBRARY: '_OLD_VIRTUAL_TCL_LIBRARY',
  TK_LIBRARY: '_OLD_VIRTUAL_TK_LIBRARY',
  PKG_CONFIG_PATH: '_OLD_PKG_CONFIG_PATH',
};
const restores = (value: string, saved: string) =>
  value === `"$${saved}"` || value === `"\${${saved}:-}"` || value === `"\${${saved}-}"`;

/** The programs these scripts may run besides builtins: none may stand in the environment's `bin`. */
export const ACTIVATION_PROGRAMS: readonly string[] = [
  'uname',
  'cygpath',
  'wslpath',
  'realpath',
  'dirname',
  'basename',
];

export interface Activation {
  /** The environment's folder (`/w/.venv`): its `bin` goes first on PATH. */
  readonly venv: string;
  /** The script sets PKG_CONFIG_PATH to the environment's `lib/pkgconfig` (build flags come from files there). */
  readonly pkgConfig: boolean;
  /** The functions it defines (`deactivate`, `pydoc`): a later call runs the function, not a program on PATH. */
  readonly functions: readonly string[];
}

/** The operators these scripts' tests use: `-v` or `-R` would evaluate a subscript (`[ -v "a[X=1]" ]` assigns X). */
const TEST_OPERATORS = new Set(['-n', '-z', '-d', '-o']);

/**
 * An `if`, `elif`, `else`, `fi`, `case … in` or `esac` line: what it opens or closes, and whether an `if` tests
 * that the folder is missing (`[ ! -d 'D' ]`). Undefined for any other line; false for a test these scripts never
 * write (an operand holding a bracket, an operator not theirs).
 */
function blockLine(
  line: string,
  folders: readonly string[],
):
  | { opens: 'if' | 'case'; missing: boolean; kind?: undefined; closes?: undefined }
  | { opens?: undefined; kind: 'if' | 'case'; closes: boolean }
  | false
  | undefined {
  if (/^esac$/.test(line)) return { kind: 'case', closes: true };
  if (/^fi$/.test(line)) return { kind: 'if', closes: true };
  if (/^else$/.test(line)) return { kind: 'if', closes: false };
  if (/^case /.test(line)) return LINE.test(line) ? { opens: 'case', missing: false } : false;
  const cond = /^(el)?if (.*);\s*then$/.exec(line);
  if (!cond) return undefined;
  if (!LINE.test(line)) return false;
  for (const test of (cond[2] ?? '').matchAll(/\[\s(.*?)\s\]/g)) {
    const inner = test[1] ?? '';
    if (/[[\]]/.test(inner)) return false;
    for (const op of inner.matchAll(/(?:^|\s)(-[A-Za-z]+)(?=\s|$)/g))
      if (!TEST_OPERATORS.has(op[1] ?? '')) return false;
  }
  if (cond[1]) return { kind: 'if', closes: false };
  const missing = /^\[ ! -d (.+) \]\s*$/.exec(cond[2] ?? '');
  const folder = missing ? literalFolder(missing[1] ?? '') : undefined;
  return { opens: 'if', missing: folder !== undefined && folders.includes(folder) };
}

/** The folder a literal value names: `"D"`, `'D'` or `D` unquoted. */
function literalFolder(value: string): string | undefined {
  const m = /^(?:"([^"$`\\]*)"|'([^']*)'|([\w./@+:,%=-]+))$/.exec(value);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** The folder `VIRTUAL_ENV`'s value names, when one of `folders`; `true` for a conversion of itself; else false. */
function environmentFolder(value: string, folders: readonly string[]): string | boolean {
  const computed = COMPUTED.VIRTUAL_ENV?.exec(value);
  const named = computed ? (computed.groups?.dq ?? computed.groups?.sq ?? computed.groups?.bare) : value;
  if (computed && named === undefined) return true;
  const folder = literalFolder(named ?? '');
  return folder !== undefined && folders.includes(folder) ? folder : false;
}

type Assigned = { kind: 'prepend' } | { kind: 'pkg' } | { kind: 'folder'; folder: string } | { kind: 'ok' };

function assignment(
  name: string,
  value: string,
  folders: readonly string[],
  inDeactivate: boolean,
): Assigned | undefined {
  const saved = RESTORED[name];
  if (saved !== undefined && restores(value, saved)) return inDeactivate ? { kind: 'ok' } : undefined;
  const save = SAVED[name];
  if (save !== undefined) return save.test(value) ? { kind: 'ok' } : undefined;
  switch (name) {
    case 'PATH':
      return PREPEND.test(value) ? { kind: 'prepend' } : undefined;
    case 'TCL_LIBRARY':
    case 'TK_LIBRARY':
      return EMPTY.test(value) ? { kind: 'ok' } : undefined;
    case 'PYTHONHOME':
      return undefined;
    case 'PKG_CONFIG_PATH':
      return PKG_CONFIG_VALUE.test(value) ? { kind: 'pkg' } : undefined;
    case 'VIRTUAL_ENV': {
      const folder = environmentFolder(value, folders);
      if (folder === false) return undefined;
      return folder === true ? { kind: 'ok' } : { kind: 'folder', folder };
    }
    case 'CURRENT_PATH':
    case 'CURRENT_DIR':
    case 'SCRIPT_PATH':
      return COMPUTED[name]?.test(value) ? { kind: 'ok' } : undefined;
    default:
      // The prompt (`PS1`, `VIRTUAL_ENV_PROMPT`): plain text and the references above, or the folder's name.
      return WHOLE_VALUE.test(value) || COMPUTED[name]?.test(value) === true ? { kind: 'ok' } : undefined;
  }
}

/**
 * The activation `text` (the file at `<venv>/bin/activate`) makes, when every statement is one of the shapes these
 * scripts are written in, each in its place (a saved value put back only inside `deactivate`, `python -m pydoc` only
 * as `pydoc`'s body), every `VIRTUAL_ENV` it sets names one and the same of `folders` (the environment's path, and
 * where its links lead) and it puts `$VIRTUAL_ENV/bin` first on PATH; undefined otherwise.
 */
export function recogniseActivation(text: string, folders: readonly string[]): Activation | undefined {
  if (text.includes('\r') || text.includes('\u0000')) return undefined;
  let prepends = false;
  let pkgConfig = false;
  let venv: string | undefined;
  const functions: string[] = [];
  // The function whose body the line is in: `deactivate` (puts saved values back) or `pydoc`.
  let inside: string | undefined;
  // The open `if`s and `case`s, each with whether the line is in the branch run only when the folder is missing.
  const open: { kind: 'if' | 'case'; missing: boolean }[] = [];
  const missingBranch = () => open.some((o) => o.missing);
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.endsWith('\\')) return undefined;
    const block = blockLine(line, folders);
    if (block === false) return undefined;
    if (block !== undefined) {
      if (block.opens) open.push({ kind: block.opens, missing: block.missing });
      else {
        const top = open[open.length - 1];
        if (top === undefined || top.kind !== block.kind) return undefined;
        if (block.closes) open.pop();
        else top.missing = false;
      }
      continue;
    }
    const opens = FUNCTION.exec(line);
    if (opens) {
      if (inside !== undefined) return undefined;
      inside = opens[1];
      if (inside !== undefined) functions.push(inside);
      continue;
    }
    if (line === '}') {
      if (inside === undefined) return undefined;
      inside = undefined;
      continue;
    }
    // `python -m` puts the current folder first on the import path: only as `pydoc`'s body, never run here.
    if (line === 'python -m pydoc "$@"') {
      if (inside !== 'pydoc') return undefined;
      continue;
    }
    if (inside === 'pydoc') return undefined;
    if (line === 'deactivate nondestructive') {
      if (inside !== undefined) return undefined;
      continue;
    }
    const a = ASSIGNMENT.exec(line);
    if (a) {
      const [, name = '', value = ''] = a;
      // Computed from the script's own path (`realpath "${BASH_SOURCE[0]}"`, empty under zsh): only where the
      // folder is missing, a branch never run for an environment on disk.
      if ((/^CURRENT_/.test(name) || value.includes('realpath')) && !missingBranch()) return undefined;
      // What reads `$VIRTUAL_ENV` comes after the folder is named (never a value the environment brought).
      if (
        value.includes('VIRTUAL_ENV') &&
        name !== 'VIRTUAL_ENV_PROMPT' &&
        name !== 'PS1' &&
        venv === undefined
      )
        return undefined;
      const done = assignment(name, value, folders, inside === 'deactivate');
      if (done === undefined) return undefined;
      if (done.kind === 'prepend') prepends = true;
      else if (done.kind === 'pkg') pkgConfig = true;
      else if (done.kind === 'folder') {
        if (venv !== undefined && venv !== done.folder) return undefined;
        venv = done.folder;
      }
      continue;
    }
    if (!LINE.test(line)) return undefined;
  }
  return prepends && venv !== undefined && inside === undefined && open.length === 0
    ? { venv, pkgConfig, functions }
    : undefined;
}
