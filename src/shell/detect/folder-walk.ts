/**
 * A bounded walk of the files below folders, nearest folders first, through the surface's reader (one listing per
 * folder: the reader tells which entries are folders). What reads every file below a folder uses it: a recursive
 * search (secret-search.ts) and a reader given every file a lister found (`find . -type f | xargs cat`,
 * path-effects.ts). `.git` is never entered, nor generated folders (`node_modules`, `dist`, `.venv`: tools' output,
 * not where a project keeps its secrets), nor hidden ones unless the walker reads hidden files. The walks of one
 * analysis list at most MAX_FOLDER_LISTINGS folders together (a budget apart from the files it reads): a walk that
 * needs more, or meets a folder of more entries than the reader lists, is uncertain, since a secret in what it
 * could not list is not ruled out (`cut`). Pure apart from the injected reader.
 */

import { realOf } from '../classify/classify-path';
import { GENERATED_FOLDERS } from '../data/generated-folders';
import type { ScriptFile } from '../types';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { listBudgeted, MAX_FOLDER_LISTINGS } from './disk-scripts';
import { inFolder } from './project-file';

/** A listed folder's entries and which are folders; undefined when not a folder or unreadable (nothing below). */
function listed(
  folder: string,
  inv: Invocation,
  r: Reporter,
):
  | { entries: readonly string[]; folders: ReadonlySet<string>; links: ReadonlySet<string> }
  | 'cut'
  | undefined {
  const listing: ScriptFile | 'over' | undefined = listBudgeted(folder, r);
  if (listing === 'over' || (listing?.kind === 'unreadable' && listing.tooMany)) {
    cut(inv, r);
    return 'cut';
  }
  if (listing?.kind !== 'unreadable' || listing.why !== 'not-regular' || !listing.entries) return undefined;
  return {
    entries: listing.entries,
    folders: new Set(listing.folders ?? []),
    // A reader that does not tell links (`links` absent) may have given one: every entry is resolved then.
    links: listing.links === undefined ? ALL : new Set(listing.links),
  };
}

/** Stands for "every entry may be a link" (a reader that does not say). */
const ALL: ReadonlySet<string> = { has: () => true } as unknown as ReadonlySet<string>;

/**
 * Where a folder the walk reached really is: a root through the scope's resolver (undefined when it gives up or
 * has none: the entries below are each resolved then), a folder below a known one by its name (the walk enters
 * no link).
 */
function realRoot(root: string, r: Reporter): string | undefined {
  const real = realOf(root, r.scope);
  return real === null ? undefined : (real ?? root);
}

/**
 * The file's real path when the walk knows it without resolving (a non-link entry of a folder whose real path
 * is known); undefined: resolve it.
 */
const realEntry = (real: string | undefined, name: string, links: ReadonlySet<string>) =>
  real === undefined || links.has(name) ? undefined : inFolder(real, name);

/** A walk that could not list everything it reaches: a secret there is not ruled out. */
function cut(inv: Invocation, r: Reporter): void {
  r.uncertain(
    'too-large',
    `\`${inv.program}\` reaches more files than one review lists (${MAX_FOLDER_LISTINGS} folders of at most 2,048 entries): a secret among them is not ruled out`,
    inv.segment,
  );
}

/**
 * A file a walk reached: where it is, its name, its absolute path, and its real path when the walk knows it
 * without resolving (undefined: a link, or below a root the resolver gave up on; entryMayNameSecret resolves it).
 */
export type Visit = (folder: string, name: string, abs: string, real: string | undefined) => boolean;

/**
 * Calls `visit` with each file below `roots` until it answers true, which ends the walk; answers whether it did.
 * A root that is no folder is not visited.
 */
