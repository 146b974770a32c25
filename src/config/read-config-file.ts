/**
 * Reads one config file's text without ever blocking or reading without bound. A FIFO, socket, device
 * or directory named like a config file (directly or through a symlink) would otherwise block
 * readFileSync forever, and a blocked event loop cannot fire the hook's deadline: Claude Code would let
 * the call through. So: stat first (a non-regular file is never opened), open non-blocking, fstat the
 * descriptor (the check that matters: it sees what was actually opened), read at most MAX_CONFIG_BYTES.
 * Symlinks are followed: a symlinked config file may be legitimate (dotfile managers), and the target
 * must still be a regular file. Never parses, never says anything about the contents.
 */

import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import type { ConfigProblem } from './problem';

/** The largest config file read: 1 MiB. A larger one is a problem, never truncated. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export type FileRead =
  | { ok: true; text: string }
  | { ok: true; text: undefined }
  | { ok: false; problem: ConfigProblem };

function unreadable(file: string, error: unknown): FileRead {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  return { ok: false, problem: { file, keyPath: '', message: `cannot be read (${code})` } };
}

function notRegular(file: string): FileRead {
  return { ok: false, problem: { file, keyPath: '', message: 'is not a regular file' } };
}

function tooLarge(file: string): FileRead {
  return {
    ok: false,
    problem: { file, keyPath: '', message: `is larger than ${MAX_CONFIG_BYTES} bytes (1 MiB)` },
  };
}

/** The file's text; `text: undefined` when it does not exist; a problem when it cannot be used whole. */
export function readConfigFile(file: string): FileRead {
  try {
    const st = statSync(file);
    if (!st.isFile()) return notRegular(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, text: undefined };
    return unreadable(file, error);
  }
  let fd: number;
  try {
    // O_NONBLOCK: if the file was swapped for a FIFO since the stat, open returns at once instead of
    // waiting for a writer; the fstat below then refuses it.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, text: undefined };
    return unreadable(file, error);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return notRegular(file);
    if (st.size > MAX_CONFIG_BYTES) return tooLarge(file);
    // Read one byte past the cap, so a file that grew since the fstat is caught too.
    const buffer = Buffer.allocUnsafe(MAX_CONFIG_BYTES + 1);
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > MAX_CONFIG_BYTES) return tooLarge(file);
    }
    return { ok: true, text: buffer.toString('utf8', 0, length) };
  } catch (error) {
    return unreadable(file, error);
  } finally {
    closeSync(fd);
  }
}
