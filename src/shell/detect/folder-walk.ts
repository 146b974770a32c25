/**
 * A bounded walk of the files below folders, nearest folders first, through the surface's reader (one listing per
 * folder: the reader tells which entries are folders). What reads every file below a folder uses it: a recursive
 * search (secret-search.ts) and a reader given every file a lister found (`find . -type f | xargs cat`,
 * path-effects.ts). `.git` is never entered, nor generated folders (`node_modules`, `dist`, `.venv`: tools' output,
 * not where a project keeps its secrets), nor hidden ones unless the walker reads hidden files. At most
 * MAX_WALK_FOLDERS folders are listed, and the walk stops rather than leave the rest of the analysis fewer than
 * READ_MARGIN reads: a file deeper in a larger tree, or in a folder of more than 256 entries, is not seen (known
 * limit). Pure apart from the injected reader.
 */

import { GENERATED_FOLDERS } from '../data/generated-folders';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { readBudgeted, readsLeft } from './disk-scripts';
import { inFolder } from './project-file';

export const MAX_WALK_FOLDERS = 32;
const READ_MARGIN = 48;

/**
 * Calls `visit` with each file below `roots` (its folder, name and absolute path) until it answers true, which ends
 * the walk; answers whether it did. A root that is no folder is not visited.
 */
export function walkFiles(
  roots: readonly string[],
  hidden: boolean,
  inv: Invocation,
  r: Reporter,
  visit: (folder: string, name: string, abs: string) => boolean,
): boolean {
  const queue = [...roots];
  const seen = new Set<string>();
  for (let listed = 0; queue.length > 0 && listed < MAX_WALK_FOLDERS && readsLeft(r) > READ_MARGIN; ) {
    const folder = queue.shift() as string;
    if (seen.has(folder)) continue;
    seen.add(folder);
    const listing = readBudgeted(folder, inv, r);
    if (listing?.kind !== 'unreadable' || listing.why !== 'not-regular' || !listing.entries) continue;
    listed++;
    const folders = new Set(listing.folders ?? []);
    for (const name of listing.entries) {
      if (name === '.git' || (!hidden && name.startsWith('.'))) continue;
      const abs = inFolder(folder, name);
      if (folders.has(name)) {
        if (!GENERATED_FOLDERS.includes(name)) queue.push(abs);
      } else if (visit(folder, name, abs)) return true;
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
 * find prints; for a shell glob that is more than bash expands, never less). Bounded as walkFiles is.
 */
export function globReaches(
  pattern: string,
  inv: Invocation,
  r: Reporter,
  test: (abs: string, name: string) => boolean,
): boolean {
  const parts = pattern.split('/').filter((p) => p !== '' && p !== '.');
  const first = parts.findIndex((p) => GLOB.test(p));
  if (!pattern.startsWith('/') || first < 0 || parts.includes('..')) return false;
  const queue: [string, number][] = [[`/${parts.slice(0, first).join('/')}`, first]];
  const seen = new Set<string>();
  for (let listed = 0; queue.length > 0 && listed < MAX_WALK_FOLDERS && readsLeft(r) > READ_MARGIN; ) {
    const [folder, i] = queue.shift() as [string, number];
    const key = `${i}:${folder}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const part = parts[i] as string;
    const last = i === parts.length - 1;
    if (part === '**') {
      // Zero folders: the rest matches here too; `./**` alone is every file below.
      if (last) {
        if (walkFiles([folder], true, inv, r, (_f, name, abs) => test(abs, name))) return true;
        continue;
      }
      queue.push([folder, i + 1]);
    }
    const listing = readBudgeted(folder, inv, r);
    if (listing?.kind !== 'unreadable' || listing.why !== 'not-regular' || !listing.entries) continue;
    listed++;
    const folders = new Set(listing.folders ?? []);
    const hidden = part.startsWith('.') || parts[i - 1] === '**' || part === '**';
    for (const name of listing.entries) {
      if (name === '.git' || (!hidden && name.startsWith('.'))) continue;
      const abs = inFolder(folder, name);
      if (part === '**') {
        if (folders.has(name) && !GENERATED_FOLDERS.includes(name)) queue.push([abs, i]);
        continue;
      }
      if (GLOB.test(part) ? !globMatches(part, name) : name !== part) continue;
      if (last) {
        if (!folders.has(name) && test(abs, name)) return true;
      } else if (folders.has(name)) queue.push([abs, i + 1]);
    }
  }
  return false;
}
