/**
 * Files written earlier in the same command line (`echo 'rm -rf ~' > a.sh && sh a.sh`): the analyzer reads no
 * file, but it sees the redirect target equal the script it runs. Records each written path with its exact
 * content when the writer printed literal text (`echo`, `printf` without `%` (printf-format.ts), `cat` of a here-doc, `tee`), and
 * answers what a later run of that path would execute. Per analysis (keyed by the reporter). Pure apart from
 * that record.
 */

import { resolvedPathOf } from '../classify/classify-path';
import { WRITTEN_SCRIPT_WRAPPER, type WrittenText } from '../types';
import { type Invocation, isLiteral, plain, type Reporter, type ScriptBinding } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { bindPositional } from '../walk/positional';
import { builtProgram } from './built-programs';
import { changedEarlier, runProgramFile } from './disk-scripts';
import { resolveArg } from './path-effects';
import { printfOutput } from './printf-format';
import { scanCode } from './scan-code';
import { runsWrittenCode } from './written-code';

/** Resolved path → content (undefined: written, content not known). */
const WRITTEN = new WeakMap<Reporter, Map<string, string | undefined>>();
/** Resolved path → the segment that last wrote it. */
const WRITERS = new WeakMap<Reporter, Map<string, number>>();

function printedText(inv: Invocation): string | undefined {
  if (!inv.args.every(isLiteral)) return undefined;
  const words = inv.args.map((w) => plain(w));
  if (inv.program === 'echo') {
    if (words.some((w) => /^-[neE]+$/.test(w))) return undefined;
    return `${words.join(' ')}\n`;
  }
  if (inv.program === 'printf') return printfOutput(words);
  if ((inv.program === 'cat' || inv.program === 'tee') && inv.stdin.literal !== undefined) {
    if (inv.program === 'cat' && words.length > 0) return undefined;
    return inv.stdin.literal;
  }
  return undefined;
}

function record(r: Reporter, path: string | undefined, content: string | undefined, segment = -1): void {
  if (path === undefined) return;
  let map = WRITTEN.get(r);
  if (!map) {
    map = new Map<string, string | undefined>();
    WRITTEN.set(r, map);
  }
  map.set(path, content);
  let writers = WRITERS.get(r);
  if (!writers) {
    writers = new Map<string, number>();
    WRITERS.set(r, writers);
  }
  writers.set(path, segment);
}

/** Each literal text written to a path by redirect or `tee`, in order (what a write tool's change would be). */
const TEXTS = new WeakMap<Reporter, WrittenText[]>();
const MAX_TEXTS = 16;

function noteText(
  r: Reporter,
  path: string | undefined,
  text: string | undefined,
  append: boolean,
  segment: number,
  from?: string,
  substitute?: WrittenText['substitute'],
): void {
  if (path === undefined) return;
  let list = TEXTS.get(r);
  if (!list) {
    list = [];
    TEXTS.set(r, list);
  }
  if (list.length < MAX_TEXTS)
    list.push(
      text !== undefined
        ? { path, text, append }
        : from !== undefined
          ? { path, append, from }
          : substitute !== undefined
            ? { path, append, substitute }
            : { path, append },
    );
  // A write past the bound is judged by nobody: the command is uncertain, never let through unread.
  else if (list.length === MAX_TEXTS) {
    list.push({ path, append });
    r.uncertain('too-large', `writes more files than gavel judges as edits (${MAX_TEXTS})`, segment, 'kept');
  }
}

