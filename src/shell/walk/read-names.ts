/**
 * The variables `read` and `getopts` assign (`read -r line`, `read -a parts`, `getopts ab opt`): the walk records
 * them as plain assignments of a value known only at run time, carrying the taints of what the builtin reads, so
 * `read PATH < f; ls` changes what `ls` runs and `git ls-files | while read -r f; do cat "$f"; done` reads the
 * listing's files. A name computed at run time is returned as it is: no variable list knows it, so beside a program
 * it is never taken for inert. Pure.
 */

import type { Word } from './decode-word';
import { unprotect } from './markers';

/** read's options that take a value (attached or the next word). */
const READ_VALUES = new Set(['a', 'd', 'i', 'n', 'N', 'p', 't', 'u']);

/** The names `read` assigns (`REPLY` when none is given), and whether it reads another descriptor (`-u FD`). */
export function readNames(words: readonly Word[]): { names: string[]; otherInput: boolean } {
  const names: string[] = [];
  let otherInput = false;
  let array = false;
  let i = 1;
  for (; i < words.length; i++) {
    const t = unprotect(words[i]?.text ?? '');
    if (t === '--') {
      i++;
      break;
    }
    if (!t.startsWith('-') || t === '-') break;
    for (let k = 1; k < t.length; k++) {
      const c = t[k] as string;
      if (!READ_VALUES.has(c)) continue;
      const value = t.length > k + 1 ? t.slice(k + 1) : unprotect(words[++i]?.text ?? '');
      if (c === 'a') {
        names.push(value);
        array = true;
      }
      if (c === 'u') otherInput = true;
      break;
    }
  }
  for (; i < words.length; i++) names.push(unprotect(words[i]?.text ?? ''));
  if (names.length === 0 && !array) names.push('REPLY');
  return { names, otherInput };
}

/** The name `getopts OPTSTRING NAME` assigns. */
export function getoptsNames(words: readonly Word[]): string[] {
  const name = words[2];
  return name === undefined ? [] : [unprotect(name.text)];
}
