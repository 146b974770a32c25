/**
 * The sha256 of gavel's own files (the hook bundle, the bundled rule files) without hashing their bytes on every
 * hook call: a stamp file beside the bundle remembers, per file, the stat signature under which its bytes were
 * hashed (device, inode, size, mtime and ctime in nanoseconds). A file whose signature matches is given the
 * remembered digest; any other is hashed as before. Hashing these ~1 MB is what loaded `node:crypto` into every
 * hook call, and with it the whole stream stack (docs/decisions/0052-hook-cold-start-without-crypto.md).
 *
 * Why a signature stands for the bytes: every write to a file sets its ctime to the current time, and no system
 * call sets ctime back (`utimes` sets only atime and mtime). A stamp is written only for a file whose ctime is
 * more than SETTLED_MS in the past when it is read (git's "racily clean" rule): a write after that read gets a
 * later ctime even on a file system whose clock ticks coarsely, so a signature can never name bytes other than
 * those hashed. The signature is taken after the bytes are read, so a write during the read shows too.
 *
 * Trust: the stamp lives in gavel's own folder (dist/), beside the V8 code cache, which is executable code
 * already; whoever can write there can change gavel itself. It is never read from a user-writable state folder.
 * A stamp that cannot be read, parsed or written only costs the hashing. Bundled alone into
 * dist/verified-hash.cjs for bin/gavel (scripts/build.mjs), so it imports node:fs and nothing else.
 */

import { closeSync, fstatSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

/** How old a file's last change must be before its signature is remembered. */
export const SETTLED_MS = 2_000;

/** At most this many files are remembered in one stamp (gavel stamps five). */
const MAX_ENTRIES = 64;

const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface VerifiedRead {
  bytes: Buffer;
  sha256: string;
}

export interface Stamps {
  /** `file`'s bytes and their sha256: remembered when its signature matches the stamp, else hashed. Throws as readFileSync does. */
  read(file: string): VerifiedRead;
  /** Writes the stamp when a settled file was hashed (through a temporary file and a rename). Never throws. */
  save(): void;
}

interface Signed {
  signature: string;
  /** ctime in milliseconds, for the settled test. */
  changedMs: number;
}

function signatureOf(fd: number): Signed {
  const s = fstatSync(fd, { bigint: true });
  return {
    signature: `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`,
    changedMs: Number(s.ctimeNs / 1_000_000n),
  };
}

/** The stamp's entries: file -> "<signature> <sha256>". Anything malformed is an empty stamp. */
function readStamp(stampFile: string): Map<string, string> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(stampFile, 'utf8'));
    const files = (parsed as { v?: unknown; files?: unknown } | null)?.files;
    if ((parsed as { v?: unknown }).v !== 1 || typeof files !== 'object' || files === null) return new Map();
    const out = new Map<string, string>();
    for (const [file, entry] of Object.entries(files)) if (typeof entry === 'string') out.set(file, entry);
    return out;
  } catch {
    return new Map();
  }
}

/**
 * Stamps kept in `stampFile` (undefined: none, every read is hashed). `hash` is the sha256 of bytes as hex;
 * `nowMs` the wall clock (for the settled test).
 */
export function openStamps(
  stampFile: string | undefined,
  hash: (bytes: Buffer) => string,
  nowMs: () => number = Date.now,
): Stamps {
  let entries: Map<string, string> | undefined;
  let changed = false;
  return {
    read(file) {
      const fd = openSync(file, 'r');
      let bytes: Buffer;
      let signed: Signed;
      try {
        bytes = readFileSync(fd);
        signed = signatureOf(fd);
      } finally {
        closeSync(fd);
      }
      if (stampFile === undefined) return { bytes, sha256: hash(bytes) };
      entries ??= readStamp(stampFile);
      const known = entries.get(file);
      const space = known?.lastIndexOf(' ') ?? -1;
      if (known && known.slice(0, space) === signed.signature) {
        const sha256 = known.slice(space + 1);
        if (SHA256_HEX.test(sha256)) return { bytes, sha256 };
      }
      const sha256 = hash(bytes);
      if (signed.changedMs < nowMs() - SETTLED_MS && entries.size < MAX_ENTRIES) {
        entries.set(file, `${signed.signature} ${sha256}`);
        changed = true;
      }
      return { bytes, sha256 };
    },
    save() {
      if (!changed || stampFile === undefined || entries === undefined) return;
      changed = false;
      const partial = `${stampFile}.${process.pid}.tmp`;
      try {
        writeFileSync(partial, `${JSON.stringify({ v: 1, files: Object.fromEntries(entries) })}\n`, {
          mode: 0o644,
        });
        renameSync(partial, stampFile);
      } catch {
        // a read-only installation: hash again next time
        rmSync(partial, { force: true });
      }
    },
  };
}
