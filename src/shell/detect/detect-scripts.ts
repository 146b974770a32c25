/**
 * Programs that run code given as text: shells (`bash -c`, a script on stdin), `eval`, `source`, `su -c`,
 * `watch`, `parallel`, and interpreter one-liners (`python -c`, `node -e`, `perl -e`, `ruby -e`, `php -r`).
 * Literal shell text is analysed as a script of its own; code fetched from the network is remote code
 * execution; decoded or computed code is uncertain. Interpreter code is scanned for literal destructive
 * calls and shell-outs. Pure apart from reporting.
 */

import { isSecretVariable } from '../classify/secret-variable';
import { interpreterFamily, readInterpreter } from '../data/interpreters';
import { SHELL_VALUE_OPTIONS, SHELLS } from '../data/wrappers';
import { SCRIPT_FILE_WRAPPER } from '../types';
import {
  type Invocation,
  isLiteral,
  optionText,
  plain,
  type Reporter,
  type ScriptBinding,
} from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { type Flow, OPAQUE_FLOW, taintsOfAll } from '../walk/flow';
import { DYN, protectQuoted, unprotect } from '../walk/markers';
import { bindPositional } from '../walk/positional';
import { keywordMode } from './bash-state';
import { batsFolderTests } from './bats-suite';
import { readBudgeted, runFileText, runScriptFile, stdinFile, unreadable } from './disk-scripts';
import { EACH_FOUND } from './listed-paths';
import { resolveArg, touchPath } from './path-effects';
import { scanCode } from './scan-code';
import { sourceVirtualenv } from './virtualenv-source';
import { runsWrittenHere, runWritten, writtenScript } from './written-scripts';

function runText(
  word: Word | undefined,
  inv: Invocation,
  r: Reporter,
  wrapper: string,
  bind?: ScriptBinding,
  kept?: 'kept',
): Flow {
  if (!word) return OPAQUE_FLOW;
  if (isLiteral(word)) return r.script(plain(word), inv, 'shell-string', wrapper, bind);
  if (word.flow.network)
    r.hit('remote_code_execution', `\`${wrapper}\` runs code fetched from the network`, inv.segment);
  else if (word.flow.decoded)
    r.uncertain('decoded-payload', `\`${wrapper}\` runs code decoded at run time`, inv.segment);
  else r.uncertain('dynamic-script', `\`${wrapper}\` runs code built at run time`, inv.segment, kept);
  return OPAQUE_FLOW;
}

/** Code arriving on stdin of a shell or interpreter. */
function runStdin(inv: Invocation, r: Reporter, shell: boolean, args: readonly Word[] = []): Flow {
  // `sh -s a b < x.sh`: `$0` is the shell, the words after `-s` its parameters.
  const bind: ScriptBinding = { positional: bindPositional(programWord(inv), args), shell: 'new' };
  if (shell) {
    // `sh < x.sh`: a script on disk (one written in this command line is analysed where it is run).
    const file = stdinFile(inv, r);
    if (file !== undefined && !writtenScript(file, r).found) runScriptFile(file, inv, r, 'shell', bind);
    // `sh < <(cmd)`, `sh < "$f"`, `sh <&3`: the script is text the analysis does not hold.
    const from = inv.redirects.filter((x) => x.op === '<' || x.op === '<&').pop();
    if (from && (from.op === '<&' || !isLiteral(from.target))) {
      if (from.target.flow.network)
        r.hit('remote_code_execution', `\`${inv.program}\` runs code piped in from the network`, inv.segment);
      else
        r.uncertain(
          'dynamic-script',
          `\`${inv.program}\` runs a script whose text is not shown`,
          inv.segment,
        );
    }
  }
  const stdin = inv.stdin;
  if (stdin.network) {
    r.hit('remote_code_execution', `\`${inv.program}\` runs code piped in from the network`, inv.segment);
    return OPAQUE_FLOW;
  }
  if (stdin.decoded) {
    r.uncertain('decoded-payload', `\`${inv.program}\` runs code decoded at run time`, inv.segment);
    return OPAQUE_FLOW;
  }
  if (stdin.literal !== undefined) {
    if (shell) return r.script(stdin.literal, inv, 'stdin-script', inv.program, bind);
    const segment = r.segments[inv.segment];
    if (segment) segment.stdinCode = stdin.literal;
    scanCode(stdin.literal, inv, r);
    return OPAQUE_FLOW;
  }
  if (stdin.opaque || stdin.sensitive)
    r.uncertain('dynamic-script', `\`${inv.program}\` runs code piped in at run time`, inv.segment);
  return OPAQUE_FLOW;
}

