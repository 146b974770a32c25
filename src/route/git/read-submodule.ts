/**
 * Inspects a submodule bump through an object view of the submodule's own repository: its commit range
 * (how many commits, whether the bump rewinds) and its changed files with their line counts, named under
 * the submodule's path (and by their own path, so both are classified). Submodules inside it are inspected
 * the same way, down to MAX_SUBMODULE_DEPTH levels; deeper ones are unknown risk. Anything that cannot be
 * read leaves the bump `uninspectable` with a reason in gavel's own words: unknown risk, never low.
 */

import { join } from 'node:path';
import { openObjectView } from '../../reader';
import type { ChangedFile, SubmoduleBump } from '../types';
import type { GitRunner } from './git-runner';
import { readDiff } from './read-diff';

/** Submodules are read this many levels deep (a submodule of a submodule of a submodule). */
export const MAX_SUBMODULE_DEPTH = 3;

export interface SubmoduleRead {
  /** This bump and every bump nested in it, paths from the top repository. */
  bumps: SubmoduleBump[];
  /** Files changed inside, paths from the top repository; `aliases` holds their path inside. */
  files: ChangedFile[];
}

const blind = (bump: SubmoduleBump, why: string): SubmoduleRead => ({
  bumps: [{ ...bump, uninspectable: why }],
  files: [],
});

/** `git` is the pinned runner for real repositories; `top` the folder of the repository holding the bump. */
export async function readSubmodule(
  git: GitRunner,
  top: string,
  bump: SubmoduleBump,
  depth = 1,
): Promise<SubmoduleRead> {
  if (bump.newCommit === null)
    return { bumps: [{ ...bump, inspected: { commits: 0, files: [], rewound: false } }], files: [] };
  if (depth > MAX_SUBMODULE_DEPTH)
    return blind(bump, `a submodule nested deeper than ${MAX_SUBMODULE_DEPTH} levels is not read`);
  const dir = join(top, bump.path);
  const own = await git(['rev-parse', '--show-toplevel'], dir);
  if (!own.ok || own.stdout.trim() !== dir) return blind(bump, 'the submodule is not checked out');
  const opened = await openObjectView(git, dir);
  if (!opened.ok) return blind(bump, 'the submodule repository cannot be opened');
  const view = opened.view.git;
  try {
    const hasNew = await view(['cat-file', '-e', `${bump.newCommit}^{commit}`], '');
    if (!hasNew.ok) return blind(bump, 'the new submodule commit is not present (not fetched)');
    let from: string;
    let commits: number;
    let rewound = false;
    if (bump.oldCommit === null) {
      const empty = await view(['hash-object', '-t', 'tree', '/dev/null'], '');
      const count = await view(['rev-list', '--count', bump.newCommit], '');
      if (!empty.ok || !count.ok) return blind(bump, 'the new submodule tree cannot be read');
      from = empty.stdout.trim();
      commits = Number(count.stdout.trim());
    } else {
      const hasOld = await view(['cat-file', '-e', `${bump.oldCommit}^{commit}`], '');
      if (!hasOld.ok) return blind(bump, 'the old submodule commit is not present (not fetched)');
      const [count, ancestor] = await Promise.all([
        view(['rev-list', '--count', `${bump.oldCommit}..${bump.newCommit}`], ''),
        view(['merge-base', '--is-ancestor', bump.oldCommit, bump.newCommit], ''),
      ]);
      if (!count.ok) return blind(bump, 'the submodule range cannot be read');
      from = bump.oldCommit;
      commits = Number(count.stdout.trim());
      rewound = !ancestor.ok;
    }
    let diff: Awaited<ReturnType<typeof readDiff>>;
    try {
      diff = await readDiff(view, from, bump.newCommit);
    } catch {
      return blind(bump, 'the submodule range cannot be read');
    }
    const inner = [...diff.files.map((f) => f.path), ...diff.submodules.map((s) => s.path)].sort();
    const here: SubmoduleBump = { ...bump, inspected: { commits, files: inner, rewound } };
    const files = diff.files.map((f) => prefixed(bump.path, f));
    const bumps = [here];
    for (const nested of diff.submodules) {
      const read = await readSubmodule(git, dir, nested, depth + 1);
      bumps.push(...read.bumps.map((b) => ({ ...b, path: `${bump.path}/${b.path}` })));
      files.push(...read.files.map((f) => prefixed(bump.path, f)));
    }
    return { bumps, files };
  } finally {
    opened.view.close();
  }
}

function prefixed(at: string, f: ChangedFile): ChangedFile {
  const inside = (p: string) =>
    p.startsWith('/') || p.startsWith('~') || p.startsWith('..') ? p : `${at}/${p}`;
  return {
    ...f,
    path: `${at}/${f.path}`,
    aliases: [f.path, ...(f.aliases ?? []).map(inside)],
    submodule: f.submodule === undefined ? at : `${at}/${f.submodule}`,
  };
}
