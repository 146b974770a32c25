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
    '(?:deactivate|pydoc) ?\\(\\) ?\\{',
    '\\}',
    'python -m pydoc "\\$@"',
    'deactivate nondestructive',
    'hash -r(?: 2> ?/dev/null)?(?: \\|\\| true)?',
    'unset -f deactivate',
    'unset -f pydoc >/dev/null 2>&1 \\|\\| true',
    `unset (?:(?:${NAMES})\\s*)+`,
    `export (?:${NAMES})`,
    'alias pydoc 2>/dev/null >/dev/null && unalias pydoc \\|\\| true',
    'echo "You must source this script: \\\\\\$ source \\$0" >&2',
    'echo "Virtual environment directory [^"$`\\\\]* does not exist!" >&2',
    'exit 33',
  ].join('|')})$`,
);

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

/** PATH: the folder's `bin` put first, or the saved PATH put back (`deactivate`). */
const PATH_VALUE =
  /^"(?:\$VIRTUAL_ENV\/(?:"bin"|bin)|\$\{VIRTUAL_ENV\}\/bin):\$PATH"$|^"(?:\$_OLD_VIRTUAL_PATH|\$\{_OLD_VIRTUAL_PATH:-\})"$/;
const PREPEND = /^"(?:\$VIRTUAL_ENV\/(?:"bin"|bin)|\$\{VIRTUAL_ENV\}\/bin):\$PATH"$/;
/** Tcl and Tk's start-up folders: only emptied or put back (a folder there runs its `init.tcl` in every Tk program). */
const TCL_VALUE = /^(?:""|''|"\$_OLD_VIRTUAL_(?:TCL|TK)_LIBRARY")$/;
const PYTHONHOME_VALUE = /^"(?:\$_OLD_VIRTUAL_PYTHONHOME|\$\{_OLD_VIRTUAL_PYTHONHOME:-\})"$/;

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
}

/** The folder a literal value names: `"D"`, `'D'` or `D` unquoted. */
function literalFolder(value: string): string | undefined {
  const m = /^(?:"([^"$`\\]*)"|'([^']*)'|([\w./@+:,%=-]+))$/.exec(value);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

function assignmentOk(
  name: string,
  value: string,
  folders: readonly string[],
): 'prepend' | 'pkg' | string | boolean {
  if (name === 'PATH') return PREPEND.test(value) ? 'prepend' : PATH_VALUE.test(value);
  if (name === 'TCL_LIBRARY' || name === 'TK_LIBRARY') return TCL_VALUE.test(value);
  if (name === 'PYTHONHOME') return PYTHONHOME_VALUE.test(value);
  if (name === 'VIRTUAL_ENV') {
    const computed = COMPUTED.VIRTUAL_ENV?.exec(value);
    if (computed) {
      const g = computed.groups ?? {};
      const named = g.dq ?? g.sq ?? g.bare;
      if (named === undefined) return true;
      const folder = literalFolder(named);
      return folder !== undefined && folders.includes(folder) ? folder : false;
    }
    const folder = literalFolder(value);
    return folder !== undefined && folders.includes(folder) ? folder : false;
  }
  const computed = COMPUTED[name];
  if (computed?.test(value)) return true;
  if (name === 'CURRENT_PATH' || name === 'CURRENT_DIR' || name === 'SCRIPT_PATH') return false;
  if (!new RegExp(`^${VALUE}$`).test(value)) return false;
  return name === 'PKG_CONFIG_PATH' ? 'pkg' : true;
}

/**
 * The activation `text` (the file at `<venv>/bin/activate`) makes, when every statement is one of the shapes these
 * scripts are written in, every `VIRTUAL_ENV` it sets names one and the same of `folders` (the environment's path,
 * and where its links lead) and it puts `$VIRTUAL_ENV/bin` first on PATH; undefined otherwise.
 */
export function recogniseActivation(text: string, folders: readonly string[]): Activation | undefined {
  if (text.includes('\r') || text.includes('\u0000')) return undefined;
  let prepends = false;
  let pkgConfig = false;
  let venv: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.endsWith('\\')) return undefined;
    const a = ASSIGNMENT.exec(line);
    if (a) {
      const ok = assignmentOk(a[1] as string, a[2] as string, folders);
      if (ok === false) return undefined;
      if (ok === 'prepend') prepends = true;
      else if (ok === 'pkg') pkgConfig = true;
      else if (typeof ok === 'string') {
        if (venv !== undefined && venv !== ok) return undefined;
        venv = ok;
      }
      continue;
    }
    if (!LINE.test(line)) return undefined;
  }
  return prepends && venv !== undefined ? { venv, pkgConfig } : undefined;
}