export function walkFiles(
  roots: readonly string[],
  hidden: boolean,
  inv: Invocation,
  r: Reporter,
  visit: Visit,
  follow = false,
): boolean {
  const queue: [string, string | undefined][] = roots.map((root) => [root, realRoot(root, r)]);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const [folder, real] = queue.shift() as [string, string | undefined];
    // A folder reached twice (through a link that follows back) is listed once.
    if (seen.has(folder) || (real !== undefined && seen.has(real))) continue;
    seen.add(folder);
    if (real !== undefined) seen.add(real);
    const listing = listed(folder, inv, r);
    if (listing === 'cut') return false;
    if (listing === undefined) continue;
    const { folders, links } = listing;
    for (const name of listing.entries) {
      if (name === '.git' || (!hidden && name.startsWith('.'))) continue;
      const abs = inFolder(folder, name);
      if (folders.has(name)) {
        if (!GENERATED_FOLDERS.includes(name))
          queue.push([abs, real === undefined ? undefined : inFolder(real, name)]);
        continue;
      }
      // A link followed (`grep -R`, `rg -L`) that leads to a folder is walked as the folder it leads to, whatever
      // it is named (`dist -> ~/.ssh`: a generated folder's name says nothing of where a link leads).
      if (follow && links.has(name)) {
        const target = listed(abs, inv, r);
        if (target === 'cut') return false;
        if (target !== undefined) {
          queue.push([abs, realRoot(abs, r)]);
          continue;
        }
      }
      if (visit(folder, name, abs, realEntry(real, name, links))) return true;
    }
  }
  return false;
}

