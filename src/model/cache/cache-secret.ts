/**
 * The per-user secret that authenticates cache entries: 32 random bytes, created 0600 on first use in
 * the cache directory (itself 0700). A secret file that others can read or that another user owns is
 * refused, and the cache is not used: an attacker who can read it could forge entries.
 */

import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export type SecretResult = { ok: true; secret: Buffer } | { ok: false; problem: string };

export const SECRET_FILE = 'secret.key';

export function loadCacheSecret(dir: string): SecretResult {
  const path = join(dir, SECRET_FILE);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, randomBytes(32).toString('hex'));
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const stat = statSync(path);
    if ((stat.mode & 0o077) !== 0)
      return { ok: false, problem: `cache secret \`${path}\` is readable by others` };
    if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) {
      return { ok: false, problem: `cache secret \`${path}\` belongs to another user` };
    }
    const hex = readFileSync(path, 'utf8').trim();
    if (!/^[0-9a-f]{64}$/.test(hex)) return { ok: false, problem: `cache secret \`${path}\` is malformed` };
    return { ok: true, secret: Buffer.from(hex, 'hex') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return { ok: false, problem: `cache secret \`${path}\` could not be used (${code})` };
  }
}
