/**
 * Makes untrusted text (paths, phrases, ids from a repository or a pull request) safe to print: control
 * and format characters become `?`, Markdown and shell metacharacters that could break out of a code
 * span become `_`, and the length is bounded. Pure.
 */

const CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** A path or short phrase for text, JSON or Markdown output; at most `max` characters. */
export function sanitize(text: string, max = 120): string {
  const clean = text.replace(CONTROL, '?').replace(/[`<>|]/g, '_');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** An identifier-like token (finding id, category, reviewer): letters, digits and `._:/@-` only. */
export function sanitizeToken(text: string, max = 40): string {
  const clean = text.replace(/[^A-Za-z0-9._:/@-]/g, '_');
  return clean.length > max ? clean.slice(0, max) : clean || '_';
}