/** Options whose value is a start-up file an interactive shell runs (`bash --rcfile x.sh -i`). */
const START_UP_FILE_OPTIONS = new Set(['--rcfile', '--init-file']);

/** A script file a shell runs: written in this command line, or read from disk when the surface gives a reader. */
function runFile(word: Word, inv: Invocation, r: Reporter, args: readonly Word[] = []): void {
  const res = touchPath(word, 'exec', inv, r);
  // `bash x.sh a b`: `$0` is the script's name, `$1`... the words after it.
  const bind: ScriptBinding = { positional: bindPositional(word, args), shell: 'new' };
  if (!runWritten(writtenScript(res.resolved, r), inv, r, true, bind))
    runScriptFile(res.resolved, inv, r, 'shell', bind);
  if (res.resolved && r.downloaded.has(res.resolved)) {
    r.hit(
      'package_install_from_unstated_source',
      `\`${inv.program}\` runs a script just downloaded from the network`,
      inv.segment,
    );
  }
  // A file `find -exec sh {}` finds, or a glob matches, is known only at run time.
  if (res.class === 'temp' || res.resolved === undefined || res.glob || word.text.includes(EACH_FOUND))
    r.uncertain(
      'dynamic-script',
      `\`${inv.program}\` runs a script file whose content is not shown`,
      inv.segment,
    );
  if (word.flow.network)
    r.hit('remote_code_execution', `\`${inv.program}\` runs code fetched from the network`, inv.segment);
}

/** The program word as the command gave it (`bash`, `/bin/sh`): a shell's `$0` when no name follows its text. */
function programWord(inv: Invocation): Word {
  return inv.command ?? { text: inv.program, flow: OPAQUE_FLOW };
}

/** The shell's own options, before its script (`-ek`, `-o keyword`): the words `keywordMode` reads. */
function leadingOptions(args: readonly Word[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const t = optionText(args[i]);
    if (t === '--' || t === '-' || !/^[-+]/.test(t)) break;
    out.push(t);
    if (SHELL_VALUE_OPTIONS.has(t) || /^[-+][a-zA-Z]*[oO]$/.test(t)) out.push(optionText(args[++i]));
  }
  return out;
}

/** Options by name that leave a shell's execution alone, besides `noexec` itself (compared without case or `_`). */
const PLAIN_NAMED = new Set(['noexec', 'errexit', 'nounset', 'pipefail', 'xtrace', 'verbose']);

/**
 * `bash -n`, `sh -o noexec`: the shell reads its script to check the syntax and runs none of it. Only when every
 * leading option is a plain cluster or one of a few names: `-i` (an interactive shell ignores it), `-l` (a login
 * shell reads profiles), `+n`, `+o`, `-O`, zsh's `-o exec` and `--option` spellings may turn execution back on.
 */
function noExec(options: readonly string[], program: string): boolean {
  let on = false;
  for (let k = 0; k < options.length; k++) {
    const w = options[k] as string;
    // fish spells `-n` out too (`fish --no-execute x.fish`: no configuration read, nothing run; fish 3.6 checked).
    if (program === 'fish' && w === '--no-execute') {
      on = true;
      continue;
    }
    if (w === '-o') {
      const name = (options[++k] ?? '').toLowerCase().replaceAll('_', '');
      if (!PLAIN_NAMED.has(name)) return false;
      if (name === 'noexec') on = true;
      continue;
    }
    if (!/^-[a-zA-Z]+$/.test(w) || /[ilOo]/.test(w.slice(1))) return false;
    if (w.includes('n')) on = true;
  }
  return on;
}