/** Does a file name match a search glob (its last part; `*`, `?`, `[...]`)? Unreadable globs match. */
export function globMatches(glob: string, name: string): boolean {
  const last = glob.replace(/^.*\//, '') || '*';
  if (/[{\\]/.test(last)) return true;
  // POSIX classes inside brackets (`[[:alpha:]]`); a class not known makes the glob unreadable (it matches).
  let unknownClass = false;
  const classed = last.replace(/\[:(\w+):\]/g, (_all, n: string) => {
    const range = POSIX_CLASSES[n];
    if (range === undefined) unknownClass = true;
    return range ?? '';
  });
  if (unknownClass) return true;
  const body = classed
    .replace(/[.+^$()|]/g, '\\$&')
    .replaceAll('[!', '[^')
    .replaceAll('*', '.*')
    .replaceAll('?', '.');
  try {
    return new RegExp(`^${body}$`, 'i').test(name);
  } catch {
    return true;
  }
}

/** POSIX bracket classes as regular-expression ranges (globs here, grep's patterns in secret-search.ts). */
export const POSIX_CLASSES: Readonly<Record<string, string>> = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\s',
  blank: ' \\t',
  xdigit: '0-9a-fA-F',
  punct: '!-\\/:-@\\[-`{-~',
  print: ' -~',
  graph: '!-~',
  cntrl: '\\x00-\\x1f',
  word: '\\w',
};

const GLOB = /[*?[]/;

/**
 * Does the absolute glob `pattern` expand, on disk, to a file `test` accepts? A component with `*`, `?` or `[`
 * matches the entries of its folder (a hidden one only when the component starts with `.`); `**` matches any
 * depth, hidden folders too, and the component after it hidden names too (a lister's `root/**` names every file
 * find prints; for a shell glob that is more than bash expands, never less). Bounded and uncertain as walkFiles.
 */
export function globReaches(
  pattern: string,
  inv: Invocation,
  r: Reporter,
  test: (abs: string, name: string, real: string | undefined) => boolean,
): boolean {
  const parts = pattern.split('/').filter((p) => p !== '' && p !== '.');
  const first = parts.findIndex((p) => GLOB.test(p));
  if (!pattern.startsWith('/') || first < 0 || parts.includes('..')) return false;
  const start = `/${parts.slice(0, first).join('/')}`;
  const queue: [string, number, string | undefined][] = [[start, first, realRoot(start, r)]];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const [folder, i, real] = queue.shift() as [string, number, string | undefined];
    const key = `${i}:${folder}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const part = parts[i] as string;
    const last = i === parts.length - 1;
    if (part === '**') {
      // Zero folders: the rest matches here too; `./**` alone is every file below.
      if (last) {
        if (walkFiles([folder], true, inv, r, (_f, name, abs, realPath) => test(abs, name, realPath)))
          return true;
        continue;
      }
      queue.push([folder, i + 1, real]);
    }
    const listing = listed(folder, inv, r);
    if (listing === 'cut') return false;
    if (listing === undefined) continue;
    const { folders, links } = listing;
    const hidden = part.startsWith('.') || parts[i - 1] === '**' || part === '**';
    for (const name of listing.entries) {
      if (name === '.git' || (!hidden && name.startsWith('.'))) continue;
      const abs = inFolder(folder, name);
      const below = real === undefined ? undefined : inFolder(real, name);
      if (part === '**') {
        if (folders.has(name) && !GENERATED_FOLDERS.includes(name)) queue.push([abs, i, below]);
        continue;
      }
      if (GLOB.test(part) ? !globMatches(part, name) : name !== part) continue;
      if (last) {
        if (!folders.has(name) && test(abs, name, realEntry(real, name, links))) return true;
      } else if (folders.has(name)) queue.push([abs, i + 1, below]);
      // A component before the last goes through a link to a folder as bash's pathname expansion does (`cat */*`
      // beside `keys -> ~/.ssh`); a link to a file lists as nothing there.
      else if (links !== ALL && links.has(name)) queue.push([abs, i + 1, realRoot(abs, r)]);
    }
  }
  return false;
}

/** Folders a glob's parents may expand to before the delete is not judged folder by folder. */
const MAX_GLOB_PARENTS = 256;

/**
 * Whether every target of a recursive delete through an absolute glob is at or below a generated folder of a
 * workspace (`rm -rf packages/*\/node_modules`, `apps/*\/dist`, `packages/*\/dist/*`): the folders its parts before
 * the last expand to on disk are each resolved (a link among them, `packages/x -> ~`, carries the delete to where
 * it leads), and each with the last part must be generated by `isGenerated`. A dot entry is expanded too (a
 * shell with `dotglob` expands it). No reader or link resolver, `**`, `..`, a walk cut short or more than MAX_GLOB_PARENTS
 * folders: false (the caller keeps its answer). A glob that expands to nothing deletes nothing.
 */
export function globDeletesGenerated(
  pattern: string,
  inv: Invocation,
  r: Reporter,
  isGenerated: (path: string) => boolean,
): boolean {
  const parts = pattern.split('/').filter((p) => p !== '' && p !== '.');
  const first = parts.findIndex((p) => GLOB.test(p));
  if (!r.env.readScript || !r.env.realpath || !pattern.startsWith('/') || first < 0) return false;
  if (parts.includes('..') || parts.includes('**')) return false;
  const last = parts[parts.length - 1] as string;
  // A pattern part starting with `.` matches `..` in a shell without `globskipdots` (bash before 5.2): `.*/dist`
  // reaches the parent's `dist`. The listing never shows `..`, so such a walk is not judged.
  if (parts.slice(first, -1).some((p) => GLOB.test(p) && p.startsWith('.'))) return false;
  let level = [`/${parts.slice(0, first).join('/')}`];
  for (let i = first; i < parts.length - 1; i++) {
    const part = parts[i] as string;
    if (!GLOB.test(part)) {
      level = level.map((folder) => inFolder(folder, part));
      continue;
    }
    const next: string[] = [];
    for (const folder of level) {
      const listing = listed(folder, inv, r);
      if (listing === 'cut') return false;
      if (listing === undefined) continue;
      for (const name of listing.entries)
        if ((listing.folders.has(name) || listing.links.has(name)) && globMatches(part, name))
          next.push(inFolder(folder, name));
    }
    if (next.length > MAX_GLOB_PARENTS) return false;
    level = next;
  }
  return level.every((folder) => {
    const real = realRoot(folder, r);
    if (real === undefined) return false;
    return GLOB.test(last) ? isGenerated(real) : isGenerated(inFolder(real, last));
  });
}
