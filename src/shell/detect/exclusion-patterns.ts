/**
 * Names a program is told to leave out (`tar --exclude .env`, `rsync --exclude=.env`, `zip -r a.zip . -x .env`):
 * patterns matched against the names it walks, never files it opens (ADR 0078). Pure.
 */

import { type Invocation, optionText } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';

/**
 * Names a program is told to leave out (`tar --exclude .env`, `rsync --exclude=.env`, `zip -r a.zip . -x .env`,
 * `grep --exclude-dir .git`) are patterns it matches against the names it walks, never files it opens. A list read
 * from a file (`--exclude-from F`) is a file it opens and stays a read.
 */
const EXCLUDE_OPTION = /^--(?:exclude|exclude-dir|ignore|ignore-dir|ignore-path)$/;
export const EXCLUDE_ASSIGNED = /^--(?:exclude|exclude-dir|ignore|ignore-dir|ignore-path)=/;

/** The words that are the value of an exclusion option given as the next word. */
export function exclusionPatterns(inv: Invocation): Set<Word> {
  const out = new Set<Word>();
  for (let i = 0; i < inv.args.length - 1; i++) {
    const t = optionText(inv.args[i]);
    // zip's `-x`/`-i` take every name after them up to the next option.
    if (inv.program === 'zip' && (t === '-x' || t === '-i' || t === '--exclude' || t === '--include')) {
      for (let j = i + 1; j < inv.args.length && !optionText(inv.args[j]).startsWith('-'); j++)
        out.add(inv.args[j] as Word);
    } else if (EXCLUDE_OPTION.test(t)) out.add(inv.args[i + 1] as Word);
  }
  return out;
}
