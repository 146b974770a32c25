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
 * writes an attributes file or in a git folder.
 * Pure apart from the injected reader and listing.
 */

import { posix } from 'node:path';
import { type Invocation, optionText, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { readBudgeted } from './disk-scripts';
import { coveredNames } from './git-history';

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

/** Programs an earlier command of the line may be, changing nothing the attributes or the patches depend on. */
const QUIET_BEFORE = new Set(['cd', 'pushd', 'popd', 'true', ':', 'echo', 'printf', 'pwd', 'export', 'set']);

/** A write that may change which files carry an attribute (one placed only at run time among them). */
const writesAttributes = (p: { role: string; resolved?: string }) =>
  (p.role === 'write' || p.role === 'delete') &&
  (p.resolved === undefined || /(?:^|\/)(?:\.gitattributes|\.git|attributes)(?:\/|$)/.test(p.resolved));

/** Could an attributes file the listing does not read bind a driver (or could it not be told)? */
function userAttributes(configs: readonly string[], inv: Invocation, r: Reporter): boolean {
  for (const file of configs) {
    const read = readBudgeted(file, inv, r, true);
    if (read === undefined) return true;
    if (read.kind === 'missing') continue;
    // A file it includes may name one too: any include counts.
    if (read.kind !== 'text' || /attributesfile|^\s*\[\s*include/im.test(read.text)) return true;
  }
  const xdg = posix.join(r.scope.home, '.config/git/attributes');
  return [xdg, ...SYSTEM_ATTRIBUTES].some((file) => readBudgeted(file, inv, r, true)?.kind !== 'missing');
}
