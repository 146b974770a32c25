/**
 * Appends one audit record to the decision log, safely with many processes writing at once.
 * Effect at the edge: the caller passes the path; this file touches only that file and its folder.
 * INVARIANT: a line is written with ONE write() on a descriptor opened with O_APPEND, so on a local
 * filesystem each line lands whole, after every line written before it, never interleaved with another.
 * A short write is an error, never retried (a second write could interleave with another process).
 * A long-lived writer (the decision service) keeps one descriptor per log open (at most MAX_OPEN_LOGS) instead
 * of opening the file per line; before each line the path is looked at again (lstat) and the descriptor is
 * dropped and the file opened afresh whenever the path no longer names that same regular file with the same
 * mode and owner (rotated, removed, replaced, made a symlink, made read-only). Writes are synchronous: a line is
 * in the file when the call returns, and nothing is buffered in this process. closeAuditLogs() closes them.
 */

import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  type Stats,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { IoError } from '../core';
import { type AuditRecord, formatAuditLine } from './audit-record';

/** The log is private to its user; its folder too when gavel creates it. */
export const AUDIT_FILE_MODE = 0o600;
export const AUDIT_DIR_MODE = 0o700;

// O_NOFOLLOW: a repository that plants the log as a symlink cannot make gavel append to another file.
// O_NONBLOCK: a planted FIFO fails at once instead of hanging the hook (no effect on regular files).
const FLAGS =
  constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;

function fail(file: string, what: string, error?: unknown): never {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const why = code ? ` (${code})` : '';
  // The message names the path and the errno, never the line.
  throw new IoError('audit-write', `cannot ${what} the audit log \`${file}\`${why}`, { cause: error });
}

/**
 * Creates the missing folders of `dir`, one level at a time. Not mkdirSync({ recursive: true }):
 * on Node 20 that spins forever where mkdir answers ENOENT under an existing parent (`/proc/self/x`),
 * which would hang a hook instead of failing it.
 */
function makeFolders(file: string, dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder, { mode: AUDIT_DIR_MODE });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') fail(file, 'create the folder of', error);
    }
  }
}

function openOnce(file: string): number {
  return openSync(file, FLAGS, AUDIT_FILE_MODE);
}

/** Opens the log for appending; creates its folder only when the first open says it is missing. */
function openLog(file: string): number {
  try {
    return openOnce(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') fail(file, code === 'ELOOP' ? 'follow a symlink at' : 'open', error);
  }
  makeFolders(file, dirname(file));
  try {
    return openOnce(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return fail(file, code === 'ELOOP' ? 'follow a symlink at' : 'open', error);
  }
}

/** The descriptors kept open, by path, with what the path named when each was opened. */
interface OpenLog {
  fd: number;
  dev: number;
  ino: number;
  mode: number;
  uid: number;
}
export const MAX_OPEN_LOGS = 8;
const openLogs = new Map<string, OpenLog>();

function sameFile(kept: OpenLog, now: Stats | undefined): boolean {
  return (
    now?.isFile() === true &&
    now.nlink > 0 &&
    now.dev === kept.dev &&
    now.ino === kept.ino &&
    now.mode === kept.mode &&
    now.uid === kept.uid
  );
}

function forget(file: string): void {
  const kept = openLogs.get(file);
  if (!kept) return;
  openLogs.delete(file);
  try {
    closeSync(kept.fd);
  } catch {
    // Already closed: nothing to release.
  }
}

/** A descriptor for `file` that still names the file at that path, opened afresh when it does not. */
function descriptorFor(file: string): number {
  const kept = openLogs.get(file);
  if (kept) {
    let now: Stats | undefined;
    try {
      now = lstatSync(file, { throwIfNoEntry: false });
    } catch {
      now = undefined;
    }
    if (sameFile(kept, now)) return kept.fd;
    forget(file);
  }
  const fd = openLog(file);
  let st: Stats;
  try {
    st = fstatSync(fd);
  } catch (error) {
    closeSync(fd);
    return fail(file, 'stat', error);
  }
  if (!st.isFile()) {
    closeSync(fd);
    fail(file, 'append to a non-file at');
  }
  if (openLogs.size >= MAX_OPEN_LOGS) {
    const oldest = openLogs.keys().next().value;
    if (oldest !== undefined) forget(oldest);
  }
  openLogs.set(file, { fd, dev: st.dev, ino: st.ino, mode: st.mode, uid: st.uid });
  return fd;
}

/** Writes one already formatted line (see formatAuditLine). */
export function appendAuditLine(file: string, line: string): void {
  if (!line.endsWith('\n') || line.indexOf('\n') !== line.length - 1) {
    throw new IoError('audit-write', 'an audit line must be exactly one line ending in a newline');
  }
  const bytes = Buffer.from(line, 'utf8');
  const fd = descriptorFor(file);
  let written: number;
  try {
    written = writeSync(fd, bytes, 0, bytes.length);
  } catch (error) {
    forget(file);
    fail(file, 'write to', error);
  }
  if (written !== bytes.length) {
    forget(file);
    fail(file, `write all ${bytes.length} bytes (wrote ${written}) to`);
  }
}

/** Closes every log kept open (a service's shutdown). The next line opens its file again. */
export function closeAuditLogs(): void {
  for (const file of [...openLogs.keys()]) forget(file);
}

/** How many logs are kept open now (tests). */
export function openAuditLogCount(): number {
  return openLogs.size;
}

/** Formats and appends one record. Throws IoError when the log cannot take it. */
export function appendRecord(file: string, record: AuditRecord): void {
  appendAuditLine(file, formatAuditLine(record));
}
