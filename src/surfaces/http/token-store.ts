/**
 * The bearer tokens of `gavel serve`: a name and the sha256 of a secret, kept in the user's config folder
 * (`serve-tokens.json`, mode 0600), never the secret. `gavel serve token add NAME` makes a secret, stores its
 * hash and prints it once; GAVEL_SERVE_TOKEN holds one secret for a single-user setup (named `env`).
 * Reads and writes that one file; checks a presented secret in constant time over hashes.
 */

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const TOKENS_FILE = 'serve-tokens.json';
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;
const HEX64 = /^[0-9a-f]{64}$/;

export interface StoredToken {
  name: string;
  sha256: string;
}

export type TokenFile = { ok: true; tokens: StoredToken[] } | { ok: false; problem: string };

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const isTokenName = (name: string): boolean => NAME.test(name);

export function tokensPath(configDir: string): string {
  return join(configDir, TOKENS_FILE);
}

/** The stored tokens; a missing file is none. A file that does not read as expected is refused whole. */
export function readTokens(file: string): TokenFile {
  if (!existsSync(file)) return { ok: true, tokens: [] };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return { ok: false, problem: `\`${file}\` cannot be read as JSON` };
  }
  const list = (json as { tokens?: unknown } | null)?.tokens;
  if (!Array.isArray(list)) return { ok: false, problem: `\`${file}\`: \`tokens\` must be a list` };
  const tokens: StoredToken[] = [];
  for (const [i, t] of list.entries()) {
    const { name, sha256 } = (t ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !NAME.test(name) || typeof sha256 !== 'string' || !HEX64.test(sha256))
      return {
        ok: false,
        problem: `\`${file}\`: token ${i + 1} needs a \`name\` and a \`sha256\` of 64 hex digits`,
      };
    tokens.push({ name, sha256 });
  }
  return { ok: true, tokens };
}

/** Adds (or replaces) the token `name` and returns its secret, which is stored nowhere. */
export function addToken(
  file: string,
  name: string,
): { ok: true; secret: string } | { ok: false; problem: string } {
  if (!NAME.test(name))
    return {
      ok: false,
      problem: `token name \`${name}\` must be letters, digits, \`.\`, \`_\` or \`-\` (up to 32)`,
    };
  const read = readTokens(file);
  if (!read.ok) return read;
  const secret = `gvl_${randomBytes(32).toString('base64url')}`;
  const tokens = [...read.tokens.filter((t) => t.name !== name), { name, sha256: hashSecret(secret) }];
  tokens.sort((a, b) => a.name.localeCompare(b.name));
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ tokens }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
  return { ok: true, secret };
}

/** Removes the token `name`; false when there was none. */
export function removeToken(
  file: string,
  name: string,
): { ok: true; removed: boolean } | { ok: false; problem: string } {
  const read = readTokens(file);
  if (!read.ok) return read;
  const tokens = read.tokens.filter((t) => t.name !== name);
  if (tokens.length === read.tokens.length) return { ok: true, removed: false };
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ tokens }, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
  return { ok: true, removed: true };
}

/** The tokens in force: the file's, and GAVEL_SERVE_TOKEN's as `env`. */
export function tokensInForce(stored: readonly StoredToken[], envSecret: string | undefined): StoredToken[] {
  const secret = envSecret?.trim();
  return secret ? [...stored, { name: 'env', sha256: hashSecret(secret) }] : [...stored];
}

/** The name of the token whose secret this is, or undefined. Every stored hash is compared (constant time). */
export function tokenNamed(tokens: readonly StoredToken[], secret: string): string | undefined {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  let found: string | undefined;
  for (const t of tokens) {
    if (timingSafeEqual(presented, Buffer.from(t.sha256, 'hex')) && found === undefined) found = t.name;
  }
  return found;
}
