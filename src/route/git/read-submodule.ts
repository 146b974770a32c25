/**
 * Inspects a submodule bump: when the submodule is checked out and both commits are present, reads its
 * own commit range (how many commits, which files, whether the bump rewinds). Anything that cannot be
 * read leaves the bump `uninspectable` with a reason of gavel's own words: unknown risk, never low.
 */

import { join } from 'node:path';
import type { SubmoduleBump } from '../types';
import type { GitRunner } from './git-runner';

export async function readSubmodule(
  git: GitRunner,
  top: string,
  bump: SubmoduleBump,
): Promise<SubmoduleBump> {
  if (bump.newCommit === null) return { ...bump, inspected: { commits: 0, files: [], rewound: false } };
  const dir = join(top, bump.path);
  const own = await git(['rev-parse', '--show-toplevel'], dir);
  if (!own.ok || own.stdout.trim() !== dir) {
    return { ...bump, uninspectable: 'the submodule is not checked out' };
  }
  const hasNew = await git(['cat-file', '-e', `${bump.newCommit}^{commit}`], dir);
  if (!hasNew.ok) return { ...bump, uninspectable: 'the new submodule commit is not present (not fetched)' };
  if (bump.oldCommit === null) {
    const tree = await git(['ls-tree', '-r', '--name-only', '-z', bump.newCommit], dir);
    if (!tree.ok) return { ...bump, uninspectable: 'the new submodule tree cannot be read' };
    const count = await git(['rev-list', '--count', bump.newCommit], dir);
    return {
      ...bump,
      inspected: {
        commits: count.ok ? Number(count.stdout.trim()) : 0,
        files: split(tree.stdout),
        rewound: false,
      },
    };
  }
  const hasOld = await git(['cat-file', '-e', `${bump.oldCommit}^{commit}`], dir);
  if (!hasOld.ok) return { ...bump, uninspectable: 'the old submodule commit is not present (not fetched)' };
  const [count, diff, ancestor] = await Promise.all([
    git(['rev-list', '--count', `${bump.oldCommit}..${bump.newCommit}`], dir),
    git(
      [
        'diff',
        '--no-ext-diff',
        '--no-textconv',
        '--no-renames',
        '--name-only',
        '-z',
        bump.oldCommit,
        bump.newCommit,
      ],
      dir,
    ),
    git(['merge-base', '--is-ancestor', bump.oldCommit, bump.newCommit], dir),
  ]);
  if (!count.ok || !diff.ok) return { ...bump, uninspectable: 'the submodule range cannot be read' };
  return {
    ...bump,
    inspected: { commits: Number(count.stdout.trim()), files: split(diff.stdout), rewound: !ancestor.ok },
  };
}

const split = (out: string) => out.split('\0').filter((p) => p !== '');
