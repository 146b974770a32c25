/**
 * Says whether the repository holding a folder belongs to another user. git refuses such a repository
 * unless `safe.directory` names it, and gavel's pinned git reads no `safe.directory` (no global or system
 * config is read), so the caller can say why in one line instead of "not a repository". Reads only `lstat`
 * of the folder and its parents; never runs git.
 */

import { lstatSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** True when the nearest folder at or above `dir` holding `.git` is owned by a user other than this process's. */
export function ownedByAnotherUser(dir: string): boolean {
  const uid = process.getuid?.();
  if (uid === undefined) return false;
  let at = resolve(dir);
  for (;;) {
    const dotGit = lstatSync(join(at, '.git'), { throwIfNoEntry: false });
    if (dotGit !== undefined) {
      const top = lstatSync(at, { throwIfNoEntry: false });
      return (top !== undefined && top.uid !== uid) || dotGit.uid !== uid;
    }
    const up = dirname(at);
    if (up === at) return false;
    at = up;
  }
}

/** The one-line problem for a repository owned by another user. */
export const OTHER_OWNER_PROBLEM =
  'the repository is owned by another user: git refuses it, and gavel reads no `safe.directory`';
