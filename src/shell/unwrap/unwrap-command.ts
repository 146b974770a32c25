/**
 * Runs one simple command through the analysis: peels wrappers off (`sudo`, `env`, `timeout`, `xargs`, …,
 * recursively, per the table in data/wrappers.ts), tracks `cd`, opens the segment and hands the program to
 * the detectors. Pure apart from reporting into the analyzer.
 * INVARIANT: an option a wrapper table does not know, or a program name computed at run time, is an uncertainty.
 */

import { posix } from 'node:path';
import { type Category, isUnder } from '../../core';
import { resolvedPathOf, resolvePath } from '../classify/classify-path';
import { isSecretVariable } from '../classify/secret-variable';
import { BASH_BUILTINS } from '../data/bash-builtins';
import { COMMAND_VARIABLES } from '../data/command-options';
import { isLoaderVariable } from '../data/loader-variables';
import { SYSTEM_ONLY, SYSTEM_PROGRAM_PATH, WORKSPACE_BIN } from '../data/shadowable-tools';
import { WRAPPERS } from '../data/wrappers';
import { envFileVariables } from '../detect/env-files';
import { markFetchedPackage } from '../detect/fetched-packages';
import { nestedAgentHome } from '../detect/guard-integrity';
import type { SegmentContext } from '../types';
import { literalWord, type Word } from '../walk/decode-word';
import { type Flow, NO_FLOW, OPAQUE_FLOW } from '../walk/flow';
import { DYN, display, protectQuoted, unprotect } from '../walk/markers';
import { lookUp, type PathFirst, pathFirstEntry } from '../walk/path-first';
import { bindPositional, unknownPositional } from '../walk/positional';
import type { Frame, SimpleCommand } from '../walk/walk-tree';
import { type Invocation, isLiteral, optionText, plain, type Reporter, shown } from './invocation';
import { argFile, argFileReads } from './xargs-arg-file';

/**
 * What unwrapping needs from the analysis it reports into: the reporter, a new segment per program run, the
 * walker's variable hooks, the detectors, and a place to remember the frame a nested run starts from.
 */
export interface UnwrapHost extends Reporter {
  newSegment(argv: string[], program: string, wrappers: string[], context: SegmentContext): number;
  assigned(name: string, frame: Frame, value?: { text: string; flow: Flow }): void;
  touched(name: string, value?: string): void;
  detect(inv: Invocation): Flow;
  /** The frame (wrappers, variables) a script or argv run by `inv` inherits. */
  rememberFrame(inv: Invocation, frame: Frame): void;
  /** Every activation on the line so far (walk/path-first.ts), in order, with the segment that made it. */
  activations(): readonly { first: PathFirst; segment: number }[];
}

export function programName(text: string): string {
  const base = text.slice(text.lastIndexOf('/') + 1).toLowerCase();
  // Reasons name the program: a hostile name must not carry a paragraph of text into them.
  return base.length > 64 ? `${base.slice(0, 63)}…` : base;
}

/**
 * Is the program word, when it names a wrapper, that wrapper? A bare name is (bash finds builtins and the PATH's
 * programs); a path only in a system program folder, or in a package bin folder for a name no system program has.
 * `./env ls`, `bin/command`, `/opt/x/nohup ls` run the file named, which is not the wrapper: it is not peeled off.
 */
function wrapperAsNamed(text: string): boolean {
  if (!text.includes('/')) return true;
  if (SYSTEM_PROGRAM_PATH.test(text)) return true;
  const bin = WORKSPACE_BIN.exec(text);
  return bin !== null && !SYSTEM_ONLY.has((bin[2] ?? '').toLowerCase());
}

interface Unwrapped {
  argv: Word[];
  wrappers: string[];
  cwd: string | undefined;
  noRun: boolean;
  wrapperHits: Array<[Category, string]>;
  unknown: string[];
  /** Names assigned by `env NAME=…` and by `NAME=… cmd`. */
  assigned: string[];
  /** The text given to each of `assigned` (a later assignment of the same name wins). */
  values: Map<string, string>;
  /** Names of `assigned` whose value carries secret material (`PORT=$API_KEY`, `X=$(cat .env)`). */
  secretValued: Set<string>;
  /** Wrapper options that took a value, as `wrapper option` (`npx -p`): they may change what runs. */
  valued: string[];
  /**
   * Words xargs appends from its input that may read as options: split on blanks (or one line each), a name with
   * a blank or a leading `-` in it becomes an option of the command (`find src | xargs wc -l`). Only NUL-terminated
   * names under literal roots are never options (`listedNamed`, returned without such a word).
   */
  optionLike: Set<Word>;
  /** Files xargs reads its arguments from (`-a FILE`): read, as by a `<` redirect (xargs-arg-file.ts). */
  argFiles: Word[];
  /** Files a wrapper writes itself (`strace -o F`, `flock F`): writes, as by a `>` redirect of unknown content. */
  outputs: Word[];
  /** Why the program run is not what its words say (`env -P dir`, `chroot root`): uncertain. */
  changed: string[];
  /** Wrapper options that schedule the command for later (`systemd-run --on-calendar`): persistence. */
  scheduled: string[];
  /** Files of `NAME=value` lines a wrapper gives the program as environment (`dotenv -e F`): read in env-files.ts. */
  envFiles: Word[];
}

