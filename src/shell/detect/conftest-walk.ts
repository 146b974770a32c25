/**
 * The folders a tool recurses into below the paths it is given, each with its entry names, skipping what the tool
 * skips (`foldersBelow`), and from them every `conftest.py` pytest imports while it collects (`conftestsBelow`):
 * one in each folder it recurses into (`tests/integration/conftest.py` as well as `tests/conftest.py`), skipping
 * only what pytest skips by default (`norecursedirs`: hidden folders, `*.egg`, `build`, `dist`, `node_modules`,
 * `venv`, `CVS`, `_darcs`, `{arch}`, and a virtualenv, one holding `pyvenv.cfg`). A configuration that sets
 * `norecursedirs` replaces that list: then only `.git` is skipped. A folder named `test*` is never skipped (pytest
 * loads the conftest.py of its anchors' `test*` folders whatever `norecursedirs` says). A walk past the analysis's listing budget
 * answers `cut` (the caller makes the run uncertain). Pure apart from the injected reader.
 */

import type { Reporter } from '../unwrap/invocation';
import { listBudgeted } from './disk-scripts';
import { inFolder } from './project-file';

/** A folder reached, with the names of its entries. */
export interface Folder {
  path: string;
  names: ReadonlySet<string>;
}

/**
 * The folders below `roots` (themselves included), nearest first, entering a folder unless `skip(name, names)` says
 * so (`names`: the entries of the folder itself); `cut` past the listing budget or a folder of more entries than the
 * reader lists.
 */
export function foldersBelow(
  roots: readonly string[],
  skip: (name: string, names: ReadonlySet<string>) => boolean,
  r: Reporter,
): Folder[] | 'cut' {
  const out: Folder[] = [];
  const queue = [...roots];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const folder = queue.shift() as string;
    if (seen.has(folder)) continue;
    seen.add(folder);
    const listing = listBudgeted(folder, r);
    // A folder too large to list, or one whose listing failed, is never taken for empty.
    if (
      listing === 'over' ||
      (listing?.kind === 'unreadable' && (listing.tooMany || listing.why === 'error'))
    )
      return 'cut';
    if (listing?.kind !== 'unreadable' || listing.why !== 'not-regular' || !listing.entries) continue;
    const names = new Set(listing.entries);
    if (!roots.includes(folder) && skip(folder.slice(folder.lastIndexOf('/') + 1), names)) continue;
    out.push({ path: folder, names });
    // Folders, and links that may lead to one (the tools follow them); a reader that does not tell: any entry.
    const told =
      listing.folders && listing.links ? new Set([...listing.folders, ...listing.links]) : undefined;
    for (const name of [...names].sort())
      if ((told ? told.has(name) : !/\.\w+$/.test(name)) && name !== '.git')
        queue.push(inFolder(folder, name));
  }
  return out;
}

/** pytest's default `norecursedirs`, as names (fnmatch patterns with one `*` at most). */
const SKIPPED = /^(?:\..*|.*\.egg|_darcs|build|CVS|dist|node_modules|venv|\{arch\})$/;

/** The conftest.py files below `roots` (absolute folders), nearest first; `cut` past the listing budget. */
export function conftestsBelow(roots: readonly string[], ownSkips: boolean, r: Reporter): string[] | 'cut' {
  // A virtualenv is not collected (unless `--collect-in-virtualenv`, which the caller does not clear); a folder named
  // `test*` has its conftest.py loaded whatever `norecursedirs` says.
  const folders = foldersBelow(
    roots,
    (name, names) => !ownSkips && !name.startsWith('test') && (SKIPPED.test(name) || names.has('pyvenv.cfg')),
    r,
  );
  if (folders === 'cut') return 'cut';
  return folders.filter((f) => f.names.has('conftest.py')).map((f) => inFolder(f.path, 'conftest.py'));
}
