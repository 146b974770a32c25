/**
 * The small file and flag helpers of `gavel ask`: read a user file with a one-line error, append a
 * line to a run file (answers), write the run state, read a string flag. Owns no decision; the
 * audit log is written by record-answer.ts through the audit module, never here.
 */

import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { IoError, UsageError } from '../../../../core';
import type { ParsedArgs } from '../../command';

export const str = (args: ParsedArgs, name: string): string | undefined => {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
};

export function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${what} \`${path}\` cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

/** Reads a file for the model layer: `undefined` when it cannot be read (the layer names the file). */
export function readOptional(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

export function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`\`${where}\` is not valid JSON`);
  }
}

export function appendLine(file: string, value: unknown): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, `${JSON.stringify(value)}\n`);
  } catch (error) {
    throw new IoError('io', `cannot write \`${file}\``, { cause: error });
  }
}

export function writeJson(file: string, value: unknown): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(value)}\n`);
  } catch (error) {
    throw new IoError('io', `cannot write \`${file}\``, { cause: error });
  }
}
