/**
 * The small file helpers of the ask runtime: read a user file with a one-line error, append a line to a
 * run file (answers), write the run state. Owns no decision; the audit log is written by record-answer.ts
 * through the audit module, never here.
 */

import { closeSync, constants, fstatSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { IoError, UsageError } from '../../core';
import { type RegularFileRead, readRegularFile } from '../../reader';

/** The largest file `ask` reads when no tighter bound is given (corpora, scripts). */
export const MAX_ASK_FILE_BYTES = 64 * 1024 * 1024;

/** Why a file was refused, after `what \`path\``: `is a FIFO, not a regular file`. */
export function refusalText(read: Extract<RegularFileRead, { ok: false }>, maxBytes: number): string {
  switch (read.refusal) {
    case 'not-regular':
      return `is ${read.kind ?? 'not a regular file'}, not a regular file`;
    case 'too-large':
      return `is larger than ${maxBytes} bytes`;
    default:
      return `cannot be read (${read.code})`;
  }
}

/** A regular file of at most `maxBytes`, else a one-line usage error (a FIFO or /dev/zero never hangs). */
export function readText(path: string, what: string, maxBytes = MAX_ASK_FILE_BYTES): string {
  const read = readRegularFile(path, maxBytes);
  if (!read.ok) throw new UsageError(`${what} \`${path}\` ${refusalText(read, maxBytes)}`);
  return read.text;
}

/** Reads a file for the model layer: `undefined` when it cannot be read (the layer names the file). */
export function readOptional(path: string): string | undefined {
  const read = readRegularFile(path, MAX_ASK_FILE_BYTES);
  return read.ok ? read.text : undefined;
}

export function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`\`${where}\` is not valid JSON`);
  }
}

/**
 * Writes `text` to a regular file (created 0644 if missing), appending or replacing. Opened non-blocking and
 * checked on the descriptor: a FIFO with no reader fails at once (ENXIO) and any other special file is
 * refused, so a planted FIFO never hangs a question.
 */
function writeRegular(file: string, text: string, append: boolean): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const mode = append ? constants.O_APPEND : constants.O_TRUNC;
    const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_NONBLOCK | mode, 0o644);
    try {
      if (!fstatSync(fd).isFile()) throw new Error('not a regular file');
      const bytes = Buffer.from(text);
      for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new IoError('io', `cannot write \`${file}\``, { cause: error });
  }
}

export function appendLine(file: string, value: unknown): void {
  writeRegular(file, `${JSON.stringify(value)}\n`, true);
}

export function writeJson(file: string, value: unknown): void {
  writeRegular(file, `${JSON.stringify(value)}\n`, false);
}