function shell(inv: Invocation, r: Reporter): Flow {
  const args = inv.args;
  const options = leadingOptions(args);
  if (noExec(options, inv.program)) {
    // The script is read (a syntax error quotes its line), never run; `-c TEXT` is checked, not run.
    let k = options.length;
    if (optionText(args[k]) === '--' || optionText(args[k]) === '-') k++;
    const file = args[k];
    if (file && !options.some((o) => /^-[a-zA-Z]*c/.test(o))) touchPath(file, 'read', inv, r);
    return OPAQUE_FLOW;
  }
  // `bash -k -c '...'`: keyword mode from the start, as `set -k` in the script would turn it on.
  if (keywordMode(options))
    r.uncertain(
      'dynamic-command',
      'the shell starts in keyword mode: `NAME=value` arguments become environment variables',
      inv.segment,
      'kept',
    );
  for (let i = 0; i < args.length; i++) {
    const t = optionText(args[i]);
    // `-s`: the script is read from stdin and the words after it are its arguments.
    if (/^-[a-zA-Z]*s[a-zA-Z]*$/.test(t) && !/c/.test(t)) return runStdin(inv, r, true, args.slice(i + 1));
    // `--` and `-` end the options: the next word, if any, is the script file.
    if (t === '--' || t === '-') {
      const file = args[i + 1];
      if (!file) return runStdin(inv, r, true, args.slice(i + 1));
      runFile(file, inv, r, args.slice(i + 2));
      return OPAQUE_FLOW;
    }
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(t)) {
      // The script is the first word after the option cluster that is not itself an option or an option's
      // value (`-ceo pipefail 'cmd'`, `-c -o errexit 'cmd'`).
      let k = i + 1 + (/[oO]$/.test(t) ? 1 : 0);
      while (k < args.length && /^[-+][a-zA-Z]+$/.test(plain(args[k]))) {
        const o = plain(args[k]);
        k += SHELL_VALUE_OPTIONS.has(o) || /[oO]$/.test(o) ? 2 : 1;
      }
      // `bash -c -- 'cmd'`, `sh -c - 'cmd'`: the end of the options, then the text.
      if (plain(args[k]) === '--' || plain(args[k]) === '-') k++;
      // `sh -c TEXT NAME ARGS...`: NAME is `$0`, ARGS `$1`... (the shell's name when none follows).
      const bind: ScriptBinding = {
        positional: bindPositional(args[k + 1] ?? programWord(inv), args.slice(k + 2)),
        shell: 'new',
      };
      return runText(args[k], inv, r, `${inv.program} -c`, bind);
    }
    // `-euo pipefail`: a cluster ending in `o` or `O` takes the next word as that option's value.
    if (SHELL_VALUE_OPTIONS.has(t) || /^[-+][a-zA-Z]*[oO]$/.test(t)) {
      const value = args[i + 1];
      if (START_UP_FILE_OPTIONS.has(t) && value) runFile(value, inv, r);
      i++;
      continue;
    }
    if (t.startsWith('-') || t.startsWith('+')) continue;
    runFile(args[i] as Word, inv, r, args.slice(i + 1));
    return OPAQUE_FLOW;
  }
  return runStdin(inv, r, true);
}

