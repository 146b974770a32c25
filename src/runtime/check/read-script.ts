/**
 * The script reader for shell analysis (ShellEnv.readScript): the text of a script file a shell is about to run,
 * only when it is a regular file of at most 256 KiB. Reads the file system; decides nothing. Never blocks: a
 * FIFO, device or folder is never read (stat first, then opened with O_NONBLOCK and checked again with fstat).
 * Never throws. A folder is not read but listed (its entry names, bounded), for runners that expand workspace
 * patterns. The text it returns is untrusted: callers never log it.
 */

import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import type { ShellEnv } from '../../shell';

type ScriptFile = ReturnType<NonNullable<ShellEnv['readScript']>>;

/** Larger scripts are not read (the analysis marks their run uncertain). */
export const MAX_SCRIPT_BYTES = 256 * 1024;
/** Bytes read of a larger file: enough for its `#!` line or a program's magic number. */
const HEAD_BYTES = 256;

function gone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function readUpTo(fd: number, max: number): Buffer {
  const buf = Buffer.alloc(max);
  let n = 0;
  while (n < max) {
    const k = readSync(fd, buf, n, max - n, n);
    if (k === 0) break;
    n += k;
  }
  return buf.subarray(0, n);
}

/** Entries of a folder listed for a runner's workspace patterns (`packages/*`): more are not listed. */
export const MAX_FOLDER_ENTRIES = 2048;

/**
 * A folder's entry names and which of them are folders (a symlink is not: recursive searches do not follow one),
 * when it has at most MAX_FOLDER_ENTRIES; `tooMany` when more, nothing when unreadable.
 */
function folderEntries(abs: string): {
  entries?: readonly string[];
  folders?: readonly string[];
  links?: readonly string[];
  tooMany?: true;
} {
  try {
    const dirents = readdirSync(abs, { withFileTypes: true });
    if (dirents.length > MAX_FOLDER_ENTRIES) return { tooMany: true };
    return {
      entries: dirents.map((d) => d.name).sort(),
      folders: dirents
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort(),
      links: dirents
        .filter((d) => d.isSymbolicLink())
        .map((d) => d.name)
        .sort(),
    };
  } catch {
    return {};
  }
}

export function readScriptFile(abs: string): ScriptFile {
  if (!abs.startsWith('/')) return { kind: 'unreadable', why: 'error' };
  try {
    // Opening some devices has effects of its own: anything but a regular file is not even opened.
    // throwIfNoEntry: a missing file (the common case) is an answer, not an exception built and caught.
    const stat = statSync(abs, { throwIfNoEntry: false });
    if (stat === undefined) return { kind: 'missing' };
    if (stat.isDirectory()) return { kind: 'unreadable', why: 'not-regular', ...folderEntries(abs) };
    if (!stat.isFile()) return { kind: 'unreadable', why: 'not-regular' };
  } catch (error) {
    return gone(error) ? { kind: 'missing' } : { kind: 'unreadable', why: 'error' };
  }
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    return gone(error) ? { kind: 'missing' } : { kind: 'unreadable', why: 'error' };
  }
  try {
    // INVARIANT: checked on the open file too, so a file swapped for a FIFO after the stat is still not read.
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { kind: 'unreadable', why: 'not-regular' };
    if (stat.size > MAX_SCRIPT_BYTES)
      return { kind: 'unreadable', why: 'too-large', head: readUpTo(fd, HEAD_BYTES).toString('latin1') };
    const bytes = readUpTo(fd, MAX_SCRIPT_BYTES + 1);
    if (bytes.length > MAX_SCRIPT_BYTES)
      return { kind: 'unreadable', why: 'too-large', head: bytes.subarray(0, HEAD_BYTES).toString('latin1') };
    return { kind: 'text', text: bytes.toString('utf8') };
  } catch {
    return { kind: 'unreadable', why: 'error' };
  } finally {
    try {
      closeSync(fd);
    } catch {
      // Nothing was written through it: a failed close loses nothing.
    }
  }
}
