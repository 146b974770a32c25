/**
 * What a git command printing patches prints (`git log -p`, `git show HEAD~1`, `git diff main`, `git stash show
 * -p`, `git format-patch`): the changes of every file its revisions and pathspecs cover, a secret file among them
 * printed as `git show HEAD:.env` prints it although no word names it. Asked of git itself where the surface gives
 * name listings (ShellEnv.gitPaths: the same subcommand, revisions and pathspecs with `--name-only -z`, so a
 * secret committed and later deleted counts, and a file the range does not touch does not); git asked and not
 * answering (a timeout, a revision it refuses) is uncertain; an option gavel does not know to leave the listing
 * alike, or no listing at all, falls back to the work tree: a secret-named file
 * below the pathspecs (or anywhere in the repository) that git's ignore rules leave, holding a line that may be a
 * secret (secret-search.ts historySecret). Options that print names or counts only (`--stat`, `-s`) print none.
 * Pure apart from the injected reader, the injected git listing and reporting.
 */

import { posix } from 'node:path';
import { holdsSecretContent } from '../classify/secret-content';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW, OPAQUE_FLOW } from '../walk/flow';
import { readBudgeted } from './disk-scripts';
import { isObjectPath } from './git-objects';
import { findRepository, repositoryTop } from './git-repository';
import { mayNameSecret, resolveArg } from './path-effects';
import { historySecret } from './secret-search';

/** Subcommands whose output is patches (`log` and `whatchanged` only with a patch option: checked by the caller). */
export const HISTORY = new Set(['log', 'whatchanged', 'show', 'diff', 'format-patch', 'range-diff']);

/** A patch option (`-p`, `-u`, `-U3`, `--patch`, `-L`, ...). */
export const PATCH =
  /^(?:-[a-zA-KM-Z]*[puL]|-U\d*|--patch.*|--unified.*|--word-diff.*|--color-words.*|-L.*|--full-diff|--ext-diff|--cc)$/;

/** Options after which `git show`/`git diff` print no patch, unless a patch option is given too. */
const NO_PATCH =
  /^(?:-s|--no-patch|--stat.*|--shortstat|--numstat|--name-only|--name-status|--summary|--dirstat.*|--raw|--quiet|--check|--compact-summary)$/;

/** Options that choose what the patches cover: given to the listing as written. */
const KEPT =
  /^(?:--all|--branches(?:=.*)?|--tags(?:=.*)?|--remotes(?:=.*)?|--reflog|--glob=.+|--cached|--staged|--merge-base|--first-parent|--no-merges|--merges|-m|--cc|-c|--combined-all-paths|--max-count=\d+|-n\d+|-\d+|--since=.*|--after=.*|--until=.*|--before=.*|--author=.*|--committer=.*|--skip=\d+|--diff-filter=[A-Za-z*]+|-R|--full-history|--no-walk|--do-walk|--ancestry-path|--left-only|--right-only|--cherry-pick|--cherry-mark|--cherry|--boundary|--not|--root|--no-relative|--no-renames|--follow|-a|--text|--diff-merges=.*|--remerge-diff|-g|--walk-reflogs)$/;
/** Options with their value in the next word that choose what the patches cover: kept with it. */
export const KEPT_WITH_VALUE: ReadonlySet<string> = new Set([
  '-n',
  '--max-count',
  '--skip',
  '--author',
  '--committer',
  '--since',
  '--after',
  '--until',
  '--before',
  '--diff-filter',
]);
/** Options with their value in the next word that only narrow which commits print: left out with it (more names). */
export const DROPPED_WITH_VALUE: ReadonlySet<string> = new Set(['--grep', '-S', '-G']);
/**
 * Options that only shape the output, or narrow which commits print: left out of the listing (what it names can
 * only grow).
 */
const DROPPED =
  /^(?:-p|-u|-r|--patch.*|-U\d*|--unified.*|--stat.*|--shortstat|--numstat|--summary|--dirstat.*|--raw|--name-only|--name-status|--colou?r.*|--no-colou?r|--word-diff.*|--oneline|--format=.*|--pretty(?:=.*)?|--abbrev.*|--no-abbrev.*|--decorate.*|--no-decorate|--graph|--date=.*|--relative-date|-w|--ignore-[a-z-]+|--minimal|--patience|--histogram|--diff-algorithm=.*|--function-context|-W|--no-prefix|--src-prefix=.*|--dst-prefix=.*|--reverse|--full-index|--binary|--indent-heuristic|--no-indent-heuristic|--compact-summary|--show-signature|--no-notes|--notes.*|--encoding=.*|--parents|--children|--left-right|--source|-z|--no-ext-diff|--no-textconv|--exit-code|--quiet|-q|--check|--no-patch|-s|--color-moved.*|--inter-hunk-context=.*|-t|--pickaxe-all|--pickaxe-regex|-i|--regexp-ignore-case|-E|--extended-regexp|-F|--fixed-strings|--basic-regexp|--all-match|--invert-grep|--grep=.*|-S.+|-G.+|--stdout|--no-stat|--keep-subject|-k|--relative(?:=.*)?)$/;
