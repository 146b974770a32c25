/**
 * What `git add -A`, `git add .` or `git add <folder>` stage besides what the words name: every file of the folder
 * git does not ignore. A secret-named file at the top of that folder (`.env`, `id_rsa`, `*.pem`) that git does not
 * track and no ignore rule covers is staged with the rest, to be committed and pushed: the same as `git add .env`.
 * Ignore rules are read from the folder's and the repository's `.gitignore`, `.git/info/exclude` and the user's
 * `~/.config/git/ignore`, as names or simple globs (a pattern gavel cannot read, or a negation that may apply,
 * leaves the file not ignored). An index gavel cannot read does not count the file as tracked. A folder of more
 * entries than the reader lists says nothing (known limit). Pure apart from the injected reader and reporting.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { OPAQUE_FLOW } from '../walk/flow';
import { readBudgeted } from './disk-scripts';
import { ignoredBy, ignoreFiles, repositoryTop } from './git-ignore';
import { gitTracked } from './git-repository';
import { mayNameSecret, resolveArg } from './path-effects';
import { inFolder } from './project-file';

/** Folders of an add looked into. */
const MAX_FOLDERS = 8;

/** The folders an add stages everything of: the repository's top for `-A`/no operand, each `.`-like operand. */
function addedFolders(operands: readonly Word[], all: boolean, inv: Invocation, r: Reporter): string[] {
  const cwd = inv.cwd;
  if (cwd === undefined) return [];
  if (operands.length === 0) return all ? [cwd] : [];
  const out: string[] = [];
  // Words that may name a folder (`.`, `src`, `pkg/`), a few: a file's name (`app.ts`) is not read to find out.
  for (const w of operands.slice(0, MAX_FOLDERS)) {
    if (!isLiteral(w)) continue;
    const t = plain(w);
    if (/[*?[]/.test(t) || !/^\.{1,2}\/?$|\/$|(?:^|\/)[^./][^./]*$/.test(t)) continue;
    const abs = resolveArg(w, inv, r).resolved;
    if (abs === undefined) continue;
    const f = readBudgeted(abs, inv, r);
    if (f?.kind === 'unreadable' && f.why === 'not-regular' && f.entries) out.push(abs);
  }
  return out;
}

/**
 * The secret-named file an add of everything stages that git neither tracks nor ignores, or undefined. `all`: the
 * add takes the whole tree with no operand (`-A`, `--all`).
 */
export function stagedSecret(
  operands: readonly Word[],
  all: boolean,
  inv: Invocation,
  r: Reporter,
): string | undefined {
  if (!r.env.readScript) return undefined;
  for (const folder of addedFolders(operands, all, inv, r)) {
    const top = repositoryTop(folder, inv, r);
    if (top === undefined) continue;
    // `-A` with no operand takes the whole work tree: its top.
    const base = operands.length === 0 ? top : folder;
    const listing = readBudgeted(base, inv, r);
    if (listing?.kind !== 'unreadable' || !listing.entries) continue;
    const ignores = ignoreFiles(top, base, inv, r);
    for (const name of listing.entries) {
      if (name === '.git') continue;
      const abs = inFolder(base, name);
      if (!mayNameSecret({ text: abs, flow: OPAQUE_FLOW }, inv, r)) continue;
      if (ignores.some(([dir, text]) => ignoredBy(text, posix.relative(dir, abs)))) continue;
      // An index gavel cannot read (past the reader's size, a version it does not parse) may not hold it.
      if (gitTracked(abs, inv, r) === 'yes') continue;
      return name;
    }
  }
  return undefined;
}
