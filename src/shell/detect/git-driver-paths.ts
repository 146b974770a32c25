/**
 * Whether a diff driver of the configuration (`diff.<name>.command`, `diff.<name>.textconv`) runs for the files a
 * command's patches cover: git runs it only for a file whose `diff` attribute names it (`*.sql diff=pg` in a
 * `.gitattributes`). Asked of git itself where the surface gives listings (ShellEnv.gitPaths): the names the
 * patches cover (git-history.ts `coveredNames`, the same subcommand, revisions and pathspecs with `--name-only`),
 * then their attribute (`check-attr -z diff`, from the work tree's and the index's `.gitattributes` and the git
 * folder's `info/attributes`, as `git diff` reads them). Nothing is narrowed, so the driver counts as run, without
 * a listing, when git does not answer, for a pathspec pattern, when the user's or the system's attributes file
 * could bind it (`core.attributesFile` named in any configuration, `~/.config/git/attributes`,
 * `/etc/gitattributes`: the pinned listing reads neither), when the line sets a `GIT_*` variable or `HOME`, when
 * an earlier command of the line is more than a `cd` or an `echo` (a branch checked out, a generator run) or
 * writes an attributes file or in a git folder. `git show` of blobs and trees only (`git show main:db/schema.sql`)
 * converts no text (each operand's type asked of git).
 * Pure apart from the injected reader and listing.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { readBudgeted } from './disk-scripts';
import { coveredNames } from './git-history';
import { isObjectPath } from './git-objects';

/** The words of the command that say what its patches cover. */
export interface ShownWords {
  /** Where git works (the cwd or the last `-C`). */
  folder: string | undefined;
  /** The words after the subcommand. */
  rest: readonly Word[];
  /** The index of `--` in `rest`, or -1. */
  dashdash: number;
}

/** Subcommands whose patches the listing covers. */
const LISTED = new Set(['diff', 'show', 'log', 'whatchanged']);
/** A driver bound by its name (an external program for every file, `diff.external`, is not). */
const NAMED = /^diff\.(.+)\.(?:command|textconv)$/i;
/** Names asked of git in one call at most: past it, the driver counts as run. */
const MAX_NAMES = 2_000;
/** The system's attributes files (`$(prefix)/etc/gitattributes`). */
const SYSTEM_ATTRIBUTES = [
  '/etc/gitattributes',
  '/usr/local/etc/gitattributes',
  '/opt/homebrew/etc/gitattributes',
];

/**
 * True when git is known not to run the driver of `key` for `git SUB` with these words: no file its patches
 * cover carries the driver's name. `configs`: every configuration file read for the command.
 */
export function driverUnused(
  key: string,
  sub: string,
  shown: ShownWords | undefined,
  top: string,
  configs: readonly string[],
  inv: Invocation,
  r: Reporter,
): boolean {
  const name = NAMED.exec(key)?.[1];
  const list = r.env.gitPaths;
  if (name === undefined || shown === undefined || shown.folder === undefined || !list || !LISTED.has(sub))
    return false;
  if ([...r.assignedNames].some((n) => /^(?:GIT_.*|HOME|XDG_CONFIG_HOME)$/.test(n))) return false;
  const before = r.segments.slice(0, inv.segment);
  if (before.some((seg) => !QUIET_BEFORE.has(seg.program) || seg.paths.some(writesAttributes))) return false;
  if (userAttributes(configs, inv, r)) return false;
  if (sub === 'show' && objectsOnly(shown, list)) return true;
  // Words whose paths git shows under names the listing does not give: blobs (`HEAD:a.pg`), names relative to the
  // current folder (`--relative`), a file followed through its renames, a submodule's own files (`--submodule`),
  // a pathspec escape git reads as a pattern (`d/x\.pg`).
  const before2 = shown.dashdash >= 0 ? shown.rest.slice(0, shown.dashdash) : shown.rest;
  if (before2.some((w) => !optionText(w).startsWith('-') && optionText(w).includes(':'))) return false;
  if (shown.rest.some((w) => /^--(?:relative|follow|submodule)(?:=|$)|\\/.test(optionText(w)))) return false;
  const names = coveredNames(sub, shown.rest, shown.dashdash, shown.folder, inv, r);
  if (names === undefined || names === 'failed' || names.length > MAX_NAMES) return false;
  if (names.length === 0) return true;
  const out = list(top, ['check-attr', '-z', 'diff', '--', ...names]);
  if (out === undefined || out.length !== names.length * 3) return false;
  // An old-style section (`[diff.PG]`) is lower-cased by git: the names are compared in any case.
  const bound = (value: string | undefined) => value?.toLowerCase() === name.toLowerCase();
  for (let i = 0; i < out.length; i += 3) if (out[i + 1] !== 'diff' || bound(out[i + 2])) return false;
  return true;
}