/** A revision gavel hands to git: no option, no `rev:path` object, no shell syntax. */
const REVISION = /^[\w./@{}~^+-]+$/;

/** Names of a listing looked inside for credential content (a service-account key named `gcp-sa.json`). */
const MAX_CONTENT_LOOKS = 24;

/**
 * `rest`: the words after the subcommand (after `stash show` for the stash); `dashdash`: the index of `--` in
 * it, or -1; `opts`: its options; `folder`: where git works.
 */
export function historyPrints(
  sub: string,
  rest: readonly Word[],
  opts: readonly string[],
  dashdash: number,
  folder: string | undefined,
  inv: Invocation,
  r: Reporter,
): boolean {
  const patch = opts.some((o) => PATCH.test(o));
  if (!patch && opts.some((o) => NO_PATCH.test(o))) return false;
  if (folder === undefined) return false;
  const top = repositoryTop(folder, inv, r);
  if (top === 'none' || top === 'unknown') return false;
  const at = { ...inv, cwd: folder };
  const cover = covered(sub, rest, dashdash, folder, inv, r);
  if (cover === 'objects') return false;
  const { paths, patterned, listed } = cover;
  // git was asked and did not answer (a timeout, an output past the bound, a revision it refuses): what the
  // patches cover is not known, a secret since deleted included.
  if (listed === 'failed') {
    // `git stash show` with no stash prints nothing (git refuses: "No stash entries found").
    if (sub === 'stash' && stashOnly(rest, dashdash) && stashless(folder, inv, r)) return false;
    r.uncertain('dynamic-path', `\`git ${sub}\` prints patches of files gavel could not list`, inv.segment);
    return false;
  }
  if (listed !== undefined) {
    let looks = 0;
    const secret = listed.some((name) => {
      const abs = posix.join(top, name);
      if (mayNameSecret({ text: abs, flow: NO_FLOW }, at, r)) return true;
      return ++looks <= MAX_CONTENT_LOOKS && holdsSecretContent(abs, r.env) === true;
    });
    return secret && hit(sub, inv, r);
  }
  const roots = paths.length > 0 && !patterned ? paths : [{ text: top, flow: OPAQUE_FLOW }];
  return historySecret(roots, at, r) !== undefined && hit(sub, inv, r);
}

/** `git stash show` of the latest stash or one named `stash@{N}`/`N`: no other revision. */
function stashOnly(rest: readonly Word[], dashdash: number): boolean {
  const before = dashdash >= 0 ? rest.slice(0, dashdash) : rest;
  return before.every((w) => optionText(w).startsWith('-') || /^(?:stash@\{\d+\}|\d+)$/.test(optionText(w)));
}

/**
 * Does the repository hold no stash? Its ref (`refs/stash`) is neither a file nor in `packed-refs`, and the refs are
 * files (not a `reftable`): anything unread is not known to be stashless.
 */
function stashless(folder: string, inv: Invocation, r: Reporter): boolean {
  const repo = findRepository(folder, inv, r);
  if (typeof repo !== 'object') return false;
  const at = (rel: string) => readBudgeted(posix.join(repo.commonDir, rel), inv, r);
  if (at('refs/stash')?.kind !== 'missing' || at('reftable')?.kind !== 'missing') return false;
  const packed = at('packed-refs');
  return packed?.kind === 'missing' || (packed?.kind === 'text' && !/\srefs\/stash$/m.test(packed.text));
}

/** What a command's patches cover: its pathspecs, whether one is a pattern, and git's listing of the names. */
interface Covered {
  paths: readonly Word[];
  patterned: boolean;
  listed: readonly string[] | 'failed' | undefined;
}

