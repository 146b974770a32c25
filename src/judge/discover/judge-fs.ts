/**
 * The file-system view the judge is handed: lstat-style (a symlink is reported as one, never followed),
 * listing and reading by absolute path. The CLI passes a node:fs implementation; tests and the eval pass
 * `memoryFs`. Stages never import node:fs.
 */

export type EntryType = 'file' | 'dir' | 'symlink' | 'other';

export interface JudgeFs {
  /** undefined when nothing is there. Never follows a symlink. */
  stat(absPath: string): { type: EntryType; size: number } | undefined;
  /** Names in a directory, unsorted. */
  list(absPath: string): string[];
  read(absPath: string): Uint8Array;
  /** The target a symlink holds, as written; undefined when it is no symlink or cannot be read. */
  readlink?(absPath: string): string | undefined;
}

/**
 * An in-memory tree: `files` maps absolute paths to contents; `symlinks` lists absolute paths that are
 * links (or maps them to their targets); `special` lists FIFOs, sockets or devices (stat type `other`;
 * reading one throws).
 */
export function memoryFs(
  files: Readonly<Record<string, string | Uint8Array>>,
  symlinks: readonly string[] | Readonly<Record<string, string>> = [],
  special: readonly string[] = [],
): JudgeFs {
  const data = new Map<string, Uint8Array>();
  const dirs = new Map<string, Set<string>>();
  const targets = new Map<string, string>(Array.isArray(symlinks) ? [] : Object.entries(symlinks));
  const links = new Set(Array.isArray(symlinks) ? symlinks : Object.keys(symlinks));
  const addParents = (p: string) => {
    let child = p;
    for (;;) {
      const slash = child.lastIndexOf('/');
      const parent = slash <= 0 ? '/' : child.slice(0, slash);
      const set = dirs.get(parent) ?? new Set<string>();
      set.add(child.slice(slash + 1));
      dirs.set(parent, set);
      if (parent === '/') break;
      child = parent;
    }
  };
  for (const [p, content] of Object.entries(files)) {
    data.set(p, typeof content === 'string' ? new TextEncoder().encode(content) : content);
    addParents(p);
  }
  for (const l of links) addParents(l);
  const others = new Set(special);
  for (const o of others) addParents(o);
  return {
    stat(p) {
      if (links.has(p)) return { type: 'symlink', size: 0 };
      if (others.has(p)) return { type: 'other', size: 0 };
      const d = data.get(p);
      if (d) return { type: 'file', size: d.byteLength };
      if (dirs.has(p)) return { type: 'dir', size: 0 };
      return undefined;
    },
    list(p) {
      if (data.has(p) || others.has(p) || links.has(p)) throw new Error(`not a folder \`${p}\``);
      return [...(dirs.get(p) ?? [])];
    },
    read(p) {
      const d = data.get(p);
      if (!d) throw new Error(`no file \`${p}\``);
      return d;
    },
    readlink: (p) => targets.get(p),
  };
}
