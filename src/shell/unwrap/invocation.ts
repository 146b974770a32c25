/**
 * One program run after unwrapping, as the detectors see it, and the analysis context they report into.
 * Types only, plus small helpers over decoded words.
 */

import type { Category } from '../../core';
import type { PathScope } from '../classify/classify-path';
import type {
  CategoryHit,
  HostRef,
  PathRef,
  Segment,
  ShellEnv,
  Uncertainty,
  UncertaintyCode,
} from '../types';
import type { Word } from '../walk/decode-word';
import type { Flow } from '../walk/flow';
import { DYN, display, unprotect } from '../walk/markers';
import type { Positional } from '../walk/positional';

export interface Redirect {
  op: string;
  target: Word;
  /** The file descriptor written before the operator (`2>`), when one is. */
  fd?: string;
}

export interface Invocation {
  /** Index of this invocation's segment in the analysis. */
  segment: number;
  /** Lower-cased basename of the program. */
  program: string;
  /** The program word as written, after unwrapping (`./x.sh`, `/usr/bin/git`, `git`). */
  command?: Word;
  /** Arguments after the program name, decoded. */
  args: Word[];
  redirects: Redirect[];
  /** What arrives on stdin. */
  stdin: Flow;
  /** Working directory, undefined after a dynamic `cd`. */
  cwd: string | undefined;
  /** Analysis depth (nested shells). */
  depth: number;
}

/** What a nested script starts with (ADR 0049). */
export interface ScriptBinding {
  positional: Positional | undefined;
  /** `new`: another shell process (the caller's functions are not defined there); `same`: this shell. */
  shell: 'new' | 'same';
  /** The function calls this text runs inside, outermost first (`f` calling `f` is recursion). */
  calling?: readonly string[];
}

export interface Reporter {
  readonly env: ShellEnv;
  readonly scope: PathScope;
  /** What was reported so far, in order (append-only). */
  readonly segments: readonly Segment[];
  readonly hits: readonly CategoryHit[];
  readonly uncertainties: readonly Uncertainty[];
  hit(category: Category, reason: string, segment: number): void;
  /** Runs `check` once the whole line is walked, every segment known (a later or concurrent command counts too). */
  afterWalk(check: () => void): void;
  /** A variable that selects a production environment was set in this command (`RAILS_ENV=production`). */
  production: boolean;
  /** The command may turn on `allexport` (`set -a`, `bash -a`): every later assignment is exported. */
  allexport: boolean;
  /** `kept`: survives `forgetUncertainties` (what gavel could not see, not what a script computes). */
  uncertain(code: UncertaintyCode, reason: string, segment?: number, kept?: 'kept'): void;
  /**
   * Drops the uncertainties reported from index `from` on (a script file read under `scriptFiles: literal`),
   * except a parse error where the parser misreads what bash runs and a decoded payload run as code.
   */
  forgetUncertainties(from: number): void;
  path(segment: number, ref: PathRef): void;
  host(segment: number, ref: HostRef): void;
  exfiltration(segment: number, reason: string): void;
  /** Variables the command assigned so far (prefix, plain, exported or declared), by name. */
  readonly assignedNames: ReadonlySet<string>;
  /**
   * Standard output of `inv` goes into a pipe or a command substitution (a part of a pipeline before the last,
   * or `$(...)`): never the terminal.
   */
  stdoutPiped(inv: Invocation): boolean;
  /** Files written from network data during this command; running one is an install from an unstated source. */
  readonly downloaded: Set<string>;
  /**
   * Analyses a script given as text (bash -c, eval, here-doc fed to a shell) and returns its output. `bind`: the
   * positional parameters the text starts with, and whether it is a new shell (no functions of the caller) or a
   * function body or sourced file of the same shell; without it the text sees the caller's state.
   */
  script(
    text: string,
    inv: Invocation,
    context: 'shell-string' | 'stdin-script',
    wrapper: string,
    bind?: ScriptBinding,
  ): Flow;
  /** Analyses an argv given as words (find -exec, xargs) as a command of its own. */
  command(argv: Word[], inv: Invocation, wrapper: string): Flow;
  /**
   * `inv` (a sourced activation script, recognised) puts `folder` first on PATH for the later commands of its shell
   * (walk/path-first.ts); `entries`: the folder's names, undefined when not listed.
   */
  pathFirst(
    inv: Invocation,
    folder: string,
    entries: ReadonlySet<string> | undefined,
    functions?: readonly string[],
  ): void;
}