function literalWords(text: string): Word[] {
  return text
    .split(/\s+/)
    .filter((t) => t !== '')
    .map((t) => ({ text: t, flow: { sensitive: false, network: false, decoded: false } }));
}

/** The blank-separated words of literal text, when it holds no quote, backslash or computed part. */
function plainWords(text: string | undefined): string[] | undefined {
  if (text === undefined || /["'\\]/.test(text) || text.includes(DYN) || text.length > 4096) return undefined;
  return text.split(/\s+/).filter(Boolean);
}

/** A word that starts with xargs's input line (`{}` alone, `{}.bak`) may read as an option. */
function optionLikeIfLeading(w: Word, leading: boolean, out: Unwrapped): Word {
  if (leading) out.optionLike.add(w);
  return w;
}

/** xargs: options, then the command; input lines become trailing arguments or fill the replacement token. */
function unwrapXargs(argv: Word[], stdin: Flow, out: Unwrapped): Word[] {
  let i = 1;
  let token: string | undefined;
  let fromFile = false;
  let delimited = false;
  let nulDelimited = false;
  const spec = WRAPPERS.xargs;
  while (i < argv.length) {
    const t = optionText(argv[i]);
    if (t === '--') {
      i++;
      break;
    }
    if (!t.startsWith('-') || t === '-') break;
    if (t === '-i' || t.startsWith('-i')) token = t.length > 2 ? t.slice(2) : '{}';
    else if (t === '-I' || t === '-J') token = plain(argv[++i]);
    else if (t.startsWith('-I') || t.startsWith('-J')) token = t.slice(2);
    else if (t === '-0' || t === '--null' || t === '-d' || t.startsWith('--delimiter')) {
      delimited = true;
      nulDelimited = t === '-0' || t === '--null';
      if (t === '-d') i++;
    } else if (t.startsWith('-a') || t.startsWith('--arg-file')) {
      fromFile = true;
      const file = argFile(argv, i, t);
      if (file.word) out.argFiles.push(file.word);
      i = file.next - 1;
    } else if (t.startsWith('--replace')) token = t.includes('=') && t.split('=')[1] ? t.split('=')[1] : '{}';
    else if (spec?.values.includes(t.split('=')[0] ?? '') && !t.includes('=')) i++;
    else if (!(spec?.values.some((v) => t.startsWith(v)) || spec?.flags.includes(t))) out.unknown.push(t);
    i++;
  }
  const rest = argv.slice(i);
  if (rest.length === 0) return [];
  // INVARIANT: xargs input is run-time data, even when it came from a literal `echo`; but when that literal text
  // is plain words (no quote, backslash or computed part) and xargs splits on blanks, those words are what it
  // appends (`echo ~/.ssh/id_rsa | xargs cat` reads the key): they are judged as literal words too.
  const { listed: roots, listedNamed, ...carried } = stdin;
  const input: Word = { text: DYN, flow: { ...carried, literal: undefined, opaque: true } };
  if (fromFile) input.flow = { ...input.flow, opaque: true };
  const words = fromFile || delimited ? undefined : plainWords(stdin.literal);
  // The one line of literal text (`echo a.txt | xargs -I{} cat {}`) is a word the command is judged on as it is.
  let shownLine = false;
  if (words !== undefined && words.length > 0) {
    const flow = { ...stdin, literal: undefined };
    if (!token) return [...rest, ...words.map((text) => ({ text, flow }))];
    const line = words.length === 1 ? words[0] : undefined;
    if (line !== undefined) input.text = line;
    shownLine = line !== undefined;
  }
  if (!shownLine) out.optionLike.add(input);
  // A lister's lines (`find ~/.aws -type f | xargs cat`) are paths at or below its roots: the command is judged on
  // those paths too (a secret root is a secret read), beside the run-time word that keeps its text unknown.
  const listed = fromFile ? [] : (roots ?? []).map((text) => ({ text, flow: input.flow }));
  // The run-time word stands for lines of that listing too: a file it names lies at or below the roots.
  if (listed.length > 0 && roots) input.flow = { ...input.flow, listed: roots };
  const quotedToken = token === undefined ? '' : protectQuoted(token);
  const used =
    token !== undefined && rest.some((w) => w.text.includes(token) || w.text.includes(quotedToken));
  if (listed.length === 1 && token) input.text = listed[0]?.text ?? input.text;
  // NUL-terminated names under literal roots (`rg -l --null x src | xargs -0 cmd`): every word xargs adds is a path
  // below a root, never an option; the listed paths stand for them (shell/detect/listed-paths.ts).
  else if (listed.length > 0 && listedNamed && nulDelimited && !token) return [...rest, ...listed];
  else if (listed.length > 0 && !used) return [...rest, input, ...listed];
  if (token !== undefined) {
    if (used) {
      // Each line replaces the token where it stands (a leading one may read as an option); the listed paths it
      // stands for are judged too, after the words.
      const after = listed.length > 1 ? listed : [];
      return [
        ...rest.map((w) =>
          w.text.includes(token) || w.text.includes(quotedToken)
            ? optionLikeIfLeading(
                {
                  text: w.text.replaceAll(quotedToken, input.text).replaceAll(token, input.text),
                  flow: input.flow,
                },
                !shownLine && (w.text.startsWith(token) || w.text.startsWith(quotedToken)),
                out,
              )
            : w,
        ),
        ...after,
      ];
    }
  }
  return [...rest, input];
}

/** The value attached to an option word (`--output=F`, `-oF`), the word's flow kept. */
function attachedValue(word: Word, t: string): Word {
  const at = t.startsWith('--') ? word.text.indexOf('=') + 1 : 2;
  return { text: word.text.slice(at), flow: word.flow };
}

const SH: Word = { text: 'sh', flow: NO_FLOW };
const DASH_C: Word = { text: '-c', flow: NO_FLOW };

/**
 * The shell text given after the positional words by one of `options` (`flock F -c 'cmd'`, `--command=cmd`):
 * undefined when none is there, `missing` when the option has no value.
 */
function shellCommandText(
  options: readonly string[] | undefined,
  argv: readonly Word[],
  i: number,
): Word | 'missing' | undefined {
  const word = argv[i];
  if (!options || word === undefined || !isLiteral(word)) return undefined;
  const t = optionText(word);
  const long = options.find((o) => o.startsWith('--') && t.startsWith(`${o}=`));
  if (long !== undefined) return attachedValue(word, t);
  if (!options.includes(t)) return undefined;
  return argv[i + 1] ?? 'missing';
}

/** `bwrap --bind SRC DEST`: a path mounted at itself keeps paths what they say; anything else remaps them. */
function mount(src: Word | undefined, dest: Word | undefined, option: string, out: Unwrapped): void {
  const same =
    isLiteral(src) &&
    isLiteral(dest) &&
    /^[/~]/.test(plain(dest)) &&
    plain(src).replace(/(.)\/+$/, '$1') === plain(dest).replace(/(.)\/+$/, '$1');
  if (!same)
    out.changed.push(`\`${option}\` mounts a path somewhere else: the paths the program names are not those`);
}

/** `gosu USER[:GROUP] cmd`: to root or its group (or a user known only at run time) is running with raised privileges. */
function runAs(name: string, user: Word | undefined, out: Unwrapped): void {
  if (user === undefined) return;
  if (!isLiteral(user)) out.unknown.push(`${name} $USER`);
  else if (
    /^(?:root|\+?0+)(?::|$)|:(?:root|wheel|sudo|adm|admin|docker|disk|shadow|\+?0+)$/.test(plain(user))
  )
    out.wrapperHits.push(['privilege_escalation', `\`${name}\` runs a command as root or in its group`]);
}

/** A wrapper's own output file, as a redirect: a write (`>`), never the command's standard output. */
const WRAPPER_OUTPUT = '>wrapper-output';

function unwrap(cmd: SimpleCommand, frame: Frame, a: UnwrapHost): Unwrapped {
  const out: Unwrapped = {
    assigned: [...cmd.assignments.keys()],
    values: new Map([...cmd.assignments].map(([name, v]) => [name, v.text])),
    secretValued: new Set([...cmd.assignments].filter(([, v]) => v.flow.sensitive).map(([name]) => name)),
    valued: [],
    argv: cmd.words,
    wrappers: [...frame.wrappers],
    cwd: frame.cwd,
    noRun: false,
    wrapperHits: [],
    unknown: [],
    argFiles: [],
    envFiles: [],
    outputs: [],
    changed: [],
    scheduled: [],
    optionLike: new Set(),
  };
  for (let guard = 0; guard < 32 && out.argv.length > 0; guard++) {
    const head = out.argv[0];
    if (!isLiteral(head)) return out;
    if (!wrapperAsNamed(plain(head))) return out;
    const name = programName(plain(head));
    if (name === 'xargs') {
      out.wrappers.push('xargs');
      out.argv = unwrapXargs(out.argv, cmd.stdin, out);
      if (out.argv.length === 0) out.noRun = true;
      continue;
    }
    // `go -C dir build`: the go command's first flag may move where it runs; read as `cd dir && go build`.
    if (name === 'go' && out.argv.length > 1) {
      const first = out.argv[1] as Word;
      const t = isLiteral(first) ? plain(first) : '';
      const m = /^--?C(?:=([\s\S]*))?$/.exec(t);
      if (m) {
        const value = out.argv[2];
        const folder = m[1] ?? (value === undefined || !isLiteral(value) ? undefined : plain(value));
        out.cwd = folder === undefined ? undefined : resolvedPathOf(folder, a.scope, out.cwd ?? a.scope.cwd);
        if (folder === undefined) out.unknown.push('go -C');
        out.argv = [head as Word, ...out.argv.slice(m[1] !== undefined ? 2 : 3)];
      }
      return out;
    }
    const spec = WRAPPERS[name];
    if (!spec) return out;
    // `aws-vault exec`: another subcommand (`aws-vault list`) is not this wrapper.
    if (spec.sub !== undefined && !(isLiteral(out.argv[1]) && plain(out.argv[1]) === spec.sub)) return out;
    out.wrappers.push(name);
    if (spec.elsewhere) out.changed.push(`\`${name}\` ${spec.elsewhere}`);
    if (spec.category)
      out.wrapperHits.push([spec.category, `\`${name}\` runs a command with raised privileges`]);
    const argv = [...out.argv];
    let i = spec.sub === undefined ? 1 : 2;
    let noRun = false;
    let ended = false;
    const readOptions = () => {
      while (i < argv.length) {
        const word = argv[i];
        const t = optionText(word);
        // env takes any word with `=` before the program as an assignment (`BASH_FUNC_x%%=() { …; }` too).
        if (spec.assignments && /^[^=-][^=]*=/.test(t)) {
          const name = t.slice(0, t.indexOf('='));
          out.assigned.push(name);
          out.values.set(name, (word as Word).text.slice((word as Word).text.indexOf('=') + 1));
          if ((word as Word).flow.sensitive) out.secretValued.add(name);
          else out.secretValued.delete(name);
          a.assigned(name, frame, {
            text: (word as Word).text.slice((word as Word).text.indexOf('=') + 1),
            flow: (word as Word).flow,
          });
          i++;
          continue;
        }
        if (!isLiteral(word)) break;
        if (t === '--') {
          i++;
          ended = true;
          break;
        }
        if (!t.startsWith('-') || (t === '-' && !spec.flags.includes('-'))) break;
        if (spec.mounts?.includes(t)) {
          mount(argv[i + 1], argv[i + 2], `${name} ${t}`, out);
          i += 3;
          continue;
        }
        if (t === '-') {
          i++;
          continue;
        }
        const [optName, attached] = t.startsWith('--')
          ? [t.split('=')[0] ?? t, t.includes('=') ? t.slice(t.indexOf('=') + 1) : undefined]
          : [t.slice(0, 2), t.length > 2 ? t.slice(2) : undefined];
        let value: string | undefined;
        if (spec.values.includes(optName)) {
          value = attached ?? plain(argv[i + 1]);
          const valueWord = attached === undefined ? argv[i + 1] : attachedValue(word as Word, t);
          i += attached === undefined ? 2 : 1;
          out.valued.push(`${name} ${optName}`);
          if (spec.outputs?.includes(optName) && valueWord) out.outputs.push(valueWord);
          if (spec.envFiles?.includes(optName) && valueWord) out.envFiles.push(valueWord);
          if (spec.changesProgram?.includes(optName))
            out.changed.push(`\`${name} ${optName}\` changes what the program runs or loads, or where`);
          if (spec.schedules?.includes(optName)) out.scheduled.push(`${name} ${optName}`);
        } else if (
          (spec.noRun ?? []).includes(optName) ||
          (!t.startsWith('--') && [...t.slice(1)].some((c) => (spec.noRun ?? []).includes(`-${c}`)))
        ) {
          noRun = true;
          i++;
          continue;
        } else if (
          t.startsWith('--')
            ? spec.flags.includes(optName)
            : [...t.slice(1)].every((c) => spec.flags.includes(`-${c}`))
        ) {
          i++;
          continue;
        } else if (/^-\d+$/.test(t) && name === 'nice') {
          i++;
          continue;
        } else {
          out.unknown.push(`${name} ${t}`);
          i++;
          continue;
        }
        if ((spec.chdir ?? []).includes(optName) && value !== undefined) {
          out.cwd = resolvedPathOf(value, a.scope, out.cwd ?? a.scope.cwd);
        }
        if ((spec.split ?? []).includes(optName) && value !== undefined) {
          // `env -S 'a b' c`: the split words come first; unwrap again from there.
          argv.splice(1, i - 1, ...literalWords(value));
          i = 1;
        }
      }
    };
    readOptions();
    if (spec.positionalOutputs)
      for (const w of argv.slice(i, i + (spec.positionals ?? 0)))
        if (!/^\d+$/.test(plain(w))) out.outputs.push(w);
    if (spec.runAs) runAs(name, argv[i], out);
    i += spec.positionals ?? 0;
    if (spec.optionsAfterPositionals && !ended) readOptions();
    const shellText = shellCommandText(spec.shellCommand, argv, i);
    if (shellText !== undefined) {
      // `flock F -c 'cmd'`: the wrapper runs the text with `sh -c`; judged as that.
      out.argv = shellText === 'missing' ? [] : [SH, DASH_C, shellText];
      if (shellText === 'missing') out.unknown.push(`${name} -c`);
      continue;
    }
    // A name no catalogue knows inert: the segment is not known safe (the variable's value is a secret).
    if (spec.fillsSecrets) out.assigned.push(`${name}-secrets`);
    if (spec.envFiles && spec.defaultEnvFile !== undefined && out.envFiles.length === 0)
      out.envFiles.push({ text: spec.defaultEnvFile, flow: NO_FLOW });
    if (spec.optionsAnywhere && !ended)
      for (const w of argv.slice(i + 1))
        if (isLiteral(w) && plain(w).startsWith('-') && plain(w) !== '-')
          out.unknown.push(`${name} ${plain(w).slice(0, 30)}`);
    const rest = argv.slice(i);
    if (noRun && rest.length <= (spec.noRunWords ?? Number.POSITIVE_INFINITY)) {
      out.noRun = true;
      out.argv = rest;
      return out;
    }
    out.argv = rest;
  }
  return out;
}

/**
 * Where `cd`/`pushd` moves, as bash reads its words: options `-L`, `-P`, `-e`, `-@` (pushd `-n`) and `--` come
 * first; no folder is home for `cd`; `-`, a stack index (`+1`, `-2`), pushd's swap with no folder, an unknown
 * option or a folder known only at run time are `unknown`.
 */
function cdTarget(program: string, args: readonly Word[]): Word | 'home' | 'unknown' {
  let i = 0;
  let endOfOptions = false;
  for (; i < args.length; i++) {
    const w = plain(args[i]);
    if (w === '--') {
      endOfOptions = true;
      i++;
      break;
    }
    if (!/^-[LPe@]+$/.test(w) && !(program === 'pushd' && w === '-n')) break;
  }
  const target = args[i];
  if (target === undefined) return program === 'cd' ? 'home' : 'unknown';
  const text = plain(target);
  if (text === '-' || /^[+-]\d+$/.test(text)) return 'unknown';
  if (!endOfOptions && text.startsWith('-')) return 'unknown';
  return target;
}

/** The invocation of the command `u` unwrapped from `cmd`, its program named `head`. */
function invocationOf(
  segment: number,
  program: string,
  head: Word,
  cmd: SimpleCommand,
  u: Unwrapped,
  frame: Frame,
): Invocation {
  return {
    segment,
    program,
    command: head,
    args: u.argv.slice(1),
    redirects:
      u.outputs.length === 0
        ? argFileReads(cmd.redirects, u.argFiles)
        : [
            ...argFileReads(cmd.redirects, u.argFiles),
            ...u.outputs.map((target) => ({ op: WRAPPER_OUTPUT, target, fd: 'wrapper' })),
          ],
    stdin: cmd.stdin,
    cwd: u.cwd,
    depth: frame.depth,
  };
}

/**
 * A call of a shell function defined earlier on the line (`f(){ rm -rf "$1"; }; f ~`): its body is analysed with
 * the call's words as its parameters (`$0` stays the shell's). A definition that surely ran, called with no
 * wrapper or prefix assignment, is what runs (bash runs a function before a program of that name): no segment
 * of its own. Otherwise the body is analysed and the command judged as a program too. Undefined: not a call.
 */
function callFunction(cmd: SimpleCommand, u: Unwrapped, frame: Frame, a: UnwrapHost): Flow | undefined {
  const head = u.argv[0];
  if (!head || !isLiteral(head) || u.wrappers.length !== frame.wrappers.length) return undefined;
  const fn = frame.functions?.get(plain(head));
  if (!fn) return undefined;
  const alone = fn.certain && u.assigned.length === 0 && !u.noRun;
  const inv = invocationOf(-1, programName(plain(head)), head, cmd, u, frame);
  // A function calling itself (directly or through others) is not followed again: its body was read at the
  // first call, and following every call multiplies the work (`f(){ f; f; }; f`). The call is uncertain.
  const name = plain(head);
  if (frame.calling?.includes(name)) {
    a.uncertain('depth-limit', 'a shell function calls itself: its later calls are not followed');
    return alone ? NO_FLOW : undefined;
  }
  a.rememberFrame(inv, frame);
  const out = a.script(fn.body, inv, 'shell-string', `function ${inv.program}`, {
    positional: bindPositional(frame.positional?.words[0], u.argv.slice(1)),
    shell: 'same',
    calling: [...(frame.calling ?? []), name],
  });
  if (!alone) return undefined;
  // The shell opens the call's redirects around the body.
  openRedirects(cmd, frame, a);
  return out;
}

/** The redirects of a command that runs no program of its own: opened (and judged) as `:` with them. */
function openRedirects(cmd: SimpleCommand, frame: Frame, a: UnwrapHost): void {
  if (cmd.redirects.length === 0) return;
  runCommand(
    {
      words: [{ text: ':', flow: NO_FLOW }],
      assignments: new Map(),
      redirects: cmd.redirects,
      stdin: NO_FLOW,
    },
    frame,
    a,
  );
}

/** Installers that may put a new program in an environment's `bin` (`pip install` of a package with a console script). */
const INSTALLERS =
  /^(?:pip\d*(?:\.\d+)?|uv|poetry|pdm|pipenv|conda|mamba|micromamba|hatch|rye|pipx|easy_install)$/;

/**
 * Whether a command after the activation at `since` (reported before this one) may have changed what the
 * environment's `bin` holds: an installer, `python -m pip`, or a write or delete below the environment.
 */
function changedSince(folder: string, since: number, a: UnwrapHost): boolean {
  const venv = posix.dirname(folder);
  return a.segments
    .slice(since + 1)
    .some(
      (seg) =>
        INSTALLERS.test(seg.program) ||
        (/^python/.test(seg.program) &&
          seg.argv.some((w, k) => w === '-m' && /^(?:pip|ensurepip)$/.test(seg.argv[k + 1] ?? ''))) ||
        seg.paths.some(
          (p) =>
            (p.role === 'write' || p.role === 'delete') &&
            p.resolved !== undefined &&
            isUnder(p.resolved, venv),
        ),
    );
}

/**
 * The programs a command finds on PATH, judged against the folders activations on this line put first
 * (walk/path-first.ts): a bare program name the frame's folder holds becomes that file's path (relative to the folder
 * it runs in when below it: `.venv/bin/pytest`), judged as if written so. Answers why the program is uncertain when a
 * folder may or may not be first for it: the activation is not certain to have run here (inside a function, `eval`,
 * a branch), another activation's folder holds the name, the folder's listing may be stale (an install since), the
 * folder holds a wrapper the command runs (`timeout`, `env`, `nohup`, `xargs`), or a name bash or zsh runs as a
 * builtin but a wrapper or another shell finds on PATH. A function (called before) or a path is never looked up.
 */
function pathFirstProgram(u: Unwrapped, frame: Frame, a: UnwrapHost): string | undefined {
  const head = u.argv[0];
  if (u.noRun || head === undefined || !isLiteral(head)) return undefined;
  const name = plain(head);
  if (name === '' || name.includes('/')) return undefined;
  const all = a.activations();
  if (all.length === 0) return undefined;
  const unsure = (n: string) =>
    `\`${programName(n)}\` may be the program of the environment activated earlier on the line`;
  // The wrappers this command adds, each found on PATH unless the shell runs it itself (`exec`, `command`).
  const wrappers = u.wrappers
    .slice(frame.wrappers.length)
    .map((w) => w.split(' ')[0] ?? '')
    .filter((w) => w !== '' && !w.includes('/') && !BASH_BUILTINS.has(w));
  // A case-insensitive file system (macOS) finds `.venv/bin/cat` for `Cat`: a name equal but for case counts.
  const holds = (entries: ReadonlySet<string> | undefined, n: string) => {
    if (entries === undefined || entries.has(n)) return true;
    const lower = n.toLowerCase();
    for (const e of entries) if (e.toLowerCase() === lower) return true;
    return false;
  };
  const held = (n: string) =>
    all.some(
      (act) =>
        holds(act.first.entries, n) ||
        act.first.functions?.includes(n) === true ||
        changedSince(act.first.folder, act.segment, a),
    );
  for (const w of wrappers) if (held(w)) return unsure(w);
  if (!held(name)) return undefined;
  const entry = pathFirstEntry(frame.vars);
  const mine = entry ? all.findLast((act) => act.first.folder === entry.pathFirst.folder) : undefined;
  if (
    !entry ||
    !mine ||
    BASH_BUILTINS.has(name) ||
    lookUp(entry.pathFirst, name) !== 'found' ||
    entry.pathFirst.functions?.includes(name) === true ||
    changedSince(entry.pathFirst.folder, mine.segment, a) ||
    all.some((act) => act.first.folder !== entry.pathFirst.folder && holds(act.first.entries, name))
  )
    return unsure(name);
  const abs = `${entry.pathFirst.folder}/${name}`;
  const cwd = u.cwd;
  const rel = cwd !== undefined && isUnder(abs, cwd) ? posix.relative(cwd, abs) : abs;
  u.argv[0] = literalWord(rel);
  return undefined;
}

export function runCommand(cmd: SimpleCommand, frame: Frame, a: UnwrapHost): Flow {
  const u = unwrap(cmd, frame, a);
  const called = callFunction(cmd, u, frame, a);
  if (called) return called;
  const unsure = pathFirstProgram(u, frame, a);
  const head = u.argv[0];
  // A wrapper that runs nothing (`command -v node`, `sudo -l rm`) is the program of its segment: the words after
  // it are names it looks up or lists, not a program run (the catalogue knows it by an entry of the wrapper).
  const program =
    head === undefined || u.noRun
      ? (u.wrappers[u.wrappers.length - 1] ?? '')
      : isLiteral(head)
        ? programName(plain(head))
        : '$…';
  const segment = a.newSegment(
    u.noRun ? [] : u.argv.map((w) => display(w.text)),
    program,
    u.wrappers,
    frame.context,
  );
  if (!u.noRun && head !== undefined) {
    for (const [category, reason] of u.wrapperHits) a.hit(category, reason, segment);
    for (const reason of u.changed) a.uncertain('dynamic-command', reason, segment);
    if (unsure) a.uncertain('dynamic-command', unsure, segment);
    for (const o of u.scheduled)
      a.hit('persistence', `\`${o}\` schedules the command to run later or again`, segment);
  }
  const here = a.segments[segment];
  if (here) here.cwdClass = u.cwd === undefined ? 'outside' : resolvePath(u.cwd, a.scope, u.cwd).class;
  const optionWords = u.noRun ? [] : u.argv.flatMap((w, k) => (u.optionLike.has(w) ? [k] : []));
  if (optionWords.length > 0 && here) here.optionWords = optionWords;
  if (u.valued.length > 0) {
    const seg = a.segments[segment];
    if (seg) seg.wrapperOptions = [...u.valued];
  }
  if (u.assigned.length > 0) {
    const seg = a.segments[segment];
    if (seg) {
      seg.assigned = [...u.assigned];
      seg.assignedValues = [...u.values].map(([name, text]) => [name, display(text)]);
    }
    for (const name of u.assigned) a.touched(name, u.values.get(name));
  }
  nestedAgentHome(
    program,
    u.assigned,
    (name) => frame.vars.get(name)?.text,
    a.scope.home,
    (reason) => a.hit('disable_security_control', reason, segment),
  );
  if (!u.noRun && head !== undefined)
    for (const name of u.secretValued) {
      // `PORT=$API_KEY printenv PORT`: a program may print or send any variable it is given; under a name that does
      // not say it holds a secret, nothing downstream knows it does (`GH_TOKEN=$GITHUB_TOKEN gh` says so: never inert).
      if (isSecretVariable(name)) continue;
      a.uncertain('secret-value', `\`${name}\` is given secret material: the program may print it`, segment);
    }
  for (const name of u.assigned) {
    const value = u.values.get(name);
    // A value the catalogue knows inert (`PAGER=cat`) runs nothing new; text computed at run time never is.
    const inert =
      value !== undefined && !value.includes(DYN) && a.env.inertValue?.(name, display(value)) === true;
    if (isLoaderVariable(name) && !inert) {
      a.uncertain('dynamic-command', `\`${name}\` changes what the program loads or runs`, segment);
    }
  }
  for (const option of u.unknown) {
    a.uncertain(
      'unknown-option',
      `wrapper option \`${option.slice(0, 40)}\` is not known: the wrapped program is uncertain`,
      segment,
    );
  }
  if (head === undefined && !u.noRun && program === 'env') {
    a.hit('secret_material_read', '`env` prints the whole environment, secrets included', segment);
    return { sensitive: true, network: false, decoded: false, opaque: true };
  }
  if (u.noRun || head === undefined) {
    // The shell opens the redirects whatever runs: `exec > f`, `command -v x >> f` still write f.
    openRedirects(cmd, frame, a);
    return OPAQUE_FLOW;
  }
  // An unquoted glob in the program's name (`r?`, `$(printf %s 'r*')`, `/usr/bin/pyth?n3`) expands against the files
  // there at run time: the program run is not the one written (`[` and `[[` are the test commands, no glob).
  if (isLiteral(head) && /[*?]|\[.*\]/.test(head.text) && !/^\[\[?$/.test(head.text)) {
    a.uncertain(
      'dynamic-command',
      `the program name \`${shown(head, 30)}\` is a pattern the shell expands at run time`,
      segment,
    );
    return OPAQUE_FLOW;
  }
  if (!isLiteral(head)) {
    if (head.flow.network)
      a.hit('remote_code_execution', 'the program to run is fetched from the network', segment);
    else if (head.flow.decoded)
      a.uncertain('decoded-payload', 'the program to run is decoded at run time', segment);
    else
      a.uncertain(
        'dynamic-command',
        `the program name \`${shown(head, 30)}\` is computed at run time`,
        segment,
      );
    return OPAQUE_FLOW;
  }
  if (program === 'cd' || program === 'pushd') {
    const target = cdTarget(program, u.argv.slice(1));
    frame.cwd =
      target === 'home'
        ? a.scope.home
        : target === 'unknown'
          ? undefined
          : resolvedPathOf(target.text, a.scope, frame.cwd ?? a.scope.cwd);
    if (frame.cwd === undefined)
      a.uncertain('dynamic-path', '`cd` moves to a folder known only at run time', segment);
    // bash sets PWD (and OLDPWD) on every successful cd: `cd ~ && rm -rf "$PWD"` deletes home.
    const before = frame.vars.get('PWD');
    if (before !== undefined) frame.vars.set('OLDPWD', before);
    else frame.vars.delete('OLDPWD');
    if (frame.cwd === undefined) frame.vars.delete('PWD');
    else frame.vars.set('PWD', { text: frame.cwd, flow: NO_FLOW });
    return OPAQUE_FLOW;
  }
  const inv = invocationOf(segment, program, head, cmd, u, frame);
  // A variable set earlier in the line that changes what Python imports reaches this program too (exported, or
  // already in the environment): its value, as a prefix's is shown (detect/python-path.ts reads it).
  const earlier = frame.vars.get('PYTHONPATH');
  if (here && earlier !== undefined && !(here.assigned ?? []).includes('PYTHONPATH'))
    here.earlierValues = [['PYTHONPATH', display(earlier.text)]];
  if (u.envFiles.length > 0) {
    // `dotenv -- cmd`: the file's variables are given to the program as a prefix's are; their values unknown.
    const names = envFileVariables(u.envFiles, inv, a);
    if (here && names.length > 0) {
      here.assigned = [...(here.assigned ?? []), ...names];
      here.assignedValues = [
        ...(here.assignedValues ?? []),
        ...names.map((n): [string, string] => [n, '$…']),
      ];
    }
  }
  commandVariables(u, inv, a);
  a.rememberFrame(inv, { ...frame, wrappers: u.wrappers });
  markFetchedPackage(inv, u.wrappers[u.wrappers.length - 1], a);
  const ran = plain(head);
  if (ran.includes('/')) {
    const res = resolvePath(head.text, a.scope, u.cwd ?? a.scope.cwd);
    if (res.resolved && a.downloaded.has(res.resolved)) {
      a.hit(
        'package_install_from_unstated_source',
        `\`${program}\` runs a file just downloaded from the network`,
        segment,
      );
    }
  }
  const out = a.detect(inv);
  // Text run in this same shell (`eval 'set -- ~'`, `source f`) may change the parameters: unknown after it.
  if (frame.positional && (program === 'eval' || program === 'source' || program === '.'))
    frame.positional = unknownPositional(frame.positional, frame.positional);
  if (out.network) {
    // Network data written to a file: remember it, running it later is an install nobody stated.
    for (const r of cmd.redirects) {
      if (!r.op.includes('>')) continue;
      const res = resolvePath(r.target.text, a.scope, u.cwd ?? a.scope.cwd);
      if (res.resolved) a.downloaded.add(res.resolved);
    }
  }
  return out;
}

/**
 * A variable whose value is a command a program runs (`MANPAGER='sh -c …' man ls`, `LESSOPEN='|cmd %s' less f`;
 * data/command-options.ts): its literal text is analysed as the shell it is run as, so what it does is found. The
 * uncertainty is the loader check's (above); a value the catalogue knows inert (`PAGER=cat`) runs nothing new.
 */
function commandVariables(u: Unwrapped, inv: Invocation, a: UnwrapHost): void {
  for (const name of u.assigned) {
    if (!COMMAND_VARIABLES.test(name)) continue;
    const value = u.values.get(name);
    if (value === undefined || value.includes(DYN) || a.env.inertValue?.(name, display(value)) === true)
      continue;
    // less's own syntax around its input filter: `|cmd %s`, `||cmd %s`, `|-cmd`.
    const text = unprotect(value);
    const command = /^LESS(?:OPEN|CLOSE)$/.test(name) ? text.replace(/^\|{1,2}-?/, '') : text;
    a.script(command, inv, 'shell-string', `${name} (the command it names)`);
  }
}
