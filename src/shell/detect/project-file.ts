/**
 * A project file a runner reads to decide what to run (`package.json`, `Makefile`, `justfile`, `conftest.py`):
 * its text as this command line leaves it (written earlier in the line with literal content) or as the surface's
 * reader finds it on disk, within the analysis's read budget. Reports the uncertainty when the text cannot be
 * known (written here with content not shown, changed by an earlier command, not a regular file, too large).
 * Never parses the file and never quotes it. Pure apart from the injected reader and reporting.
 */

import { posix } from 'node:path';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { changedEarlier, mayChange, readBudgeted, unreadable } from './disk-scripts';
import { writtenScript } from './written-scripts';

export type ProjectFile =
  | { kind: 'text'; text: string }
  /** Not there (the runner looks elsewhere or fails). */
  | { kind: 'missing' }
  /** Its text cannot be known; the uncertainty is reported. */
  | { kind: 'unknown' }
  /** No reader: the analysis is pure and judges the command by its name. */
  | { kind: 'unread' };

/** The text the runner `inv` would read at the absolute `path`. */
export function projectFile(path: string, inv: Invocation, r: Reporter): ProjectFile {
  const written = writtenScript(path, r);
  if (written.found) {
    if (written.content !== undefined) return { kind: 'text', text: written.content };
    r.uncertain(
      'dynamic-script',
      `\`${inv.program}\` runs what a file this command writes says, with content not shown`,
      inv.segment,
      'kept',
    );
    return { kind: 'unknown' };
  }
  if (!r.env.readScript) return { kind: 'unread' };
  const file = readBudgeted(path, inv, r);
  if (!file) return { kind: 'unknown' };
  if (changedEarlier(path, inv, r)) {
    mayChange(inv, r);
    return { kind: 'unknown' };
  }
  if (file.kind === 'missing') return file;
  if (file.kind === 'unreadable') {
    unreadable(file, inv, r);
    return { kind: 'unknown' };
  }
  return { kind: 'text', text: file.text.replaceAll('\u0000', '') };
}

/** The folders from `dir` up to `/`, nearest first (`/a/b` → `/a/b`, `/a`, `/`). */
export function foldersUp(dir: string): string[] {
  const out: string[] = [];
  let d = dir.replace(/\/+$/, '') || '/';
  for (;;) {
    out.push(d);
    if (d === '/') return out;
    d = d.slice(0, d.lastIndexOf('/')) || '/';
  }
}

/**
 * `rel` resolved from the folder `base` as the operating system follows it: before each `..` the path so far has its
 * symbolic links resolved (`link/../x` is beside where `link` points, not `base/x`). Undefined when a link cannot be
 * resolved; without the surface's resolver, lexically.
 */
export function followedPath(base: string, rel: string, r: Reporter): string | undefined {
  const parts = rel.split('/');
  const realpath = r.env.realpath;
  if (!parts.includes('..') || !realpath) return posix.resolve(base, rel);
  let at = rel.startsWith('/') ? '/' : base;
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      const real = realpath(at);
      if (!real) return undefined;
      at = posix.dirname(real);
    } else at = inFolder(at, part);
  }
  return at;
}

/** `dir` + `/` + `name`, for absolute folders. */
export function inFolder(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

/** The folder a runner works in is known only at run time (after a dynamic `cd`). */
export function unknownFolder(inv: Invocation, r: Reporter): void {
  r.uncertain(
    'dynamic-script',
    `\`${inv.program}\` runs project scripts from a folder known only at run time`,
    inv.segment,
  );
}
