/**
 * Whether an absolute, normalized path is a root or inside it: the one containment test every capability uses
 * (path classes, workspace roots, writable folders). Pure string arithmetic; never touches the file system.
 */

export function isUnder(path: string, root: string): boolean {
  const r = root.length > 1 && root.endsWith('/') ? root.slice(0, -1) : root;
  return r === '/' || path === r || path.startsWith(`${r}/`);
}
