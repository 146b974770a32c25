/**
 * Interpreters by family, and how each is given code on its command line: inline code options (`-c`, `-e`,
 * `--eval=`, clusters such as `python3 -Ic`, `perl -le`), PowerShell's `-Command` (the rest of the words), a
 * subcommand whose word is code (`deno eval`), a script file, stdin, or a module (`python -m pdb`). A program of
 * a family reads its arguments the family's way (`tsx`, `ts-node`, `bun` as node; `ipython`, `pypy` as python).
 * Pure data and one pure reader; what runs is judged by detect-scripts.ts and scan-code.ts.
 */

export type CodeFamily =
  | 'python'
  | 'node'
  | 'perl'
  | 'ruby'
  | 'php'
  | 'powershell'
  | 'r'
  | 'julia'
  | 'lua'
  | 'tcl';

interface LanguageSpec {
  family: CodeFamily;
  /** Options whose value is inline code (long forms also as `--opt=CODE`). */
  code: readonly string[];
  /** Options that take a value (skipped). */
  values: readonly string[];
  /** Options whose value is a code file run (`R -f`, `pwsh -File`, `julia -L`). */
  file?: readonly string[];
  /** Single-dash clusters: letters that take the rest of the word as value; of them, `clusterNext` take the next
   * word when nothing follows, and `clusterCode` give code (`-le 'print 1'`, `-Ic CODE`, `-cCODE`). */
  clusterValues?: string;
  clusterNext?: string;
  clusterCode?: string;
  /** Options after which every remaining word, joined, is the code (`pwsh -Command a b`). */
  restIsCode?: readonly string[];
  /** Options whose value is base64 code (`pwsh -EncodedCommand`). */
  encoded?: readonly string[];
  /** Names are case-insensitive and any unambiguous prefix (`-c`, `-com`, `-Command`): PowerShell. */
  prefixes?: boolean;
  /** A subcommand whose next word is code (`deno eval CODE`); other subcommands run a file or nothing. */
  codeSubs?: readonly string[];
  /** IPython: `!cmd` and `%system` lines of the code are shell. */
  magics?: boolean;
}

const PY_CLUSTER_VALUES = 'cmWX';
const NODE_VALUES = [
  '-r',
  '--require',
  '--import',
  '--loader',
  '--experimental-loader',
  '-C',
  '--conditions',
  '--input-type',
  '--env-file',
  '--title',
  '--tsconfig',
  '--stack-size',
];
const NODE: LanguageSpec = {
  family: 'node',
  code: ['-e', '--eval', '-p', '--print', '-pe', '-ep'],
  values: NODE_VALUES,
};
const PYTHON: LanguageSpec = {
  family: 'python',
  code: ['-c'],
  values: ['--check-hash-based-pycs'],
  clusterValues: PY_CLUSTER_VALUES,
  clusterNext: PY_CLUSTER_VALUES,
  clusterCode: 'c',
};
const IPYTHON: LanguageSpec = {
  ...PYTHON,
  values: ['--ipython-dir', '--profile', '--profile-dir', '--config', '--log-level', '--colors'],
  magics: true,
};

