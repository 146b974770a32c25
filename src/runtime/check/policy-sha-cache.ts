/**
 * Remembers the compiled policy's sha256 (the `policy.sha256` of every decision and audit line) per build and
 * content, so a hook call does not hash the canonical JSON of the 100 KB safe catalogue again: most of a hook's
 * start-up before this (docs/benchmarks.md). The key is the sha256 of the gavel build id, the sha256 of each
 * bundled rule file's bytes and the canonical JSON of the effective `[check]` config: everything the policy's hash is
 * computed from. One file per key under `<user state dir>/policy-hash/`, holding the key, the hash and a
 * checksum over both; a file that is not exactly that (truncated, edited, another key's) is ignored, the hash
 * computed again and the file rewritten. Never caches without a build id (running from source). Reading or
 * writing failing only costs time. Holds no config text: the file names the key and holds the hash alone.
 * Decides nothing: the hash only names the policy a decision was made under.
 */

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson, sha256Hex } from '../../core';

export const HASH_FOLDER = 'policy-hash';

const SHA256 = /^[0-9a-f]{64}$/;

/** The key of the policy compiled under `buildId` from these rule files (name and sha256 of the bytes) and `[check]`. */
export function policyShaKey(
  buildId: string,
  ruleFiles: readonly { name: string; sha256: string }[],
  check: unknown,
): string | undefined {
  let config: string;
  try {
    config = canonicalJson(check);
  } catch {
    return undefined;
  }
  const files = ruleFiles.map((f) => `${f.name}\n${f.sha256}`).join('\n');
  return sha256Hex(`${buildId}\n${files}\n${sha256Hex(config)}\npolicy sha256`);
}

const fileOf = (stateDir: string, key: string): string => join(stateDir, HASH_FOLDER, `${key}.json`);

/** The exact text remembered for `key`: the key, the policy hash, and a checksum over both. */
function entryText(key: string, sha: string): string {
  return `${JSON.stringify({ key, policy: sha, sum: sha256Hex(`${key}\n${sha}`) })}\n`;
}

/** The policy hash remembered under `key` by an intact entry, else undefined. */
export function rememberedPolicySha(stateDir: string, key: string): string | undefined {
  if (!SHA256.test(key)) return undefined;
  let text: string;
  try {
    text = readFileSync(fileOf(stateDir, key), 'utf8');
  } catch {
    return undefined;
  }
  const sha = /"policy":"([0-9a-f]{64})"/.exec(text)?.[1];
  return sha !== undefined && text === entryText(key, sha) ? sha : undefined;
}

/** Remembers the policy hash under `key`; atomically, since hooks run at once. Never throws. */
export function rememberPolicySha(stateDir: string, key: string, sha: string): void {
  if (!SHA256.test(key) || !SHA256.test(sha)) return;
  try {
    const file = fileOf(stateDir, key);
    mkdirSync(join(stateDir, HASH_FOLDER), { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, entryText(key, sha), { mode: 0o600 });
    renameSync(partial, file);
  } catch {
    // a read-only home: the policy is hashed on every load, as before
  }
}
