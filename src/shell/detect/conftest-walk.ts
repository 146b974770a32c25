/**
 * Every `conftest.py` pytest imports while it collects: one in each folder it recurses into below the collected
 * paths (`tests/integration/conftest.py` as well as `tests/conftest.py`), skipping only what pytest skips by
 * default (`norecursedirs`: hidden folders, `*.egg`, `build`, `dist`, `node_modules`, `venv`, `CVS`, `_darcs`,
 * `{arch}`, and a virtualenv, one holding `pyvenv.cfg`). A configuration that sets `norecursedirs` replaces that
 * list: then only `.git` is skipped. A walk past the analysis's listing budget answers `cut` (the caller makes the
 * run uncertain). Pure apart from the injected reader.
 */

import type { Reporter } from '../unwrap/invocation';
import { listBudgeted } from './disk-scripts';
import { inFolder } from './project-file';

/** pytest's default `norecursedirs`, as names (fnmatch patterns with one `*` at most). */
const SKIPPED = /^(?:\..*|.*\.egg|_darcs|build|CVS|dist|node_modules|venv|\{arch\})$/;

/** The conftest.py files below `roots` (absolute folders), nearest first; `cut` past the listing budget. */
export function conftestsBelow(roots: readonly string[], ownSkips: boolean, r: Reporter): string[] | 'cut' {
  const out: string[] = [];
  const queue = [...roots];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const folder = queue.shift() as string;
    if (seen.has(folder)) continue;
    seen.add(folder);
    const listing = listBudgeted(folder, r);
    if (listing === 'over' || (listing?.kind === 'unreadable' && listing.tooMany)) return 'cut';
    if (listing?.kind !== 'unreadable' || listing.why !== 'not-regular' || !listing.entries) continue;
    const names = new Set(listing.entries);
    // A virtualenv is not collected (unless `--collect-in-virtualenv`, which the caller does not clear).
    if (!ownSkips && names.has('pyvenv.cfg') && folder !== roots[0]) continue;
    if (names.has('conftest.py')) out.push(inFolder(folder, 'conftest.py'));
    // Folders, and links that may lead to one (pytest follows them); a reader that does not tell: any entry may be.
    const told =
      listing.folders && listing.links ? new Set([...listing.folders, ...listing.links]) : undefined;
    for (const name of [...names].sort())
      if (
        (told ? told.has(name) : name !== 'conftest.py') &&
        name !== '.git' &&
        (ownSkips || !SKIPPED.test(name))
      )
        queue.push(inFolder(folder, name));
  }
  return out;
}