const LANGUAGES: Readonly<Record<string, LanguageSpec>> = {
  node: NODE,
  nodejs: NODE,
  tsx: NODE,
  'ts-node': NODE,
  'ts-node-esm': NODE,
  esno: NODE,
  esr: NODE,
  'babel-node': NODE,
  bun: NODE,
  deno: { family: 'node', code: ['-p', '--print'], values: [], codeSubs: ['eval'] },
  // The JDK's script shells (JavaScript by default): `cp(from, url)`, `exec(cmd)` are built in.
  jrunscript: {
    family: 'node',
    code: ['-e'],
    values: ['-cp', '-classpath', '-D', '-J', '-l', '-encoding'],
    file: ['-f'],
  },
  jjs: { family: 'node', code: [], values: ['-cp', '-classpath', '-D', '-J'] },
  ipython: IPYTHON,
  ipython3: IPYTHON,
  bpython: IPYTHON,
  ptpython: IPYTHON,
  ptipython: IPYTHON,
  perl: {
    family: 'perl',
    code: ['-e', '-E'],
    values: [],
    clusterValues: 'eEIMmdDxiCF',
    clusterNext: 'eEI',
    clusterCode: 'eE',
  },
  ruby: {
    family: 'ruby',
    code: ['-e'],
    values: ['--encoding', '--external-encoding', '--internal-encoding'],
    clusterValues: 'eIrECTxFK0W',
    clusterNext: 'eIrEC',
    clusterCode: 'e',
  },
  php: { family: 'php', code: ['-r', '-B', '-R', '-E'], values: ['-d', '-c', '-z'], file: ['-f', '-F'] },
  pwsh: {
    family: 'powershell',
    code: [],
    values: [
      '-configurationname',
      '-custompipename',
      '-executionpolicy',
      '-ep',
      '-ex',
      '-inputformat',
      '-outputformat',
      '-settingsfile',
      '-workingdirectory',
      '-wd',
      '-windowstyle',
      '-version',
      '-psconsolefile',
    ],
    restIsCode: ['-command'],
    encoded: ['-encodedcommand', '-ec'],
    file: ['-file'],
    prefixes: true,
  },
  rscript: {
    family: 'r',
    code: ['-e'],
    values: ['--default-packages'],
    file: ['-f', '--file'],
  },
  r: { family: 'r', code: ['-e'], values: ['--encoding'], file: ['-f', '--file'] },
  julia: {
    family: 'julia',
    code: ['-e', '--eval', '-E', '--print'],
    values: ['-p', '--procs', '-t', '--threads', '-J', '--sysimage', '--project', '-O', '--startup-file'],
    file: ['-L', '--load'],
  },
  lua: { family: 'lua', code: ['-e'], values: ['-l'] },
  luajit: { family: 'lua', code: ['-e'], values: ['-l', '-j', '-O'] },
  tclsh: { family: 'tcl', code: [], values: ['-encoding'] },
  wish: { family: 'tcl', code: [], values: ['-encoding', '-display', '-geometry', '-name'] },
  jimsh: { family: 'tcl', code: [], values: [] },
};

/** The language spec a program reads its arguments by, when it is an interpreter gavel reads. */
/**
 * specOf's answers by program name: it is asked several times for every invocation the detectors see. Bounded,
 * as a long-lived service sees any number of names.
 */
const SPECS = new Map<string, LanguageSpec | undefined>();
const SPECS_MAX = 4096;

function specOf(program: string): LanguageSpec | undefined {
  if (SPECS.has(program)) return SPECS.get(program);
  const spec = specByName(program);
  if (SPECS.size >= SPECS_MAX) SPECS.clear();
  SPECS.set(program, spec);
  return spec;
}

function specByName(program: string): LanguageSpec | undefined {
  if (/^python(\d(\.\d+)?)?$/.test(program) || /^pypy(\d(\.\d+)?)?$/.test(program)) return PYTHON;
  if (/^(pwsh|powershell)(-preview)?(\.exe)?$/.test(program)) return LANGUAGES.pwsh;
  if (/^lua\d(\.\d)?$/.test(program)) return LANGUAGES.lua;
  if (/^tclsh\d(\.\d)?$/.test(program)) return LANGUAGES.tclsh;
  return LANGUAGES[program];
}

export function interpreterFamily(program: string): CodeFamily | undefined {
  return specOf(program)?.family;
}

/** What an interpreter's words give it to run. Indexes point into the words read. */
export interface InterpreterRead {
  family: CodeFamily;
  /** Inline code, one entry per code option: a word index, or a text taken from inside a word (`--eval=...`). */
  code: Array<{ at: number; text?: string }>;
  /** `pwsh -Command a b c`: the words from this index on, joined, are the code. */
  restFrom?: number;
  /** The code is base64 (`-EncodedCommand`): at this index. */
  encoded?: number;
  /** A code file run (`x.py`, `-f x.R`, `-File x.ps1`): its word index. */
  file?: number;
  /** The code comes from stdin (`-`, or no code and no file). */
  stdin: boolean;
  /** `python -m MODULE`: the module name and the index of the first word after it. */
  module?: { name: string; from: number };
  /** IPython: `!cmd` and `%system` lines are shell. */
  magics: boolean;
  /** After inline code, the index of the first word that is the code's argument (`perl -pi -e CODE file`). */
  operands?: number;
}

