/**
 * `--changed`: keeps the units that changed (any of their files, the unit path itself, a file anywhere
 * inside a folder unit, or a changed folder holding the unit) and, with impact, the units a changed rule or
 * instruction file is attached to, because a reviewer has to see them again though they did not change.
 * An entry ending in `/` is a folder that changed as a whole (a submodule, an untracked folder; `/` alone is
 * the whole project). Pure; linear in the paths' lengths.
 */

import type { Attachment, Unit } from '../types';

/** `a/b/c` -> `a/b/c`, `a/b`, `a`, `` (the path and every folder above it). */
function selfAndAncestors(path: string): string[] {
  const out = [path];
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) out.push(path.slice(0, i));
  if (path !== '') out.push('');
  return out;
}

export function selectChanged(
  units: readonly Unit[],
  changed: ReadonlySet<string>,
  attachments: ReadonlyMap<string, readonly Attachment[]>,
  impact: boolean,
): Unit[] {
  const folders = new Set<string>();
  const above = new Set<string>();
  for (const c of changed) {
    const path = c.endsWith('/') ? c.slice(0, -1) : c;
    if (path !== c) folders.add(path);
    for (const a of selfAndAncestors(path).slice(1)) above.add(a);
  }
  const hit = (path: string) => changed.has(path) || selfAndAncestors(path).some((a) => folders.has(a));
  return units.filter((u) => {
    if (hit(u.path) || u.files.some((f) => changed.has(f.path))) return true;
    // A folder unit (a skill, a plugin's hooks): a changed file anywhere inside it, even where the walk
    // did not go (node_modules, past the depth limit), changes the unit.
    if (u.primary !== undefined && u.primary !== u.path && above.has(u.path)) return true;
    if (!impact) return false;
    return (attachments.get(u.path) ?? []).some((a) => hit(a.path));
  });
}