/** Text that is the same in a regex and literally: no metacharacter but an escaped one. */
const LITERAL_PATTERN = /^(?:[^\\.^$*+?()[\]{}|/@]|\\[./\-"'@#%&=,:;!~ ])+$/;

/**
 * The one substitution of literal text an in-place `sed -i` or `perl -pi -e` makes (`s/2\.3\.0/2.4.0/`, flags `g` or
 * none) and the files it edits; undefined for any other script (several expressions, a regex, a backreference).
 */
function literalSubstitution(
  inv: Invocation,
): { substitute: NonNullable<WrittenText['substitute']>; files: Word[] } | undefined {
  const words = inv.args.map((w) => plain(w));
  const files: Word[] = [];
  let script: string | undefined;
  for (let k = 0; k < inv.args.length; k++) {
    const t = words[k] as string;
    if (
      inv.program === 'perl' &&
      /^-[pi]*e$|^-[a-z]*e$/.test(t) &&
      /^-(?:p?i?|i?p?)e$/.test(t.replace(/[^-pie]/g, ''))
    ) {
      if (script !== undefined) return undefined;
      script = words[++k];
      continue;
    }
    if (inv.program === 'sed' && (t === '-e' || t === '--expression')) {
      if (script !== undefined) return undefined;
      script = words[++k];
      continue;
    }
    // Printing each line is what keeps it: `sed -n` and `perl` without `-p` write only what the script prints.
    if (/^-(?:i|pi|ip|p)$/.test(t) || (inv.program === 'sed' && t === '--in-place')) continue;
    if (t.startsWith('-')) return undefined;
    if (inv.program === 'sed' && script === undefined) {
      script = t;
      continue;
    }
    if (!isLiteral(inv.args[k] as Word)) return undefined;
    files.push(inv.args[k] as Word);
  }
  if (inv.program === 'perl' && !words.some((w) => /^-[a-z]*p/.test(w) && !w.startsWith('--')))
    return undefined;
  const m =
    script === undefined
      ? null
      : /^s\/((?:[^/\\]|\\.)*)\/((?:[^/\\&$@]|\\[./\-"'@#%=,:;!~ ])*)\/(g?)$/.exec(script);
  if (!m || files.length === 0 || !LITERAL_PATTERN.test(m[1] ?? '')) return undefined;
  const unescaped = (x: string) => x.replace(/\\(.)/g, '$1');
  const find = unescaped(m[1] ?? '');
  if (find === '') return undefined;
  return { substitute: { find, replace: unescaped(m[2] ?? ''), global: m[3] === 'g' }, files };
}

/** Files a command takes away by moving them (`mv .gitignore x`): judged as deletes of them. */
const DELETED = new WeakMap<Reporter, string[]>();

function noteDeleted(r: Reporter, path: string | undefined): void {
  if (path === undefined) return;
  const list = DELETED.get(r) ?? [];
  if (list.length < MAX_TEXTS) list.push(path);
  DELETED.set(r, list);
}

/** The files this analysis saw moved away (bounded). */
export function movedAway(r: Reporter): string[] {
  return DELETED.get(r) ?? [];
}

/** The literal texts this analysis saw written to files (bounded), for the check to judge as writes of them. */
export function writtenTexts(r: Reporter): WrittenText[] {
  return TEXTS.get(r) ?? [];
}

/** Notes the files an invocation writes by redirect (or `tee FILE`). */
const OPAQUE_WRITERS = new Set(['cp', 'mv', 'ln', 'install', 'rsync']);

export function noteWrites(inv: Invocation, r: Reporter): void {
  const base = inv.cwd ?? r.scope.cwd;
  // `cat FILE > dest`: the redirect writes that file's bytes (read by the check).
  const catted = inv.program === 'cat' ? inv.args.filter((w) => !plain(w).startsWith('-')) : [];
  const catFrom = catted.length === 1 ? resolvedPathOf((catted[0] as Word).text, r.scope, base) : undefined;
  for (const redirect of inv.redirects) {
    if (!redirect.op.includes('>') || redirect.op.startsWith('<')) continue;
    // `>&2`, `>&-`: a descriptor duplicated or closed, no file.
    if (/^>&$/.test(redirect.op) && /^(?:\d+|-)$/.test(plain(redirect.target))) continue;
    const path = resolvedPathOf(redirect.target.text, r.scope, base);
    // Standard output to a file (`>`, `>|`, `&>`, `>&`, `1>`), appended (`>>`, `&>>`): the printed text; another
    // descriptor's output (`2>`, `3>>`) is text not shown, and `>` of it still empties the file.
    const stdout = redirect.fd === undefined || redirect.fd === '1' || redirect.op.startsWith('&');
    const append = redirect.op.endsWith('>>');
    const text = stdout ? printedText(inv) : undefined;
    record(r, path, append ? undefined : text, inv.segment);
    // A device (`2>/dev/null`) is no file a later run reads: not a write to judge, nor one that counts to the bound.
    if (path !== undefined && /^\/dev\/(?:null|stdout|stderr|tty|fd\/\d+)$/.test(path)) continue;
    noteText(r, path, text, append, inv.segment, text === undefined && stdout ? catFrom : undefined);
  }
  // Copies, moves, links and in-place edits: the file's new content is not shown. A copy, move or link of one
  // file writes that file's bytes (read by the check); any other form writes what nobody has read.
  // `git mv a b` moves the file as mv does (white-box review: a text file renamed into a test module).
  const gitMove = inv.program === 'git' && plain(inv.args[0]) === 'mv';
  const opaqueWriter = OPAQUE_WRITERS.has(inv.program) || gitMove;
  const inPlace =
    (inv.program === 'sed' || inv.program === 'perl') &&
    inv.args.some((w) => /^-[a-zA-Z]*i|^--in-place/.test(plain(w)));
  if (opaqueWriter || inPlace) {
    const files = (gitMove ? inv.args.slice(1) : inv.args).filter((w) => !plain(w).startsWith('-'));
    for (const w of opaqueWriter ? files.slice(-1) : files)
      record(r, resolvedPathOf(w.text, r.scope, base), undefined);
    if (inPlace) {
      // `sed -i 's/a/b/' f`, `perl -pi -e 's/a/b/g' f`: one substitution of literal text is a change gavel can apply.
      const sub = literalSubstitution(inv);
      for (const w of sub ? sub.files : files.slice(1))
        noteText(
          r,
          resolvedPathOf(w.text, r.scope, base),
          undefined,
          false,
          inv.segment,
          undefined,
          sub?.substitute,
        );
    } else if (files.length === 2 && inv.program !== 'rsync') {
      const from = resolvedPathOf((files[0] as Word).text, r.scope, base);
      const to = resolvedPathOf((files[1] as Word).text, r.scope, base);
      // `cp a dir/`: the copy lands in the folder under the source's name; a destination that is a folder on disk
      // is not known here, so the named path and the one inside it are both judged.
      if (to !== undefined) {
        noteText(r, to, undefined, false, inv.segment, from);
        if (from !== undefined)
          noteText(
            r,
            `${to.replace(/\/$/, '')}/${from.slice(from.lastIndexOf('/') + 1)}`,
            undefined,
            false,
            inv.segment,
            from,
          );
      }
    } else
      for (const w of files.slice(-1))
        noteText(r, resolvedPathOf(w.text, r.scope, base), undefined, false, inv.segment);
    // A move takes the source away: a delete of it (an ignore file moved aside no longer ignores anything).
    if (inv.program === 'mv' || gitMove)
      for (const w of files.slice(0, -1)) noteDeleted(r, resolvedPathOf(w.text, r.scope, base));
  }
  if (inv.program === 'tee') {
    const append = inv.args.some((w) => /^-[a-z]*a|^--append$/.test(plain(w)));
    // `tee b < a`: standard input is the file a.
    const input = inv.redirects.find((d) => d.op === '<' && (d.fd === undefined || d.fd === '0'));
    const from = input ? resolvedPathOf(input.target.text, r.scope, base) : undefined;
    for (const w of inv.args) {
      if (plain(w).startsWith('-')) continue;
      const path = resolvedPathOf(w.text, r.scope, base);
      record(r, path, append ? undefined : inv.stdin.literal, inv.segment);
      noteText(
        r,
        path,
        inv.stdin.literal,
        append,
        inv.segment,
        inv.stdin.literal === undefined ? from : undefined,
      );
    }
  }
}

/**
 * Notes lines a program adds to a file (a patch's `+` lines), judged as text appended to it: the code or commands
 * they add are what a write tool's change adding them would be judged by.
 */
export function noteAdded(path: string | undefined, text: string, r: Reporter, segment: number): void {
  noteText(r, path, text, true, segment);
}

/** Notes a file some program writes with content not shown (a patch applied, an archive unpacked). */
export function noteWritten(path: string | undefined, r: Reporter): void {
  record(r, path, undefined);
}

export type Written =
  | { found: false }
  | { found: true; content: string | undefined; path?: string; writer?: number };
const NOT_WRITTEN: Written = { found: false };

/** What running a path would execute, if this command line wrote it. */
export function writtenScript(path: string | undefined, r: Reporter): Written {
  const map = WRITTEN.get(r);
  if (path === undefined || !map?.has(path)) return NOT_WRITTEN;
  return { found: true, content: map.get(path), path, writer: WRITERS.get(r)?.get(path) };
}

/** A program run by name (`./a.sh`, after `cd`) whose basename a file written here has. */
export function writtenProgram(program: string, r: Reporter): Written {
  const map = WRITTEN.get(r);
  if (!map) return NOT_WRITTEN;
  for (const [path, content] of map)
    if (path.slice(path.lastIndexOf('/') + 1).toLowerCase() === program)
      return { found: true, content, path, writer: WRITERS.get(r)?.get(path) };
  return NOT_WRITTEN;
}

/**
 * A script file this command line wrote before running it: its literal content is analysed (as shell, or
 * scanned as interpreter code); content not shown is an uncertainty. Returns true when the file was written here.
 */
export function runWritten(
  w: Written,
  inv: Invocation,
  r: Reporter,
  shellCode: boolean,
  bind?: ScriptBinding,
): boolean {
  if (!w.found) return false;
  // A command between the write and the run that may rewrite files it does not name (an interpreter, an archive,
  // a git checkout): the text shown may not be what runs.
  const rewritten =
    w.path !== undefined &&
    (w.writer === undefined || w.writer < 0 || changedEarlier(w.path, inv, r, w.writer + 1));
  if (w.content === undefined || rewritten)
    r.uncertain(
      'dynamic-script',
      `\`${inv.program}\` runs a script this command writes with content not shown`,
      inv.segment,
    );
  else if (shellCode)
    r.script(w.content, inv, 'shell-string', `${inv.program}${WRITTEN_SCRIPT_WRAPPER}`, bind);
  else scanCode(w.content, inv, r);
  return true;
}

/**
 * Per invocation: notes its writes, then, if it runs a file this command line wrote (`./a.sh` by name,
 * `sh < a.sh`), analyses that file; a program run by its path and not written here is read from disk
 * (disk-scripts.ts). Files given as arguments are handled where the arguments are parsed.
 */
export function runsWrittenHere(inv: Invocation, r: Reporter, shell: boolean, interpreter: boolean): void {
  // Before this invocation's own writes: `npm test > out.json` loads no file it writes itself.
  runsWrittenCode(inv, r);
  noteWrites(inv, r);
  if (!shell && inv.program !== 'source' && inv.program !== '.') {
    // Run by its path and not written here: the file on disk, when the surface gives a reader.
    const written = writtenProgram(inv.program, r);
    // Bound only for a program this line wrote (runWritten reads nothing else): no arrays per invocation.
    const bind: ScriptBinding | undefined =
      written.found && inv.command
        ? { positional: bindPositional(inv.command, inv.args), shell: 'new' }
        : undefined;
    // A program a builder of this line wrote (`go build -o bin/app . && bin/app`) is no script to read.
    if (!runWritten(written, inv, r, true, bind) && !builtProgram(inv, r)) runProgramFile(inv, r);
  }
  if (!shell && !interpreter) return;
  for (const redirect of inv.redirects)
    if (redirect.op === '<')
      runWritten(writtenScript(resolveArg(redirect.target, inv, r).resolved, r), inv, r, shell);
}

/** The paths this command line wrote so far (resolved), with whether their content is shown. */
export function writtenPaths(r: Reporter): string[] {
  return [...(WRITTEN.get(r)?.keys() ?? [])];
}
