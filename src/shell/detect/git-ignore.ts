/**
 * Git's ignore rules as gavel reads them: a folder's and the repository's `.gitignore`, `.git/info/exclude` and the
 * user's `~/.config/git/ignore`, each line a name or a simple glob. A pattern gavel cannot read (brackets, braces,
 * escapes) ignores nothing, and its negation may apply: a file is never taken for ignored when gavel cannot tell.
 * Pure apart from the injected reader (through the per-analysis budget).
 */

import { posix } from 'node:path';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { readBudgeted } from './disk-scripts';
import { foldersUp, inFolder } from './project-file';

/** A gitignore line as a test of a file's name (its path relative to the ignore file's folder), or undefined. */
function ignoreTest(line: string): { negate: boolean; test: (rel: string) => boolean } | undefined {
  let t = line.replace(/\s+$/, '');
  if (t === '' || t.startsWith('#')) return undefined;
  const negate = t.startsWith('!');
  if (negate) t = t.slice(1);
  const anchored = t.startsWith('/') || t.slice(0, -1).includes('/');
  t = t.replace(/^\//, '').replace(/\/$/, '');
  if (t === '' || /[\\[\]{}]/.test(t)) return { negate, test: () => negate };
  const body = t
    .split('**/')
    .map((part) =>
      part
        .replace(/[.+^$()|]/g, '\\$&')
        .replaceAll('*', '[^/]*')
        .replaceAll('?', '[^/]'),
    )
    .join('(?:.*/)?');
  const re = new RegExp(anchored ? `^${body}(?:/.*)?$` : `(?:^|/)${body}(?:/.*)?$`);
  return { negate, test: (rel) => re.test(rel) };
}

/** Does an ignore file's text ignore `rel` (relative to its folder)? The last matching line decides. */
export function ignoredBy(text: string, rel: string): boolean {
  let ignored = false;
  for (const line of text.split(/\r?\n/)) {
    const t = ignoreTest(line);
    if (t?.test(rel)) ignored = !t.negate;
  }
  return ignored;
}

/** The texts of the ignore files that apply to `folder` of the repository at `top`, each with its own folder. */
export function ignoreFiles(top: string, folder: string, inv: Invocation, r: Reporter): [string, string][] {
  const out: [string, string][] = [];
  const add = (dir: string, path: string) => {
    const f = readBudgeted(path, inv, r);
    if (f?.kind === 'text') out.push([dir, f.text]);
  };
  add(top, posix.join(r.scope.home, '.config', 'git', 'ignore'));
  add(top, inFolder(inFolder(top, '.git'), 'info/exclude'));
  const chain = [...foldersUp(folder)].filter((d) => d === top || d.startsWith(`${top}/`)).reverse();
  for (const dir of chain) add(dir, inFolder(dir, '.gitignore'));
  return out;
}

/** The top of the work tree `folder` is in (the nearest folder up holding `.git`), or undefined. */
export function repositoryTop(folder: string, inv: Invocation, r: Reporter): string | undefined {
  return [...foldersUp(folder)].find((d) => readBudgeted(inFolder(d, '.git'), inv, r)?.kind !== 'missing');
}

/** Does an ignore rule of the repository `folder` is in cover `abs` (a file of that folder)? */
export function gitIgnored(abs: string, folder: string, inv: Invocation, r: Reporter): boolean {
  const top = repositoryTop(folder, inv, r);
  if (top === undefined) return false;
  return ignoreFiles(top, folder, inv, r).some(([dir, text]) => ignoredBy(text, posix.relative(dir, abs)));
}
