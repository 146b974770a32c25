/**
 * The quote verifier: a finding's quote must appear in the text really sent, at the lines it cites. Both sides
 * are compared as sent (fence-like runs defused) with whitespace normalised, nothing else: no case folding, no
 * fuzzy match. Also the exact text at cited lines, for the repair round. Pure.
 */

import { defuse } from '../../model';
import { linesOf } from './unit-chunks';

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The files of a unit as sent: path to its lines. */
export type SentFiles = ReadonlyMap<string, readonly string[]>;

export function sentFiles(files: readonly { path: string; text?: string }[]): SentFiles {
  return new Map(
    files.filter((f) => f.text !== undefined).map((f) => [f.path, linesOf(f.text ?? '')] as const),
  );
}

/** The text of lines `start..end` of `path` as sent, or undefined when the file or the lines do not exist. */
export function textAt(files: SentFiles, path: string, start: number, end: number): string | undefined {
  const lines = files.get(path);
  if (!lines || start < 1 || end < start || end > lines.length) return undefined;
  return lines.slice(start - 1, end).join('\n');
}

/**
 * True when `quote` appears verbatim (whitespace normalised) within lines `start..end` of `path`.
 * A quote of whitespace only, or one longer than the lines it cites, never verifies.
 */
export function quoteVerifies(
  files: SentFiles,
  path: string,
  start: number,
  end: number,
  quote: string,
): boolean {
  const at = textAt(files, path, start, end);
  const q = norm(defuse(quote));
  if (at === undefined || q === '') return false;
  return norm(defuse(at)).includes(q);
}
