/**
 * Second names through symlinks of the head tree: when it holds a symlink `L` to a file `T` of the
 * repository, a changed `T` is also `L` (`CLAUDE.md` -> `docs/agent.md`); when `T` is a folder, a changed
 * file `T/x` is also `L/x` (`.claude` -> `docs/agent` makes `docs/agent/settings.json` the agent's settings). Adds those names to the changed files so they
 * are classified by both. At most MAX_TREE_LINKS symlinks are read; past that the reading is partial and
 * says so.
 */

import type { ChangedFile } from '../types';
import type { GitRunner } from './git-runner';
import { readBlobs } from './read-blobs';
import { resolveLink } from './read-diff';

export const MAX_TREE_LINKS = 500;

/** Adds aliases to `files` in place; returns reasons the reading was partial (gavel's words). */
export async function addTreeAliases(git: GitRunner, head: string, files: ChangedFile[]): Promise<string[]> {
  if (files.length === 0) return [];
  const tree = await git(['ls-tree', '-r', '-z', '--full-tree', head], '');
  if (!tree.ok) return ['the head tree cannot be listed: symlinked folders were not checked'];
  const links: { path: string; sha: string }[] = [];
  for (const entry of tree.stdout.split('\0')) {
    if (!entry.startsWith('120000 ')) continue;
    const tab = entry.indexOf('\t');
    const sha = entry.slice(0, tab).split(' ')[2];
    if (tab > 0 && sha) links.push({ path: entry.slice(tab + 1), sha });
  }
  if (links.length === 0) return [];
  const read = links.slice(0, MAX_TREE_LINKS);
  const targets = await readBlobs(
    git,
    read.map((l) => l.sha),
    4096,
  );
  const unread: string[] = [];
  if (links.length > read.length)
    unread.push(`${links.length} symlinks in the head tree: only the first ${MAX_TREE_LINKS} were followed`);
  const folders: { link: string; target: string }[] = [];
  for (const l of read) {
    const t = targets.get(l.sha);
    if (t === undefined) {
      unread.push('a symlink in the head tree could not be read');
      continue;
    }
    const target = resolveLink(l.path, t);
    if (target !== '' && !target.startsWith('/') && !target.startsWith('~') && !target.startsWith('..'))
      folders.push({ link: l.path, target });
  }
  for (const f of files) {
    for (const { link, target } of folders) {
      if (f.path === target) f.aliases = [...(f.aliases ?? []), link];
      else if (f.path.startsWith(`${target}/`)) {
        f.aliases = [...(f.aliases ?? []), `${link}${f.path.slice(target.length)}`];
      }
    }
  }
  return [...new Set(unread)];
}
