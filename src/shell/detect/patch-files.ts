/**
 * Patch appliers (`git apply`, `git am`, `patch`): a patch writes, creates and deletes whatever files it names,
 * so the patch text is read (through the project-file reader: bounded, written-earlier aware) and every path it
 * names is judged as a write or delete by the path table, like a Write tool call of that file (agent and gavel
 * configuration, hooks, persistence, outside the workspace). A patch that cannot be read (stdin from a program,
 * a name known at run time, too large, not regular) is uncertain. The files it touches are recorded as written
 * here with content not shown, so running one later in the line is uncertain. Never quotes the patch.
 * Pure apart from the injected reader and reporting.
 */

import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { resolveArg, touchPath } from './path-effects';
import { projectFile } from './project-file';
import { noteAdded, noteWritten } from './written-scripts';

/** Paths per patch judged one by one; past this the patch is too large to review. */
const MAX_PATHS = 200;

type Named = { path: string; role: 'write' | 'delete' };

/** Unquotes a git C-style quoted name (`"a/x\tb"`); plain names are returned as they are. */
function unquote(name: string): string {
  if (!name.startsWith('"')) return name;
  const body = name.slice(1, name.lastIndexOf('"') > 0 ? name.lastIndexOf('"') : undefined);
  return body.replace(/\\([0-7]{3}|.)/g, (_m, c: string) => {
    if (/^[0-7]{3}$/.test(c)) return String.fromCharCode(Number.parseInt(c, 8));
    return ({ n: '\n', t: '\t', '"': '"', '\\': '\\' } as Record<string, string>)[c] ?? c;
  });
}

/** The name on a header line, without git's quoting or a unified diff's tab-separated timestamp. */
function headerName(rest: string): string {
  const t = rest.trim();
  if (t.startsWith('"')) return unquote(t);
  return t.split('\t')[0]?.trim() ?? '';
}

/**
 * Every file a patch text names, with whether it is written or deleted. Conservative: a `--- ` line inside a
 * hunk is taken for a header too (an extra name only adds a check).
 */
export function patchPaths(text: string): { names: Named[]; tooMany: boolean } {
  const names: Named[] = [];
  const add = (path: string, role: Named['role']) => {
    if (path === '' || path === '/dev/null') return;
    if (!names.some((n) => n.path === path && n.role === role)) names.push({ path, role });
  };
  let deleting = false;
  for (const line of text.split(/\r?\n/)) {
    let m = /^diff --git (\S+|"(?:[^"\\]|\\.)*") (\S+|"(?:[^"\\]|\\.)*")\s*$/.exec(line);
    if (m) {
      deleting = false;
      add(unquote(m[2] ?? ''), 'write');
      continue;
    }
    if (/^deleted file mode/.test(line)) deleting = true;
    m = /^(?:\+\+\+|\*\*\*) (.*)$/.exec(line);
    if (m) add(headerName(m[1] ?? ''), 'write');
    m = /^--- (.*)$/.exec(line);
    if (m) add(headerName(m[1] ?? ''), deleting ? 'delete' : 'write');
    m = /^(?:rename|copy) (from|to) (.*)$/.exec(line);
    if (m) add(headerName(m[2] ?? ''), m[1] === 'from' ? 'delete' : 'write');
    m = /^Index: (.*)$/.exec(line);
    if (m) add(headerName(m[1] ?? ''), 'write');
  }
  return { names: names.slice(0, MAX_PATHS), tooMany: names.length > MAX_PATHS };
}

/**
 * The lines a patch adds to each file it names (the `+` lines of its hunks, by the `+++` name above them), so the
 * code they add is judged as a write tool's change adding it would be (white-box review: `git apply` of a patch
 * creating a test module that runs a download, which pytest then ran).
 */
export function addedByFile(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let current: string | undefined;
  // Lines left in the hunk being read, old and new side (`@@ -a,b +c,d @@`): a hunk's `--- x` or `+++ x` line is a
  // line of the file, not a header.
  let oldLeft = 0;
  let newLeft = 0;
  for (const line of text.split(/\r?\n/)) {
    // A hunk whose counts run past its lines ends at the next file's header or hunk: its lines are not the last file's.
    if ((oldLeft > 0 || newLeft > 0) && /^(?:diff --git |@@ )/.test(line)) {
      oldLeft = 0;
      newLeft = 0;
    }
    if (oldLeft > 0 || newLeft > 0) {
      if (line.startsWith('\\')) continue;
      if (line.startsWith('+')) {
        newLeft--;
        if (current !== undefined) out.set(current, `${out.get(current) ?? ''}${line.slice(1)}\n`);
      } else if (line.startsWith('-')) oldLeft--;
      else {
        oldLeft--;
        newLeft--;
      }
      continue;
    }
    const hunk = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/.exec(line);
    if (hunk) {
      oldLeft = Number(hunk[1] ?? '1');
      newLeft = Number(hunk[2] ?? '1');
      continue;
    }
    if (line.startsWith('diff --git ')) current = undefined;
    const header = /^\+\+\+ (.*)$/.exec(line);
    if (header) current = headerName(header[1] ?? '');
    // A `+` line past its hunk's counts is read as added all the same: more text judged, never less.
    else if (line.startsWith('+') && current !== undefined)
      out.set(current, `${out.get(current) ?? ''}${line.slice(1)}\n`);
  }
  return out;
}