/** Plain text of a word for matching (sentinels restored, dynamic parts left as DYN). */
/** Words this long keep their plain and option text (detectors read each argument many times; a long message
 * or inline script was rescanned by every one of them). Checked against the word's text, which may change. */
const MEMO_FROM = 256;
const memos = new WeakMap<Word, { text: string; plain: string; option?: string }>();

function memoOf(word: Word): { text: string; plain: string; option?: string } {
  let memo = memos.get(word);
  if (memo?.text !== word.text) {
    memo = { text: word.text, plain: unprotect(word.text) };
    memos.set(word, memo);
  }
  return memo;
}

export function plain(word: Word | undefined): string {
  if (!word) return '';
  return word.text.length < MEMO_FROM ? unprotect(word.text) : memoOf(word).plain;
}

export function isLiteral(word: Word | undefined): boolean {
  return word !== undefined && !word.text.includes(DYN);
}

export function shown(word: Word | undefined, max = 60): string {
  const text = word ? display(word.text) : '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Normalizes look-alike dashes and case for option matching. */
export function optionText(word: Word | undefined): string {
  if (word === undefined) return '';
  if (word.text.length < MEMO_FROM) return optionOf(word.text);
  const memo = memoOf(word);
  memo.option ??= memo.plain.replace(DASHES, '-');
  return memo.option;
}

const DASHES = /[\u2010-\u2015\u2212]/g;

/**
 * The values of the options `named` accepts, in either spelling (`--config X`, `--config=X`), up to a `--`; a value
 * after `=` keeps its word's flow. An option given last with no value gives none.
 */
export function optionWords(args: readonly Word[], named: (option: string) => boolean): Word[] {
  const out: Word[] = [];
  for (let k = 0; k < args.length; k++) {
    const w = args[k] as Word;
    const t = optionText(w);
    if (t === '--') break;
    const eq = t.startsWith('-') ? t.indexOf('=') : -1;
    if (!named(eq > 0 ? t.slice(0, eq) : t)) continue;
    const value = eq > 0 ? { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow } : args[++k];
    if (value !== undefined) out.push(value);
  }
  return out;
}

/**
 * `unprotect(text).replace(DASHES, '-')` in one scan: most words hold neither a sentinel nor a look-alike dash,
 * and detectors ask for the option text of every argument (the replace calls were 5 % of a decision).
 */
function optionOf(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 6 ? c >= 1 : c >= 0x2010 && (c <= 0x2015 || c === 0x2212))
      return unprotect(text).replace(DASHES, '-');
  }
  return text;
}

/** Splits args into options and positionals (`--` ends options). Short clusters stay whole (`-rf`). */
export function splitArgs(args: readonly Word[]): { options: string[]; positionals: Word[] } {
  const options: string[] = [];
  const positionals: Word[] = [];
  let ended = false;
  for (const word of args) {
    const text = optionText(word);
    if (!ended && text === '--') ended = true;
    else if (!ended && text.startsWith('-') && text.length > 1) options.push(text);
    else positionals.push(word);
  }
  return { options, positionals };
}

/** True when a short cluster (`-rf`) or a long option names the flag. */
export function hasFlag(options: readonly string[], short: string, long?: readonly string[]): boolean {
  return options.some((o) =>
    o.startsWith('--')
      ? (long ?? []).some((l) => o === l || o.startsWith(`${l}=`))
      : short !== '' && o.slice(1).includes(short),
  );
}