/** `@test "name" {` (or `@test name {`) opening a bats test body. */
const BATS_TEST = /^([ \t]*)@test[ \t]+(?:"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[^{\n]*?)[ \t]*\{/gm;

/** bats's `load NAME` at the start of a line, NAME a plain relative or absolute path. */
const BATS_LOAD = /^([ \t]*)load[ \t]+['"]?([\w./-]+)['"]?[ \t]*$/gm;

/** bats's `run [-N] [--separate-stderr] [!] CMD` where a command starts: it runs CMD. */
const BATS_RUN = /(^|[;&|{(]|&&|\|\|)([ \t]*)run[ \t]+(?:(?:-\d+|--[\w-]+|!)[ \t]+)*/gm;

/**
 * A bats file as the bash it is: each `@test ... {` body a brace group run in order, `run CMD` as CMD (a helper
 * `load`ed is not read, so `load` stays a program nobody knows).
 */
export function batsAsShell(text: string, helper?: (path: string) => string | undefined): string {
  const out = text.replace(BATS_TEST, '$1{').replace(BATS_RUN, '$1$2');
  if (!helper) return out;
  // `load NAME` sources NAME.bash beside the test file (NAME itself when it ends in `.bash`): its text, in place.
  return out.replace(BATS_LOAD, (line: string, _lead: string, name: string) => {
    const text = helper(name.endsWith('.bash') ? name : `${name}.bash`);
    return text === undefined ? line : `{\n${text.replace(BATS_RUN, '$1$2')}\n}`;
  });
}

/** Reads a helper a bats file `load`s, beside it: its text, or undefined (left as `load`, unknown) when unread. */
function helperOf(
  test: string | undefined,
  inv: Invocation,
  r: Reporter,
): (name: string) => string | undefined {
  return (name) => {
    const dir = test?.slice(0, test.lastIndexOf('/'));
    if (!dir) return undefined;
    const path = name.startsWith('/') ? name : `${dir}/${name}`;
    const written = writtenScript(path, r);
    if (written.found) return written.content;
    const file = readBudgeted(path, inv, r);
    if (file?.kind === 'unreadable') unreadable(file, inv, r);
    return file?.kind === 'text' ? file.text : undefined;
  };
}

/** bats options that take a value (the next word). */
const BATS_VALUES = new Set([
  '-f',
  '--filter',
  '--filter-status',
  '--filter-tags',
  '-F',
  '--formatter',
  '-j',
  '--jobs',
  '-o',
  '--output',
  '--report-formatter',
  '--gather-test-outputs-in',
  '--code-quality-report',
  '--line-reference-format',
  '--parallel-binary-name',
]);

/**
 * `bats FILE...`: each test file (written earlier on the line, or read from disk) analysed as bash, the `.bats` files
 * of a folder given (below it too with `-r`) as well; a setup-suite file is a plain script, named or the
 * `setup_suite.bash` beside the test files (white-box review: a folder's tests and that file ran unread).
 */
function bats(inv: Invocation, r: Reporter): void {
  const args = inv.args;
  const recursive = args.some((w) => /^(?:-[a-zA-Z]*r[a-zA-Z]*|--recursive)$/.test(optionText(w)));
  let suiteNamed = false;
  const testFolders = new Set<string>();
  const runTest = (path: string) => {
    const file = readBudgeted(path, inv, r);
    if (!file || file.kind === 'missing') return;
    if (file.kind === 'unreadable') {
      if (file.why !== 'not-regular') unreadable(file, inv, r);
      return;
    }
    testFolders.add(path.slice(0, path.lastIndexOf('/')) || '/');
    runFileText(batsAsShell(file.text, helperOf(path, inv, r)), inv, r, `bats${SCRIPT_FILE_WRAPPER}`);
  };
  for (let i = 0; i < args.length; i++) {
    const t = optionText(args[i]);
    if (t === '--setup-suite-file' && args[i + 1]) {
      suiteNamed = true;
      runFile(args[++i] as Word, inv, r);
      continue;
    }
    if (BATS_VALUES.has(t)) {
      i++;
      continue;
    }
    if (t.startsWith('-')) continue;
    const path = resolveArg(args[i] as Word, inv, r).resolved;
    const written = writtenScript(path, r);
    if (written.found) {
      if (written.content === undefined)
        r.uncertain(
          'dynamic-script',
          '`bats` runs a test file this command writes with content not shown',
          inv.segment,
        );
      else
        r.script(
          batsAsShell(written.content, helperOf(path, inv, r)),
          inv,
          'shell-string',
          'bats (test file written above)',
        );
      continue;
    }
    if (path === undefined) continue;
    const file = readBudgeted(path, inv, r);
    if (file?.kind === 'unreadable' && file.why === 'not-regular') {
      // bats looks for setup_suite.bash in the folder named too (bats 1.8, final read).
      testFolders.add(path);
      for (const test of batsFolderTests(path, recursive, inv, r) ?? []) runTest(test);
      continue;
    }
    runTest(path);
  }
  if (suiteNamed) return;
  for (const folder of testFolders) {
    const suite = readBudgeted(`${folder === '/' ? '' : folder}/setup_suite.bash`, inv, r);
    if (suite?.kind === 'text') runFileText(suite.text, inv, r, `bats${SCRIPT_FILE_WRAPPER}`);
    else if (suite?.kind === 'unreadable' && suite.why !== 'not-regular') unreadable(suite, inv, r);
  }
}

/** awk's `ENVIRON["NAME"]` (any quoting awk takes) and a loop over all of `ENVIRON`. */
const ENVIRON_KEY = /\bENVIRON\s*\[\s*"([^"]*)"\s*\]/g;
const ENVIRON_WHOLE = /\bENVIRON\s*\[\s*[^"\s\]]|\bin\s+ENVIRON\b/;

/** An awk program printing a secret-named variable (`ENVIRON["GITHUB_TOKEN"]`) or every variable. */
function awkEnviron(code: string, inv: Invocation, r: Reporter): void {
  if (!code.includes('ENVIRON')) return;
  const named = [...code.matchAll(ENVIRON_KEY)].some((m) => isSecretVariable(m[1] ?? ''));
  if (named || ENVIRON_WHOLE.test(code))
    r.hit('secret_material_read', `\`${inv.program}\` reads the environment, secrets included`, inv.segment);
}

/** A code file an interpreter runs (`python3 x.py`, `pwsh -File x.ps1`): read as an exec of the path. */
function interpreterFile(word: Word, inv: Invocation, r: Reporter): void {
  if (word.flow.network)
    r.hit('remote_code_execution', `\`${inv.program}\` runs code fetched from the network`, inv.segment);
  const ran = touchPath(word, 'exec', inv, r);
  runWritten(writtenScript(ran.resolved, r), inv, r, false);
  if (ran.resolved && r.downloaded.has(ran.resolved)) {
    r.hit(
      'package_install_from_unstated_source',
      `\`${inv.program}\` runs a script just downloaded from the network`,
      inv.segment,
    );
  }
}

/**
 * The files after a perl program: `-i` edits each in place (a write, as `sed -i`), `-n`/`-p` read each line by
 * line; other programs get them as arguments only. Options are read up to the first operand (`--` included).
 */
function perlFiles(inv: Invocation, args: readonly Word[], from: number, r: Reporter): void {
  const options = args.slice(0, from).map((w) => optionText(w));
  // A cluster's letters up to its first value letter: `-pi`, `-lpi.bak`, `-0777` (the digits are `-0`'s value).
  const letters = options
    .map((t) => /^-([a-zA-Z0-9]*)/.exec(t)?.[1] ?? '')
    .map((c) => /^[^eEIMmdDxCF]*/.exec(c)?.[0]);
  const edits = letters.some((c) => c?.replace(/^0[0-7]*/, '').includes('i'));
  const reads = edits || letters.some((c) => /[np]/.test(c ?? ''));
  if (!reads) return;
  const files = args.slice(from);
  const start = plain(files[0]) === '--' ? 1 : 0;
  for (const w of files.slice(start)) touchPath(w, edits ? 'write' : 'read', inv, r);
}

/**
 * An interpreter's command line read by its family (data/interpreters.ts): inline code scanned, a code file an
 * exec, stdin scanned; `python -m IPython`/`pdb`/`timeit` read as the code they are given. `as` reads the words
 * as another program of the family would (`python -m IPython ...` as `ipython ...`).
 */
function interpreter(inv: Invocation, r: Reporter, args = inv.args, as = inv.program): Flow {
  const read = readInterpreter(
    as,
    args.map((w) => optionText(w)),
  );
  if (!read) return OPAQUE_FLOW;
  const scan = (word: Word | undefined, text?: string) => {
    if (!word) return;
    if (!isLiteral(word)) runText(word, inv, r, `${inv.program} code`);
    else scanCode(text ?? plain(word), inv, r, read.family, read.magics);
  };
  for (const c of read.code) scan(args[c.at], c.text);
  if (read.family === 'perl' && read.operands !== undefined) perlFiles(inv, args, read.operands, r);
  if (read.restFrom !== undefined) {
    const rest = args.slice(read.restFrom);
    if (rest.every(isLiteral)) scan({ text: rest.map((w) => plain(w)).join(' '), flow: OPAQUE_FLOW });
    else
      runText({ text: '\u0000', flow: taintsOfAll(rest.map((w) => w.flow)) }, inv, r, `${inv.program} code`);
  }
  if (read.encoded !== undefined)
    r.uncertain('decoded-payload', `\`${inv.program}\` runs base64-encoded code`, inv.segment);
  if (read.module) {
    const rest = args.slice(read.module.from);
    const name = read.module.name;
    if (name === 'IPython') return interpreter(inv, r, rest, 'ipython');
    if (name === 'pdb' || name === 'timeit') {
      // pdb's `-c CMD` and timeit's statements and `-s SETUP` are Python run by the module.
      for (let k = 0; k < rest.length; k++) {
        const t = plain(rest[k]);
        if (t === '-c' || t === '--command' || t === '-s' || t === '--setup') scan(rest[++k]);
        else if (t === '-m' && name === 'pdb') return OPAQUE_FLOW;
        else if (/^-[nrpuv]$/.test(t) && name === 'timeit') k += /^-[nru]$/.test(t) ? 1 : 0;
        else if (!t.startsWith('-')) {
          if (name === 'timeit') scan(rest[k]);
          else {
            interpreterFile(rest[k] as Word, inv, r);
            return OPAQUE_FLOW;
          }
        }
      }
    }
    if (name === 'json.tool') {
      // `python -m json.tool [IN [OUT]]`: reads IN, writes OUT.
      const files = rest.filter((w) => !plain(w).startsWith('-'));
      if (files[0]) touchPath(files[0], 'read', inv, r);
      if (files[1]) touchPath(files[1], 'write', inv, r);
    }
    return OPAQUE_FLOW;
  }
  if (read.file !== undefined) {
    const word = args[read.file];
    if (word && ['/dev/stdin', '/proc/self/fd/0', '/dev/fd/0'].includes(plain(word)))
      return runStdin(inv, r, false);
    if (word) interpreterFile(word, inv, r);
    return OPAQUE_FLOW;
  }
  if (read.stdin) return runStdin(inv, r, false);
  return OPAQUE_FLOW;
}

/** `jupyter execute FILE...`, `jupyter nbconvert --execute FILE`, `jupyter run FILE`: each file is Python run. */
function jupyter(inv: Invocation, r: Reporter): Flow {
  const sub = plain(inv.args[0]);
  if (sub === 'nbconvert' && !inv.args.some((w) => plain(w) === '--execute')) scriptExporters(inv, r);
  if (
    !['execute', 'run'].includes(sub) &&
    !(sub === 'nbconvert' && inv.args.some((w) => plain(w) === '--execute'))
  )
    return OPAQUE_FLOW;
  for (const w of inv.args.slice(1)) {
    const t = plain(w);
    if (t.startsWith('-')) continue;
    if (['/dev/stdin', '-', '/proc/self/fd/0', '/dev/fd/0'].includes(t)) {
      if (inv.stdin.literal !== undefined) scanCode(inv.stdin.literal, inv, r, 'python', true);
      else runStdin(inv, r, false);
      continue;
    }
    const res = touchPath(w, 'exec', inv, r);
    const file = res.resolved === undefined ? undefined : readBudgeted(res.resolved, inv, r);
    if (file?.kind === 'text') scanCode(notebookCode(file.text), inv, r, 'python', true);
    else if (file?.kind === 'unreadable') unreadable(file, inv, r);
    else if (file?.kind !== 'missing')
      r.uncertain('dynamic-script', `\`jupyter\` runs a notebook whose content is not shown`, inv.segment);
  }
  return OPAQUE_FLOW;
}

/** The exporters nbconvert ships, by the names a notebook's metadata may give (nbconvert 6 and 7). */
const NBCONVERT_EXPORTERS = new Set(
  'asciidoc custom html latex markdown notebook pdf python rst script slides webpdf qtpdf qtpng'.split(' '),
);

/**
 * `jupyter nbconvert --to script NB`: the script exporter hands the notebook to the exporter its metadata names
 * (`language_info.nbconvert_exporter`), and a name nbconvert does not ship is a module it imports from the folder
 * first on the path (review of round 32). Each notebook named is read; one gavel cannot read, or a name beyond
 * nbconvert's own, is uncertain.
 */
function scriptExporters(inv: Invocation, r: Reporter): void {
  const words = inv.args.map((w) => plain(w));
  const to = words.findIndex((t) => t === '--to' || t.startsWith('--to='));
  const target = to < 0 ? undefined : words[to]?.startsWith('--to=') ? words[to]?.slice(5) : words[to + 1];
  if (target !== 'script' || !r.env.readScript) return;
  const say = (why: string) => r.uncertain('dynamic-script', `\`jupyter nbconvert\` ${why}`, inv.segment);
  for (const w of inv.args.slice(1)) {
    const t = plain(w);
    if (!/\.ipynb$/.test(t)) continue;
    if (!isLiteral(w) || /[*?[]/.test(t)) {
      say('converts notebooks named at run time, with the exporters their metadata names');
      return;
    }
    const res = touchPath(w, 'read', inv, r);
    const file = res.resolved === undefined ? undefined : readBudgeted(res.resolved, inv, r);
    if (file?.kind === 'missing') continue;
    let exporter: unknown;
    try {
      const nb = JSON.parse(file?.kind === 'text' ? file.text : '') as {
        metadata?: { language_info?: { nbconvert_exporter?: unknown } };
      };
      exporter = nb.metadata?.language_info?.nbconvert_exporter;
    } catch {
      say('converts a notebook gavel cannot read, with the exporter its metadata names');
      return;
    }
    if (exporter !== undefined && !(typeof exporter === 'string' && NBCONVERT_EXPORTERS.has(exporter))) {
      say(
        'converts a notebook whose metadata names an exporter nbconvert does not ship: a module it imports',
      );
      return;
    }
  }
}

/** A notebook's code cells, joined (a script that is not JSON is its own code). */
/** The code cells of a notebook, joined; the text itself when it is not a notebook's JSON. */
export function notebookCode(text: string): string {
  try {
    const nb = JSON.parse(text) as { cells?: Array<{ cell_type?: string; source?: string | string[] }> };
    return (nb.cells ?? [])
      .filter((c) => c.cell_type === 'code')
      .map((c) => (Array.isArray(c.source) ? c.source.join('') : (c.source ?? '')))
      .join('\n');
  } catch {
    return text;
  }
}

export function detectScripts(inv: Invocation, r: Reporter): Flow | undefined {
  const p = inv.program;
  runsWrittenHere(inv, r, SHELLS.has(p), interpreterFamily(p) !== undefined);
  if (SHELLS.has(p)) return shell(inv, r);
  if (p === 'eval') {
    const words = inv.args;
    // `eval "$(ssh-agent -s)"`: the one word is the output of a known set-up idiom alone.
    if (words.length === 1 && words[0]?.flow.evalIdiom && plain(words[0]) === DYN) return OPAQUE_FLOW;
    if (words.every(isLiteral))
      return r.script(words.map((w) => plain(w)).join(' '), inv, 'shell-string', 'eval');
    const joined = {
      text: '\u0000',
      flow: taintsOfAll(words.map((w) => w.flow)),
    };
    // Kept in a script file read literally too: `eval "$2"` in a hook runs whatever git or a file hands it.
    return runText(joined, inv, r, 'eval', undefined, 'kept');
  }
  if (p === 'source' || p === '.') {
    const file = inv.args[0];
    if (file?.flow.network)
      r.hit('remote_code_execution', `\`${p}\` runs code fetched from the network`, inv.segment);
    else if (file && !isLiteral(file))
      r.uncertain('dynamic-script', `\`${p}\` runs a script known only at run time`, inv.segment);
    else if (file) {
      const path = resolveArg(file, inv, r).resolved;
      // `source f a b` gives f the parameters `a b` (the caller's `$0` stays); without words it sees the caller's.
      const bind: ScriptBinding | undefined =
        inv.args.length > 1
          ? { positional: bindPositional(undefined, inv.args.slice(1)), shell: 'same' }
          : undefined;
      if (!runWritten(writtenScript(path, r), inv, r, true, bind) && !sourceVirtualenv(path, inv, r))
        runScriptFile(path, inv, r, 'shell', bind);
    }
    return OPAQUE_FLOW;
  }
  if (p === 'tmux') return tmux(inv, r);
  if (p === 'bats') {
    bats(inv, r);
    return undefined;
  }
  if (p === 'trap') {
    // `trap ACTION SIGNAL…` runs ACTION as shell text when the signal (or EXIT) comes; `-`, `''` reset or ignore.
    const first = plain(inv.args[0]);
    if (/^-[lp]+$/.test(first)) return OPAQUE_FLOW;
    const k = first === '--' ? 1 : 0;
    const action = inv.args[k];
    if (action && inv.args.length > k + 1 && plain(action) !== '-') runText(action, inv, r, 'trap');
    return OPAQUE_FLOW;
  }
  if (p === 'su') {
    r.hit('privilege_escalation', '`su` acts as another user', inv.segment);
    const at = inv.args.findIndex((w) => ['-c', '--command'].includes(plain(w)));
    if (at >= 0) runText(inv.args[at + 1], inv, r, 'su -c');
    return OPAQUE_FLOW;
  }
  if (p === 'alias') {
    // Aliases are not expanded in a non-interactive bash, but zsh and `expand_aliases` do: analyse the text.
    for (const w of inv.args) {
      const eq = plain(w).indexOf('=');
      if (eq > 0) runText({ text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow }, inv, r, 'alias');
    }
    return OPAQUE_FLOW;
  }
  if (p === 'watch') {
    let i = 0;
    while (i < inv.args.length && plain(inv.args[i]).startsWith('-'))
      i += /^-(n|-interval|q|-equexit)$/.test(plain(inv.args[i])) ? 2 : 1;
    const rest = inv.args.slice(i);
    if (rest.length > 0)
      runText(
        rest.every(isLiteral)
          ? { text: rest.map((w) => plain(w)).join(' '), flow: OPAQUE_FLOW }
          : { text: '\u0000', flow: OPAQUE_FLOW },
        inv,
        r,
        'watch',
      );
    return OPAQUE_FLOW;
  }
  if (p === 'parallel') return parallel(inv, r);
  if (/^(g|m|n)?awk$/.test(p)) {
    let k = 0;
    while (k < inv.args.length && plain(inv.args[k]).startsWith('-'))
      k += /^-[Fvf]$/.test(plain(inv.args[k])) ? 2 : 1;
    const program = inv.args[k];
    if (program && isLiteral(program)) {
      scanCode(plain(program), inv, r);
      awkEnviron(plain(program), inv, r);
    }
    return undefined;
  }
  if (p === 'vim' || p === 'vi' || p === 'nvim' || p === 'ex' || p === 'less' || p === 'more') {
    for (const w of inv.args) {
      const m = /^(?:\+|:)*!(.+)$/s.exec(plain(w).replace(/^\+/, ''));
      if (m?.[1] && isLiteral(w)) r.script(m[1], inv, 'shell-string', `${p} !`);
    }
    return undefined;
  }
  if (p === 'script') {
    const at = inv.args.findIndex((w) => /^(-[a-zA-Z]*c|--command)$/.test(plain(w)));
    if (at >= 0) return runText(inv.args[at + 1], inv, r, 'script -c');
    return undefined;
  }
  if (p === 'jupyter') return jupyter(inv, r);
  if (interpreterFamily(p)) return interpreter(inv, r);
  return undefined;
}

function parallel(inv: Invocation, r: Reporter): Flow {
  const args = inv.args;
  let i = 0;
  while (i < args.length && plain(args[i]).startsWith('-') && plain(args[i]) !== ':::') {
    i += /^(-j|--jobs|-S|--sshlogin|--results|-a|--arg-file|--joblog|--delay|--timeout)$/.test(plain(args[i]))
      ? 2
      : 1;
  }
  const marker = args.findIndex((w, k) => k >= i && plain(w) === ':::');
  const template = args.slice(i, marker < 0 ? undefined : marker);
  const inputs = marker < 0 ? [] : args.slice(marker + 1).filter((w) => plain(w) !== ':::');
  if (template.length === 0) {
    for (const input of inputs) runText(input, inv, r, 'parallel');
    if (marker < 0 && (inv.stdin.literal !== undefined || inv.stdin.opaque)) runStdin(inv, r, true);
    return OPAQUE_FLOW;
  }
  // Input read from stdin is run-time data, as for xargs.
  const values =
    marker < 0 ? [{ text: '\u0000', flow: { ...inv.stdin, literal: undefined, opaque: true } }] : inputs;
  for (const value of values.length > 0 ? values : [{ text: '\u0000', flow: OPAQUE_FLOW }]) {
    const hasToken = template.some((w) => /\{\d*\}/.test(plain(w)));
    const argv = hasToken
      ? template.map((w) => ({
          text: protectQuoted(unprotect(w.text).replace(/\{\d*\}/g, '\0')).replaceAll('\0', value.text),
          flow: w.flow,
        }))
      : [...template, value];
    r.command(argv, inv, 'parallel');
  }
  return OPAQUE_FLOW;
}

/** tmux commands that run shell text in a new pane or in the background, with their options that take a value. */
const TMUX_RUNS: Record<string, readonly string[]> = {
  'new-session': ['-c', '-e', '-F', '-f', '-n', '-s', '-t', '-x', '-y'],
  'new-window': ['-c', '-e', '-F', '-n', '-t'],
  'split-window': ['-c', '-e', '-F', '-l', '-p', '-t'],
  'respawn-pane': ['-c', '-e', '-t'],
  'respawn-window': ['-c', '-e', '-t'],
  'run-shell': ['-c', '-d', '-t'],
  'display-popup': ['-b', '-c', '-d', '-e', '-h', '-s', '-S', '-t', '-T', '-w', '-x', '-y'],
  'send-keys': ['-N', '-t'],
};
const TMUX_ALIASES: Record<string, string> = {
  new: 'new-session',
  neww: 'new-window',
  splitw: 'split-window',
  respawnp: 'respawn-pane',
  respawnw: 'respawn-window',
  run: 'run-shell',
  popup: 'display-popup',
  send: 'send-keys',
};
/** Key names `send-keys` turns into characters a shell reads; other key names are dropped. */
const TMUX_KEYS: Record<string, string> = {
  Space: ' ',
  Enter: '\n',
  'C-m': '\n',
  KPEnter: '\n',
  Tab: '\t',
  'C-j': '\n',
};

function tmux(inv: Invocation, r: Reporter): Flow {
  const args = inv.args;
  let i = 0;
  for (; i < args.length; i++) {
    const t = plain(args[i]);
    if (t === '-c') {
      runText(args[i + 1], inv, r, 'tmux -c');
      return OPAQUE_FLOW;
    }
    if (/^-[LSfT]$/.test(t)) i++;
    else if (!t.startsWith('-')) break;
  }
  const name = plain(args[i]);
  const sub = TMUX_ALIASES[name] ?? name;
  const values = TMUX_RUNS[sub];
  if (!values) return OPAQUE_FLOW;
  let k = i + 1;
  for (; k < args.length; k++) {
    const t = plain(args[k]);
    if (t === '--') {
      k++;
      break;
    }
    if (!t.startsWith('-') || t === '-') break;
    if (values.includes(t)) k++;
  }
  const rest = args.slice(k);
  if (rest.length === 0) return OPAQUE_FLOW;
  if (!rest.every(isLiteral)) {
    runText({ text: '\u0000', flow: taintsOfAll(rest.map((w) => w.flow)) }, inv, r, `tmux ${sub}`);
    return OPAQUE_FLOW;
  }
  const text =
    sub === 'send-keys'
      ? rest
          .map(
            (w) => TMUX_KEYS[plain(w)] ?? (/^(C|M|S)-.$|^[A-Z][A-Za-z]+\d*$/.test(plain(w)) ? '' : plain(w)),
          )
          .join('')
      : rest.map((w) => plain(w)).join(' ');
  r.script(text, inv, 'shell-string', `tmux ${sub}`);
  return OPAQUE_FLOW;
}