/** `a/b/c` with `strip` leading components removed; undefined when there are not that many. */
function stripped(path: string, strip: number): string | undefined {
  if (strip === 0) return path;
  const parts = path.split('/').filter((p, k) => p !== '' || k === 0);
  if (parts.length <= strip) return undefined;
  return parts.slice(strip).join('/');
}

/** What a patch applier was given: its patch files, how names are stripped, where they land. */
interface Applier {
  patches: Word[];
  /** Undefined: every strip level is judged (`patch` without `-p` may take any). */
  strip: number | undefined;
  dir: Word | undefined;
  /** Checks or prints only (`git apply --check`, `patch --dry-run`). */
  readOnly: boolean;
  /** `patch ORIGFILE`: the file written whatever the patch names. */
  origFile?: Word;
}

/** Options of `git apply` and `git am` that take a value (the next word, or attached). */
const GIT_SHARED_VALUES = ['-p', '-C', '--exclude', '--include', '--directory', '--whitespace'];
const GIT_APPLY_VALUES = new Set([...GIT_SHARED_VALUES, '--build-fake-ancestor']);
const GIT_AM_VALUES = new Set([
  ...GIT_SHARED_VALUES,
  '--patch-format',
  '--resolvemsg',
  '--empty',
  '--quoted-cr',
]);
const PATCH_VALUES = new Set([
  '-p',
  '-d',
  '-i',
  '-o',
  '-r',
  '-D',
  '-F',
  '-V',
  '-z',
  '-B',
  '-Y',
  '-g',
  '--strip',
  '--directory',
  '--input',
  '--output',
  '--reject-file',
  '--ifdef',
  '--fuzz',
  '--version-control',
  '--suffix',
  '--prefix',
  '--basename-prefix',
  '--get',
  '--quoting-style',
  '--reject-format',
  '--read-only',
]);

function gitApplier(sub: 'apply' | 'am', args: readonly Word[]): Applier | 'none' {
  const values = sub === 'apply' ? GIT_APPLY_VALUES : GIT_AM_VALUES;
  const out: Applier = { patches: [], strip: 1, dir: undefined, readOnly: false };
  let check = false;
  let apply = false;
  let dashdash = false;
  for (let k = 0; k < args.length; k++) {
    const w = args[k] as Word;
    const t = optionText(w);
    if (dashdash || !t.startsWith('-') || t === '-') {
      if (t !== '-') out.patches.push(w);
      continue;
    }
    if (t === '--') {
      dashdash = true;
      continue;
    }
    const eq = t.indexOf('=');
    const name = t.startsWith('--') && eq > 0 ? t.slice(0, eq) : t.startsWith('--') ? t : t.slice(0, 2);
    const inline = t.startsWith('--')
      ? eq > 0
        ? t.slice(eq + 1)
        : undefined
      : t.length > 2
        ? t.slice(2)
        : undefined;
    const value = values.has(name) ? (inline ?? (args[++k] ? optionText(args[k] as Word) : '')) : undefined;
    if (name === '-p') out.strip = /^\d+$/.test(value ?? '') ? Number(value) : undefined;
    if (name === '--directory') out.dir = { text: value ?? '', flow: w.flow };
    if (/^--(check|stat|numstat|summary)$/.test(name)) check = true;
    if (name === '--apply') apply = true;
    // `git am --continue` and friends apply nothing new (a patch left from before, already judged).
    if (sub === 'am' && /^--(continue|skip|abort|quit|show-current-patch|resolved|retry)$/.test(name))
      return 'none';
    if (sub === 'am' && /^-r$/.test(t)) return 'none';
  }
  out.readOnly = check && !apply;
  return out;
}

function patchApplier(args: readonly Word[]): Applier {
  const out: Applier = { patches: [], strip: undefined, dir: undefined, readOnly: false };
  const operands: Word[] = [];
  let dashdash = false;
  for (let k = 0; k < args.length; k++) {
    const w = args[k] as Word;
    const t = optionText(w);
    if (dashdash || !t.startsWith('-') || t === '-') {
      operands.push(w);
      continue;
    }
    if (t === '--') {
      dashdash = true;
      continue;
    }
    const eq = t.indexOf('=');
    const long = t.startsWith('--');
    const name = long ? (eq > 0 ? t.slice(0, eq) : t) : t.slice(0, 2);
    const inline = long ? (eq > 0 ? t.slice(eq + 1) : undefined) : t.length > 2 ? t.slice(2) : undefined;
    const takes = PATCH_VALUES.has(name);
    const valueWord: Word | undefined = takes
      ? inline !== undefined
        ? { text: w.text.slice(w.text.length - inline.length), flow: w.flow }
        : args[++k]
      : undefined;
    const value = valueWord ? optionText(valueWord) : undefined;
    if (name === '-p' || name === '--strip')
      out.strip = /^\d+$/.test(value ?? '') ? Number(value) : undefined;
    if (name === '-d' || name === '--directory') out.dir = valueWord;
    if (name === '-i' || name === '--input') {
      if (valueWord && value !== '-') out.patches.push(valueWord);
    }
    if (name === '--dry-run' || name === '-C' || name === '--check') out.readOnly = true;
  }
  // `patch [ORIGFILE [PATCHFILE]]`: ORIGFILE is the file written, PATCHFILE the patch.
  if (operands[1] && out.patches.length === 0 && plain(operands[1]) !== '-') out.patches.push(operands[1]);
  if (operands[0]) out.origFile = operands[0];
  return out;
}