/** `objects`: the operands are all `rev:path` objects (`git show HEAD:x`), which print no patch. */
function covered(
  sub: string,
  rest: readonly Word[],
  dashdash: number,
  folder: string,
  inv: Invocation,
  r: Reporter,
): Covered | 'objects' {
  const at = { ...inv, cwd: folder };
  // `git show <rev>:<path>` prints that file (judged by its name before this), not a patch: with only such
  // operands, no patch is printed; beside others, they are left out of the listing.
  const object = isObjectPath;
  const before = dashdash >= 0 ? rest.slice(0, dashdash) : rest;
  const operands = before.filter((w) => !optionText(w).startsWith('-'));
  if (sub === 'show' && operands.length > 0 && operands.every(object)) return 'objects';
  rest = rest.filter((w) => !object(w));
  if (dashdash >= 0) dashdash = rest.findIndex((w) => optionText(w) === '--');
  // Pathspecs: the words after `--`, else the words that name a file or folder (the others are revisions).
  const names = (w: Word) => {
    if (!isLiteral(w) || optionText(w).startsWith('-')) return false;
    const abs = resolveArg(w, at, r).resolved;
    const f = abs === undefined ? undefined : readBudgeted(abs, at, r);
    return f !== undefined && f.kind !== 'missing';
  };
  const paths = dashdash >= 0 ? rest.slice(dashdash + 1) : rest.filter(names);
  // A pathspec git reads as a pattern (`*.env`, `:(exclude)src`, `:/`) is neither handed to the listing, which
  // pins pathspecs literal, nor walked as a folder: the whole repository stands for it.
  // A backslash escapes in a pattern: git reads `.en\v` as a pattern matching `.env`.
  const patterned = paths.some((w) => !isLiteral(w) || /[*?[\\]|^:/.test(optionText(w)));
  const listed = patterned ? undefined : listedNames(sub, rest, dashdash, paths, folder, r);
  return { paths, patterned, listed };
}

/**
 * The names (relative to the top of the work tree) the patches of `git SUB` with these words cover, as git lists
 * them; undefined when not listed (no listing, a pattern, a word gavel does not hand to git, only `rev:path`
 * objects), `failed` when git did not answer.
 */
export function coveredNames(
  sub: string,
  rest: readonly Word[],
  dashdash: number,
  folder: string,
  inv: Invocation,
  r: Reporter,
): readonly string[] | 'failed' | undefined {
  const cover = covered(sub, rest, dashdash, folder, inv, r);
  return cover === 'objects' ? undefined : cover.listed;
}

function hit(sub: string, inv: Invocation, r: Reporter): true {
  r.hit(
    'secret_material_read',
    `\`git ${sub}\` prints the changes of a secret file in the repository`,
    inv.segment,
  );
  return true;
}

/**
 * The paths git names for the same subcommand, revisions and pathspecs (`--name-only -z`); undefined when the
 * surface gives no listing or a word is not handed to git (an option gavel does not know, a word known only at run
 * time); `failed` when git was asked and did not answer.
 */
function listedNames(
  sub: string,
  rest: readonly Word[],
  dashdash: number,
  paths: readonly Word[],
  folder: string,
  r: Reporter,
): readonly string[] | 'failed' | undefined {
  const list = r.env.gitPaths;
  if (!list || !['diff', 'show', 'log', 'whatchanged', 'stash', 'format-patch'].includes(sub))
    return undefined;
  const words = dashdash >= 0 ? rest.slice(0, dashdash) : rest;
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    if (!isLiteral(w)) return undefined;
    const t = plain(w);
    if (paths.includes(w)) continue;
    if (!t.startsWith('-') || t === '-') {
      if (!REVISION.test(t) || t.startsWith('-')) return undefined;
      kept.push(t);
    } else if (sub === 'stash' && /^(?:-u|--include-untracked|--only-untracked)$/.test(t)) kept.push(t);
    // Where format-patch writes its files chooses nothing of what they cover.
    else if (sub === 'format-patch' && /^(?:-o|--output-directory)$/.test(t)) {
      const value = words[++i];
      if (value === undefined || !isLiteral(value)) return undefined;
    } else if (sub === 'format-patch' && /^(?:-o.|--output-directory=)/.test(t)) continue;
    else if (PATCH.test(t) || DROPPED.test(t)) continue;
    else if (KEPT.test(t)) kept.push(t);
    else if (KEPT_WITH_VALUE.has(t) || DROPPED_WITH_VALUE.has(t)) {
      const value = words[++i];
      if (value === undefined || !isLiteral(value)) return undefined;
      if (KEPT_WITH_VALUE.has(t)) kept.push(`${t}=${plain(value)}`.replace(/^-n=/, '-n'));
    } else return undefined;
  }
  // `git format-patch <since>` makes patches of `<since>..HEAD`; with a count, of that many commits back.
  if (sub === 'format-patch' && !kept.some((k) => /^-(?:\d+|n\d+|-max-count=\d+)$/.test(k))) {
    const revs = kept.filter((k) => !k.startsWith('-'));
    if (revs.length === 1 && !(revs[0] as string).includes('..') && !kept.includes('--root'))
      kept[kept.indexOf(revs[0] as string)] = `${revs[0]}..HEAD`;
  }
  const pathspecs: string[] = [];
  for (const w of paths) {
    if (!isLiteral(w)) return undefined;
    pathspecs.push(plain(w));
  }
  const head =
    sub === 'stash'
      ? ['stash', 'show']
      : sub === 'diff'
        ? ['diff']
        : [sub === 'show' ? 'show' : 'log', '--format='];
  const names = list(folder, [...head, '--name-only', '-z', '--no-ext-diff', ...kept, '--', ...pathspecs]);
  // An annotated tag prints its header and message before the names, whatever the format (round 34: `git show
  // TAG` listed one name holding them, so a textconv driver of the file after them was taken for unused).
  if (names === undefined || names.some((n) => n.includes('\n'))) return 'failed';
  return names;
}
