/**
 * Reads the last records of a decision log, newest last, reading the file from its end.
 * Effect at the edge: reads only the file it is given. A line that is not a whole, valid record
 * (a torn last line after a crash, another format version, garbage) is counted, never returned
 * or printed: its text may be anything.
 */

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { type Capability, IoError, type Outcome, type Verdict } from '../core';
import type { AuditRecord } from './audit-record';
import { parseAuditLine } from './parse-audit-line';

export interface RecordFilter {
  surface?: Capability;
  /** A verdict, or an outcome (`escalate` is both). */
  verdict?: Verdict | Outcome;
  sessionId?: string;
}

export interface ReadOptions extends RecordFilter {
  /** How many matching records to return, the newest ones. */
  limit: number;
  /** Bytes read at a time from the end; tests make it small to cross many chunk edges. */
  chunkBytes?: number;
}

export interface ReadResult {
  /** False when the file does not exist (nothing was ever recorded there). */
  exists: boolean;
  /** Oldest first, newest last; at most `limit`. */
  records: AuditRecord[];
  /** Lines read that were not valid records (among the lines read, not the whole file). */
  unreadable: number;
}

const NEWLINE = 0x0a;

export function matches(record: AuditRecord, filter: RecordFilter): boolean {
  if (filter.surface !== undefined && record.surface !== filter.surface) return false;
  if (
    filter.verdict !== undefined &&
    record.verdict !== filter.verdict &&
    record.outcome !== filter.verdict
  ) {
    return false;
  }
  if (filter.sessionId !== undefined && record.sessionId !== filter.sessionId) return false;
  return true;
}

/** A line longer than this is no record (lines are bounded far below it); it is skipped, not held. */
export const READ_LINE_MAX_BYTES = 64 * 1024;

/**
 * Yields the file's lines from last to first, `null` for a line over READ_LINE_MAX_BYTES.
 * Splitting on the byte 0x0a is safe in UTF-8: no multi-byte sequence contains it.
 */
function* linesFromEnd(fd: number, size: number, chunkBytes: number): Generator<Buffer | null> {
  let position = size;
  let tail: Buffer = Buffer.alloc(0);
  let oversized = false;
  while (position > 0) {
    const length = Math.min(chunkBytes, position);
    position -= length;
    const chunk = Buffer.alloc(length);
    let got = 0;
    while (got < length) {
      const n = readSync(fd, chunk, got, length - got, position + got);
      if (n === 0) break;
      got += n;
    }
    const buffer = Buffer.concat([chunk.subarray(0, got), tail]);
    let end = buffer.length;
    for (
      let i = buffer.lastIndexOf(NEWLINE, end - 1);
      i >= 0;
      i = i > 0 ? buffer.lastIndexOf(NEWLINE, i - 1) : -1
    ) {
      if (oversized) {
        oversized = false;
        yield null;
      } else if (i + 1 < end) {
        yield buffer.subarray(i + 1, end);
      }
      end = i;
    }
    tail = buffer.subarray(0, end);
    if (tail.length > READ_LINE_MAX_BYTES) {
      oversized = true;
      tail = Buffer.alloc(0);
    }
  }
  if (oversized) yield null;
  else if (tail.length > 0) yield tail;
}

export function readRecords(file: string, options: ReadOptions): ReadResult {
  if (!Number.isSafeInteger(options.limit) || options.limit < 0) {
    throw new RangeError('limit must be a whole number >= 0');
  }
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { exists: false, records: [], unreadable: 0 };
    throw new IoError('audit-read', `cannot read the audit log \`${file}\` (${code ?? 'error'})`, {
      cause: error,
    });
  }
  const found: AuditRecord[] = [];
  let unreadable = 0;
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new IoError('audit-read', `the audit log \`${file}\` is not a file`);
    if (options.limit === 0) return { exists: true, records: [], unreadable: 0 };
    for (const bytes of linesFromEnd(fd, stat.size, options.chunkBytes ?? 64 * 1024)) {
      const text = bytes === null ? undefined : bytes.toString('utf8').trim();
      if (text === '') continue;
      const record = text === undefined ? undefined : parseAuditLine(text);
      if (record === undefined) {
        unreadable++;
        continue;
      }
      if (!matches(record, options)) continue;
      found.push(record);
      if (found.length >= options.limit) break;
    }
  } catch (error) {
    if (error instanceof IoError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new IoError('audit-read', `cannot read the audit log \`${file}\` (${code ?? 'error'})`, {
      cause: error,
    });
  } finally {
    closeSync(fd);
  }
  return { exists: true, records: found.reverse(), unreadable };
}
