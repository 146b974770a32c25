/**
 * Remembers checks that passed, so they run once per build and content, not on every hook call (issue 18): the
 * `match`/`not_match` examples of a config's argument rules (a repository `gavel.toml` with many examples). One
 * file per key under `<user state dir>/policy-cache/`: the key is the sha256 of the gavel build id, the bundled
 * rule files' hashes and the effective `[check]` config (everything the examples' outcome depends on). Only a pass is
 * remembered; a file that is not exactly the one this module writes for its key (truncated, edited, another
 * key's) is ignored, and the examples are checked again and the file rewritten. Never caches anything when
 * there is no build id (running from source). Reading or writing failing only costs time.
 * Holds no config text: the file names and holds the key alone.
 */

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentHash, sha256Hex } from '../../core';

export const CACHE_FOLDER = 'policy-cache';

/** The key for examples checked under `buildId` with these rule files and `[check]` config. */
export function examplesCacheKey(buildId: string, ruleFiles: readonly unknown[], check: unknown): string {
  return contentHash({ build: buildId, ruleFiles, check, what: 'check.rules examples' });
}

const fileOf = (stateDir: string, key: string): string => join(stateDir, CACHE_FOLDER, `${key}.json`);

/** The exact text remembered for `key`: the key, the verdict, and a checksum over both. */
function entryText(key: string): string {
  return `${JSON.stringify({ key, examples: 'ok', sum: sha256Hex(`${key}\nok`) })}\n`;
}

/** True when the examples under `key` are remembered as passed, by an intact entry. */
export function examplesPassed(stateDir: string, key: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(key)) return false;
  try {
    return readFileSync(fileOf(stateDir, key), 'utf8') === entryText(key);
  } catch {
    return false;
  }
}

/** Remembers that the examples under `key` passed; atomically, since hooks run at once. Never throws. */
export function rememberExamplesPassed(stateDir: string, key: string): void {
  if (!/^[0-9a-f]{64}$/.test(key)) return;
  try {
    const file = fileOf(stateDir, key);
    mkdirSync(join(stateDir, CACHE_FOLDER), { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, entryText(key), { mode: 0o600 });
    renameSync(partial, file);
  } catch {
    // a read-only home: the examples are checked on every load, as before
  }
}
