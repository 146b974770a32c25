/**
 * Joins a project-relative folder with a relative reference (`./skills/x`, `../shared/y`), the one way the
 * judge resolves manifest paths, symlink targets and instruction imports. Pure: text only, no file system.
 * A reference that climbs above the project root is undefined, never clamped.
 */

/** `folder` (segments, project-relative) joined with `ref`; undefined when `ref` leaves the project. */
export function joinRelative(folder: readonly string[], ref: string): string | undefined {
  const parts = [...folder];
  for (const seg of ref.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join('/');
}
