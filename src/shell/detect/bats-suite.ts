/**
 * What `bats` runs beyond the files named: the `.bats` files of a folder given to it (its own, or every one below
 * with `-r`), and the `setup_suite.bash` it sources from the folder of the test files when no setup-suite file is
 * named (bats 1.8 checked: a setup_suite() there runs before any test). Lists through the surface's reader; a
 * folder it cannot list, or more than a review reads, is uncertain. Pure apart from the injected reader.
 */

import type { Invocation, Reporter } from '../unwrap/invocation';
import { listBudgeted } from './disk-scripts';
import { inFolder } from './project-file';

/** Test files read for one folder operand; more is too large to review. */
const MAX_TEST_FILES = 32;
/** Folders below a recursive run's folder listed; more is too large to review. */
const MAX_FOLDERS = 16;

/**
 * The `.bats` files bats runs for folder `dir` (below it too when `recursive`), or undefined when that could not be
 * listed whole (reported uncertain).
 */
export function batsFolderTests(
  dir: string,
  recursive: boolean,
  inv: Invocation,
  r: Reporter,
): string[] | undefined {
  const out: string[] = [];
  const queue = [dir];
  let listed = 0;
  const say = (why: string) => {
    r.uncertain('dynamic-script', `\`bats\` runs the test files of a folder ${why}`, inv.segment, 'kept');
    return undefined;
  };
  for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
    if (++listed > MAX_FOLDERS) return say('with more folders below it than one review lists');
    const listing = listBudgeted(folder, r);
    // An entry below queued because it may be a folder (a link, or a reader that does not tell) and is a file.
    if (folder !== dir && listing !== 'over' && (listing?.kind === 'text' || listing?.kind === 'missing'))
      continue;
    if (listing === 'over' || listing?.kind !== 'unreadable' || listing.why !== 'not-regular')
      return say('gavel could not list');
    if (!listing.entries || listing.tooMany) return say('of more entries than the reader lists');
    const folders = listing.folders === undefined ? undefined : new Set(listing.folders);
    // bats finds tests with `find -L`: a link to a folder is walked too (final read).
    const links = listing.links === undefined ? undefined : new Set(listing.links);
    for (const name of listing.entries) {
      const abs = inFolder(folder, name);
      if (name.endsWith('.bats')) {
        // A folder named `x.bats` is not run; one the reader does not tell apart is read as a file (a folder read is
        // not-regular and skipped by the caller).
        if (folders?.has(name)) continue;
        out.push(abs);
        if (out.length > MAX_TEST_FILES) return say('holding more test files than one review reads');
        continue;
      }
      // Every folder below, `.git` and hidden ones too: bats's `find` skips none.
      if (!recursive) continue;
      // Without the reader telling folders or links apart, every entry may be one: each is listed (a file is skipped).
      if (folders === undefined || folders.has(name) || links === undefined || links.has(name))
        queue.push(abs);
    }
  }
  return out;
}
