/**
 * `--changed`: keeps the units that changed (any of their files, or the unit path itself, is in the
 * changed set) and, with impact, the units a changed rule or instruction file is attached to, because a
 * reviewer has to see them again though they did not change. Pure.
 */

import type { Attachment, Unit } from '../types';

export function selectChanged(
  units: readonly Unit[],
  changed: ReadonlySet<string>,
  attachments: ReadonlyMap<string, readonly Attachment[]>,
  impact: boolean,
): Unit[] {
  return units.filter((u) => {
    if (changed.has(u.path) || u.files.some((f) => changed.has(f.path))) return true;
    if (!impact) return false;
    return (attachments.get(u.path) ?? []).some((a) => changed.has(a.path));
  });
}
