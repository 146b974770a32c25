/**
 * The preview of a request in an audit line (ADR 0027): at most PREVIEW_MAX characters of the command,
 * path or host, after the one redaction of secrets (redact.ts), control and invisible characters escaped,
 * cut at a character boundary with `...`. Pure. Never given file content, tool output or a PR body: the
 * caller passes only what the request names (the command line, the path, the host).
 */

import { INVISIBLE_CLASS, preCut, redactSecrets } from './redact';

/** The longest preview, in characters (UTF-16 code units), the `...` included. */
export const PREVIEW_MAX = 120;

/** `[audit] preview`: `redacted` writes the preview, `hash-only` keeps only the subject hash. */
export const PREVIEW_MODES = ['redacted', 'hash-only'] as const;
export type PreviewMode = (typeof PREVIEW_MODES)[number];

const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The characters redact.ts strips (controls, separators, bidi overrides, zero-width, BOM) and lone surrogates:
 * shown as escapes, so a preview can neither move a terminal's cursor nor hide or reorder what it shows.
 */
const INVISIBLE = new RegExp(`^[${INVISIBLE_CLASS}\\ud800-\\udfff]$`);

function shown(char: string): string {
  if (!INVISIBLE.test(char)) return char;
  const named = ESCAPES[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * The preview of `text`, or undefined when nothing is left to show. Redaction runs on the whole text
 * before escaping and cutting, so neither can leave part of a secret the shapes no longer recognise.
 */
export function previewOf(text: string): string | undefined {
  const redacted = redactSecrets(preCut(text)).trim();
  if (redacted === '') return undefined;
  const pieces: string[] = [];
  let length = 0;
  for (const char of redacted) {
    const piece = shown(char);
    pieces.push(piece);
    length += piece.length;
  }
  if (length <= PREVIEW_MAX) return pieces.join('');
  // Whole characters (and whole escapes) up to the room the `...` leaves.
  let out = '';
  for (const piece of pieces) {
    if (out.length + piece.length > PREVIEW_MAX - 3) break;
    out += piece;
  }
  return `${out}...`;
}

/** A stored preview as the reader accepts it: bounded, and no control or invisible character left. */
export function isPreview(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > PREVIEW_MAX) return false;
  for (const char of value) if (INVISIBLE.test(char)) return false;
  return true;
}
