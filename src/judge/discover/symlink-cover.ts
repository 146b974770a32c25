/**
 * Whether a symlink found by the walk hides anything: a link whose target lies inside the project and is
 * reviewed under its own name (`AGENTS.md -> CLAUDE.md`, `.agents/skills -> ../skills`) is covered; any
 * other (a target outside the project, dangling, another link, a special file, or files that would be
 * units only through the link's name) is not, and stays not reviewed. The link is never followed for
 * reading; only its target's name is resolved. Pure over JudgeFs.
 */

import { joinRelative } from './join-relative';
import type { JudgeFs } from './judge-fs';
import { type Candidate, looksLikeUnit } from './layouts';
import { joinPath, walkTree } from './walk-tree';

/** The project-relative target of `link`, or undefined when it leaves the project or cannot be read. */
export function linkTarget(fs: JudgeFs, root: string, link: string): string | undefined {
  const raw = fs.readlink?.(joinPath(root, link));
  if (raw === undefined || raw === '' || raw.startsWith('/')) return undefined;
  return joinRelative(link.split('/').slice(0, -1), raw);
}

/** The target that reviews what `link` would show, or undefined when the link hides something. */
export function coveredTarget(
  fs: JudgeFs,
  root: string,
  link: string,
  units: readonly Candidate[],
  maxDepth: number,
): string | undefined {
  const target = linkTarget(fs, root, link);
  if (target === undefined || target === '') return undefined;
  const st = fs.stat(joinPath(root, target));
  const owned = (rel: string) => units.some((u) => u.rel === rel || rel.startsWith(`${u.rel}/`));
  if (st?.type === 'file') return owned(target) ? target : undefined;
  if (st?.type !== 'dir') return undefined;
  const tree = walkTree(fs, root, target, maxDepth);
  if (tree.symlinks.length + tree.special.length + tree.tooDeep.length + tree.unlisted.length > 0)
    return undefined;
  if (tree.pruned.length > 0 || target.split('/').some((s) => s === 'node_modules' || s === '.git'))
    return undefined;
  const virtual = (f: string) => `${link}${f.slice(target.length)}`;
  return tree.files.every((f) => owned(f) || !looksLikeUnit(virtual(f))) ? target : undefined;
}