function optionName(spec: LanguageSpec, word: string): string {
  const t = spec.prefixes ? word.toLowerCase().replace(/^\//, '-') : word;
  return t.includes('=') && t.startsWith('--') ? t.slice(0, t.indexOf('=')) : t;
}

/** Does `given` name `full` (PowerShell: a case-insensitive prefix of at least one letter)? */
function names(spec: LanguageSpec, given: string, list: readonly string[] | undefined): boolean {
  if (!list) return false;
  if (!spec.prefixes) return list.includes(given);
  return list.some((full) => given.length >= 2 && full.startsWith(given));
}

/**
 * Reads an interpreter's words: which hold code, a file, a module or stdin. `args` are the words after the
 * program, as plain text. Undefined: not an interpreter this table reads.
 */
export function readInterpreter(program: string, args: readonly string[]): InterpreterRead | undefined {
  const spec = specOf(program);
  if (!spec) return undefined;
  const out: InterpreterRead = { family: spec.family, code: [], stdin: false, magics: spec.magics === true };
  let i = 0;
  if (spec.codeSubs) {
    // `deno eval [--print] CODE`: the first positional after the subcommand's options.
    const sub = args.findIndex((a) => !a.startsWith('-'));
    if (sub < 0 || !spec.codeSubs.includes(args[sub] as string)) return out;
    const at = args.findIndex((a, k) => k > sub && !a.startsWith('-'));
    if (at >= 0) out.code.push({ at });
    return out;
  }
  for (; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--') {
      if (i + 1 < args.length) out.file = i + 1;
      else out.stdin = true;
      return out;
    }
    if (a === '-') {
      out.stdin = true;
      return out;
    }
    const isOption = a.startsWith('-') || (spec.prefixes === true && a.startsWith('/'));
    // After inline code, a word that is not an option is the code's argument (`perl -pi -e CODE file`).
    if (!isOption) {
      if (out.code.length === 0) out.file = i;
      else out.operands = i;
      return out;
    }
    const name = optionName(spec, a);
    const attached = a.startsWith('--') && a.includes('=') ? a.slice(a.indexOf('=') + 1) : undefined;
    if (names(spec, name, spec.restIsCode)) {
      if (args[i + 1] === '-') out.stdin = true;
      else out.restFrom = i + 1;
      return out;
    }
    if (names(spec, name, spec.encoded)) {
      out.encoded = i + 1;
      return out;
    }
    if (names(spec, name, spec.file)) {
      out.file = i + 1;
      return out;
    }
    if (spec.code.includes(name)) {
      out.code.push(attached === undefined ? { at: ++i } : { at: i, text: attached });
      continue;
    }
    if (names(spec, name, spec.values)) {
      if (attached === undefined) i++;
      continue;
    }
    // A single-dash cluster (`-Ic`, `-le`, `-ne`, `-mIPython`): flags, then a letter taking the rest or the next word.
    if (!a.startsWith('--') && spec.clusterValues) {
      let k = 1;
      while (k < a.length && !spec.clusterValues.includes(a[k] as string)) k++;
      if (k >= a.length) continue;
      const letter = a[k] as string;
      const rest = a.slice(k + 1);
      const valueAt = rest === '' && spec.clusterNext?.includes(letter) ? ++i : i;
      if (spec.clusterCode?.includes(letter))
        out.code.push(rest === '' ? { at: valueAt } : { at: i, text: rest });
      else if (letter === 'm' && spec.family === 'python') {
        out.module = { name: rest === '' ? (args[valueAt] ?? '') : rest, from: valueAt + 1 };
        return out;
      }
    }
  }
  if (out.code.length === 0 && out.file === undefined) out.stdin = true;
  return out;
}

/** `python -m MODULE args`: modules that run code given on their command line, read as an interpreter would. */
export function moduleProgram(module: string): string | undefined {
  if (module === 'IPython') return 'ipython';
  return undefined;
}
