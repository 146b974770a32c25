/**
 * The file a runner reads from a folder or the nearest folder above it (just, task, nox search upwards), unless an
 * earlier command of the line may have changed one of the names it looks for. Pure apart from the injected reader
 * and reporting.
 */

import type { Invocation, Reporter } from '../unwrap/invocation';
import { changedEarlier, mayChange } from './disk-scripts';
import { foldersUp, inFolder, projectFile } from './project-file';

/** A file a runner reads from `dir` or a folder above it (just, task, nox search upwards): its first hit. */
export function nearest(inv: Invocation, names: readonly string[], r: Reporter, dir: string) {
  for (const d of foldersUp(dir)) {
    // A file of any of the names written earlier in the line may be the one the runner picks (a `Justfile`
    // written beside a `justfile`, or over it on a case-insensitive file system): what is read now may not run.
    if (names.some((name) => changedEarlier(inFolder(d, name), inv, r))) {
      mayChange(inv, r);
      return undefined;
    }
    for (const name of names) {
      const file = projectFile(inFolder(d, name), inv, r);
      if (file.kind !== 'missing') return { file, dir: d };
    }
  }
  return undefined;
}
