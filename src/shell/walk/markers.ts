/**
 * Private characters used inside decoded words. Quoted characters that would be special unquoted (braces,
 * commas, glob characters) are stored as sentinels so brace expansion and glob detection see only unquoted
 * ones; `DYN` stands for text the shell would compute at run time. Pure.
 */

export const DYN = '\u0000';
/** Where bash would split an unquoted expansion into several words (default IFS). */
export const SPLIT = '\u0007';
const QUOTED: Record<string, string> = {
  '{': '\u0001',
  '}': '\u0002',
  ',': '\u0003',
  '*': '\u0004',
  '?': '\u0005',
  '[': '\u0006',
};
const UNQUOTED: Record<string, string> = Object.fromEntries(Object.entries(QUOTED).map(([k, v]) => [v, k]));
const QUOTED_RE = /[{},*?[]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the sentinels are control characters on purpose
const SENTINEL_RE = /[\u0001-\u0006]/g;

/** Marks the special characters of quoted text as literal. */
export function protectQuoted(text: string): string {
  return text.replace(QUOTED_RE, (c) => QUOTED[c] ?? c);
}

/** Restores sentinels to the characters they stand for. */
export function unprotect(text: string): string {
  // Most words hold no sentinel: skip the replace and its allocation.
  let found = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 1 && code <= 6) {
      found = true;
      break;
    }
  }
  return found ? text.replace(SENTINEL_RE, (c) => UNQUOTED[c] ?? c) : text;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the sentinels are control characters on purpose
const GLOB_SENTINEL_RE = /[\u0004-\u0006]/g;

/**
 * The text of an unquoted expansion as bash goes on with it: pathname expansion applies to its glob characters
 * however the value was quoted when it was made (`x='.en?'; cat $x` reads `.env`); brace expansion, which ran
 * before, does not apply to braces and commas in it.
 */
export function globsActive(text: string): string {
  return text.replace(GLOB_SENTINEL_RE, (c) => UNQUOTED[c] ?? c);
}

export function hasGlob(text: string): boolean {
  return /[*?[]/.test(text);
}

export function isDynamic(text: string): boolean {
  return text.includes(DYN);
}

/** For display: the dynamic parts as `$…`, sentinels restored. */
export function display(text: string): string {
  // Most words hold neither a sentinel nor DYN: no replace and no allocation.
  for (let i = 0; i < text.length; i++)
    if (text.charCodeAt(i) <= 6) return unprotect(text).replaceAll(DYN, '$\u2026');
  return text;
}