function judgeText(text: string, strip: number | undefined, base: Invocation, r: Reporter): void {
  // A binary patch carries its content encoded, no added line gavel reads (final read: one creating a conftest.py).
  if (/^GIT binary patch\r?$/m.test(text))
    r.uncertain(
      'dynamic-script',
      `\`${base.program}\` applies a binary patch, whose content gavel does not read`,
      base.segment,
      'kept',
    );
  const { names, tooMany } = patchPaths(text);
  const added = addedByFile(text);
  if (tooMany)
    r.uncertain(
      'too-large',
      `\`${base.program}\` applies a patch naming more files than gavel reviews`,
      base.segment,
    );
  for (const n of names) {
    const forms = new Set<string>();
    const levels = strip === undefined ? [0, 1, 2, 3, 4] : [strip];
    for (const s of levels) {
      const p = stripped(n.path, s);
      if (p !== undefined) forms.add(p);
    }
    if (strip === undefined) forms.add(n.path.slice(n.path.lastIndexOf('/') + 1));
    for (const p of forms) {
      // A name is taken as written: no tilde or variable expansion happens in a patch.
      const text = p.startsWith('~') ? `./${p}` : p;
      const res = touchPath(
        { text, flow: { sensitive: false, network: false, decoded: false } },
        n.role,
        base,
        r,
      );
      if (n.role === 'write') {
        noteWritten(res.resolved, r);
        const lines = added.get(n.path);
        if (lines !== undefined) noteAdded(res.resolved, lines, r, base.segment);
      }
    }
  }
}

/** A patch file or stdin: its text, or undefined when the uncertainty was reported. */
function patchText(word: Word | undefined, inv: Invocation, r: Reporter): string | undefined {
  const say = (why: string) => {
    r.uncertain('dynamic-script', `\`${inv.program}\` applies a patch ${why}`, inv.segment);
    return undefined;
  };
  if (word === undefined) {
    const from = inv.redirects.find((d) => d.op === '<');
    if (from) return patchText(from.target, inv, r);
    if (
      inv.redirects.some((d) => d.op === '<<' || d.op === '<<-' || d.op === '<<<') &&
      inv.stdin.literal !== undefined
    )
      return inv.stdin.literal;
    if (inv.stdin.literal !== undefined) return inv.stdin.literal;
    if (inv.stdin.opaque || inv.stdin.network || inv.stdin.decoded || inv.stdin.sensitive)
      return say('from another program, which gavel cannot read');
    return say('from stdin, which gavel cannot read');
  }
  if (!isLiteral(word)) return say('named at run time');
  const path = resolveArg(word, inv, r).resolved;
  if (path === undefined) return say('from a path gavel cannot resolve');
  if (!r.env.readScript) return say('gavel cannot read here');
  const file = projectFile(path, inv, r);
  if (file.kind === 'text') return file.text;
  if (file.kind === 'missing') return say('from a file that is not there');
  return undefined;
}

function judge(app: Applier, inv: Invocation, r: Reporter): void {
  if (app.readOnly) return;
  let base = inv;
  if (app.dir !== undefined) {
    const dir = isLiteral(app.dir) ? resolveArg(app.dir, inv, r).resolved : undefined;
    if (dir === undefined) {
      r.uncertain(
        'dynamic-path',
        `\`${inv.program}\` applies a patch in a folder named at run time`,
        inv.segment,
      );
      return;
    }
    base = { ...inv, cwd: dir };
  }
  if (app.origFile) {
    const res = touchPath(app.origFile, 'write', base, r);
    noteWritten(res.resolved, r);
  }
  const sources = app.patches.length > 0 ? app.patches : [undefined];
  for (const w of sources) {
    const text = patchText(w, inv, r);
    if (text !== undefined) judgeText(text, app.strip, base, r);
  }
}

/** `git apply …` / `git am …` (args after the subcommand), in the folder git works in. */
export function gitPatch(sub: 'apply' | 'am', args: readonly Word[], inv: Invocation, r: Reporter): void {
  const app = gitApplier(sub, args);
  if (app === 'none') return;
  // git refuses names outside the work tree unless `--unsafe-paths`; judged as named either way.
  judge(app, inv, r);
}

/** `patch …`. */
export function patchProgram(inv: Invocation, r: Reporter): void {
  judge(patchApplier(inv.args), inv, r);
}
