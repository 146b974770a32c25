/**
 * What a git object named by a revision prints when it is no commit (`git show <blob-hash>`, `git cat-file -p
 * <hash>`, `git cat-file blob <tag>`): a blob prints a file's content at some point of history, a secret's among
 * them although no word names its path. Asked of git itself where the surface gives listings
 * (ShellEnv.gitPaths): the object's type (`cat-file -t <rev>^{}`), and for a blob every path history has held it
 * at (`log --all --reflog --find-object`). A blob at a secret-named path, or at a path whose file is a credential
 * by its content, is a secret read; a blob at no path of history, a revision known only at run time, or git not
 * answering is uncertain; a tree prints names, a commit is git-history.ts's. `git cat-file --batch` prints the
 * objects its input names: uncertain. Pure apart from the injected reader, the injected git listing and reporting.
 */

import { posix } from 'node:path';
import { holdsSecretContent } from '../classify/secret-content';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { repositoryTop } from './git-repository';
import { mayNameSecret } from './path-effects';

/** A revision gavel hands to git to ask its type: no option, no range, no `rev:path`, no shell syntax. */
const REVISION = /^[\w./@{}~^+-]+$/;

/** The type of the object `rev` names after peeling tags; undefined when git does not say. */
function objectType(folder: string, rev: string, r: Reporter): string | undefined {
  const out = r.env.gitPaths?.(folder, ['cat-file', '-t', `${rev}^{}`]);
  const type = out?.[0]?.trim();
  return type === undefined || !/^(?:blob|tree|commit)$/.test(type) ? undefined : type;
}

function unknown(sub: string, inv: Invocation, r: Reporter, why: string): 'uncertain' {
  r.uncertain('dynamic-path', `\`git ${sub}\` ${why}`, inv.segment);
  return 'uncertain';
}

/**
 * Judges the objects `git show` or `git cat-file` prints, named by `revs` (operands that are neither options,
 * `rev:path` objects nor files). Answers `commit` when every one is a commit or a range (git-history.ts judges
 * its patch), `done` when judged here (a hit or nothing to say), `uncertain` when reported so.
 */
export function objectsPrint(
  sub: string,
  revs: readonly Word[],
  folder: string | undefined,
  inv: Invocation,
  r: Reporter,
): 'commit' | 'done' | 'uncertain' {
  if (revs.length === 0 || folder === undefined || !r.env.gitPaths) return 'commit';
  const top = repositoryTop(folder, inv, r);
  if (top === 'none' || top === 'unknown') return 'commit';
  let commits = true;
  for (const w of revs) {
    if (!isLiteral(w)) return unknown(sub, inv, r, 'prints an object known only when the command runs');
    const rev = plain(w);
    // A range (`main..HEAD`, `^main`) names commits.
    if (rev.includes('..') || rev.startsWith('^')) continue;
    if (!REVISION.test(rev) || rev.startsWith('-'))
      return unknown(sub, inv, r, 'prints an object gavel cannot name');
    const type = objectType(folder, rev, r);
    if (type === undefined) return unknown(sub, inv, r, 'prints an object git did not name for gavel');
    if (type === 'commit') continue;
    commits = false;
    if (type === 'tree') continue;
    const paths = r.env.gitPaths?.(folder, [
      'log',
      '--format=',
      '--name-only',
      '-z',
      '--no-ext-diff',
      '--all',
      '--reflog',
      `--find-object=${rev}^{}`,
      '--',
    ]);
    if (paths === undefined)
      return unknown(sub, inv, r, 'prints a file of history git did not place for gavel');
    if (paths.length === 0) return unknown(sub, inv, r, 'prints a file found at no path of history');
    const at = { ...inv, cwd: folder };
    const secret = paths.some((name) => {
      const abs = posix.join(top, name);
      return mayNameSecret({ text: abs, flow: NO_FLOW }, at, r) || holdsSecretContent(abs, r.env) === true;
    });
    if (secret) {
      r.hit(
        'secret_material_read',
        `\`git ${sub}\` prints a file history held at a secret path (${plain(w).slice(0, 48)})`,
        inv.segment,
      );
      return 'done';
    }
  }
  return commits ? 'commit' : 'done';
}

/** Options of `git cat-file` after which it prints no object's content. */
const NO_CONTENT = /^(?:-t|-s|-e|--batch-check(?:=.*)?|--allow-unknown-type)$/;
/** Options of `git cat-file` that read the objects to print from the input (or print every object). */
const FROM_INPUT = /^(?:--batch(?:=.*)?|--batch-command(?:=.*)?|--batch-all-objects)$/;

/**
 * `git cat-file`: `-p <object>`, `<type> <object>` print an object's content; `--batch`/`--batch-command` print
 * those their input names. `operands`: the words after the subcommand that are not options.
 */
export function catFilePrints(
  operands: readonly Word[],
  opts: readonly string[],
  folder: string | undefined,
  inv: Invocation,
  r: Reporter,
): void {
  if (opts.some((o) => FROM_INPUT.test(o))) {
    if (opts.some((o) => /^--batch(?:-command)?(?:=.*)?$/.test(o)))
      unknown('cat-file', inv, r, 'prints the objects its input names');
    return;
  }
  if (opts.some((o) => NO_CONTENT.test(o))) return;
  const object = operands[operands.length - 1];
  if (object === undefined || isObjectPath(object)) return;
  if (!r.env.gitPaths) {
    unknown('cat-file', inv, r, 'prints an object gavel could not ask git about');
    return;
  }
  objectsPrint('cat-file', [object], folder, inv, r);
}

/** Whether `w` is a `rev:path` or `:stage:path` object name. */
export const isObjectPath = (w: Word): boolean =>
  /^[^-][^:]*:(?!\/\/)/.test(optionText(w)) || optionText(w).startsWith(':');