/**
 * `git show` of blobs and trees only (`git show origin/main:db/schema.sql`): git prints a blob as stored and a tree
 * as names, converting no text unless told to (`--textconv`; measured with git 2.39). Each operand's type is asked
 * of git as written, so one that names a commit (`:/message`, a submodule's entry) is not one of them; no option is
 * taken (`--all` or `--stdin` adds commits whose patches show).
 */
function objectsOnly(shown: ShownWords, list: NonNullable<Reporter['env']['gitPaths']>): boolean {
  if (shown.dashdash >= 0 || shown.folder === undefined) return false;
  const folder = shown.folder;
  const operands = shown.rest.filter((w) => !optionText(w).startsWith('-'));
  // Any option: one may add revisions whose patches show (`--all`, `--tags`, `--stdin`: final read) or convert text.
  if (shown.rest.some((w) => optionText(w).startsWith('-'))) return false;
  return (
    operands.length > 0 &&
    operands.every((w) => {
      if (!isLiteral(w) || !isObjectPath(w)) return false;
      const type = list(folder, ['cat-file', '-t', plain(w)]);
      return type?.length === 1 && /^(?:blob|tree)\n?$/.test(type[0] ?? '');
    })
  );
}

/** Programs an earlier command of the line may be, changing nothing the attributes or the patches depend on. */
const QUIET_BEFORE = new Set(['cd', 'pushd', 'popd', 'true', ':', 'echo', 'printf', 'pwd', 'export', 'set']);

/** A write that may change which files carry an attribute (one placed only at run time among them). */
const writesAttributes = (p: { role: string; resolved?: string }) =>
  (p.role === 'write' || p.role === 'delete') &&
  (p.resolved === undefined || /(?:^|\/)(?:\.gitattributes|\.git|attributes)(?:\/|$)/.test(p.resolved));

/** How deep configuration includes are followed looking for an attributes file. */
const MAX_INCLUDE_DEPTH = 3;

/**
 * The files a git configuration's `[include]` and `[includeIf …]` sections name by `path` (relative to the file's
 * folder, `~/` the home), or undefined when one cannot be placed (a variable, a quoted or escaped value, an include
 * key this reading does not know).
 */
function includedFiles(text: string, file: string, home: string): string[] | undefined {
  const out: string[] = [];
  let including = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/[#;].*$/, '').trim();
    if (line === '') continue;
    const section = /^\[\s*([^\]\s"]+)/.exec(line);
    if (section) {
      including = /^include(?:if)?$/i.test(section[1] ?? '');
      // A key on the section's own line (`[include] path = x`).
      const rest = line.slice(line.indexOf(']') + 1).trim();
      if (!including || rest === '') continue;
      if (!/^path\s*=/i.test(rest)) return undefined;
    }
    if (!including) continue;
    const kv = /^(?:\[[^\]]*\]\s*)?(\w+)\s*=\s*(.*)$/.exec(line);
    if (!kv || kv[1]?.toLowerCase() !== 'path') return undefined;
    const value = kv[2] ?? '';
    if (value === '' || /["\\$%]/.test(value)) return undefined;
    out.push(
      value.startsWith('~/') ? posix.join(home, value.slice(2)) : posix.resolve(posix.dirname(file), value),
    );
  }
  return out;
}

/** Could an attributes file the listing does not read bind a driver (or could it not be told)? */
function userAttributes(configs: readonly string[], inv: Invocation, r: Reporter): boolean {
  const queue = configs.map((file) => ({ file, depth: 0 }));
  const seen = new Set<string>();
  while (queue.length > 0) {
    const { file, depth } = queue.shift() as { file: string; depth: number };
    if (seen.has(file)) continue;
    seen.add(file);
    const read = readBudgeted(file, inv, r, true);
    if (read === undefined) return true;
    if (read.kind === 'missing') continue;
    if (read.kind !== 'text' || /attributesfile/i.test(read.text)) return true;
    // A file it includes may name one too: the files an include names literally are read in turn (round 23's
    // repository keeps its drivers in an included file), anything else counts.
    const included = includedFiles(read.text, file, r.scope.home);
    if (included === undefined || (included.length > 0 && depth >= MAX_INCLUDE_DEPTH)) return true;
    for (const next of included) queue.push({ file: next, depth: depth + 1 });
  }
  const xdg = posix.join(r.scope.home, '.config/git/attributes');
  return [xdg, ...SYSTEM_ATTRIBUTES].some((file) => readBudgeted(file, inv, r, true)?.kind !== 'missing');
}
