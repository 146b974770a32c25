/**
 * What the app-boot readers (rails-boot.ts, laravel-boot.ts) share: how many boot files one review follows, the
 * uncertainty they report, and the listing of a folder's source files a framework loads whole. Pure apart from
 * the injected reader and reporting; never quotes a file.
 */

import { posix } from 'node:path';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { folderNames } from './config-modules';
import { projectFile } from './project-file';
import { loadedProjectCode } from './test-bootstraps';

/** Boot files (and migrations, seeds) followed per command. */
export const MAX_BOOT = 64;

/** Reports a boot the review cannot clear: uncertain, the command kept for review. */
export const bootUncertain = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

/**
 * The files ending in `ext` of a folder and its subfolders (up to `deep` levels below), in sorted order, pushed
 * onto `out` until it holds more than MAX_BOOT; false when a folder that exists cannot be listed.
 */
export function filesBelow(
  dir: string,
  ext: string,
  deep: number,
  inv: Invocation,
  r: Reporter,
  out: string[],
  depth = 0,
): boolean {
  const names = folderNames(dir, inv, r);
  if (names === undefined) return projectFile(dir, inv, r).kind === 'missing';
  for (const name of [...names].sort()) {
    if (out.length > MAX_BOOT) return true;
    const path = posix.join(dir, name);
    if (name.endsWith(ext)) out.push(path);
    else if (depth < deep && !name.includes('.') && !filesBelow(path, ext, deep, inv, r, out, depth + 1))
      return false;
  }
  return true;
}

/**
 * Reads the files an app loads as it boots for code reaching the system (`reaches`); more than MAX_BOOT of them is
 * uncertain as a whole (`tooMany` says what they are).
 */
export function readBoot(
  language: 'php' | 'ruby',
  files: readonly string[],
  reaches: RegExp,
  tooMany: string,
  inv: Invocation,
  r: Reporter,
): void {
  if (files.length > MAX_BOOT) {
    bootUncertain(inv, r, `boots an app with more ${tooMany} than one review follows`);
    return;
  }
  loadedProjectCode(language, files, 'file the app loads as it boots', inv, r, {
    reaches,
    max: MAX_BOOT,
    before: 'the command runs',
  });
}
