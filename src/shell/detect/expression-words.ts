/**
 * The words a search or stream editor takes as its expression (a pattern, a sed script), never as a file:
 * the value of grep's and ripgrep's `-e`/`--regexp` and sed's `-e`/`--expression`, separate (`-e PAT`, in a cluster
 * ending with the option, `-rne PAT`) or attached (`--regexp=PAT`). A pattern that ends in `.env` names no file
 * the program opens. Pure.
 */

import { type Invocation, optionText } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';

const LONG: Readonly<Record<string, string>> = {
  grep: '--regexp',
  egrep: '--regexp',
  fgrep: '--regexp',
  rg: '--regexp',
  sed: '--expression',
  gsed: '--expression',
};

/** The words after `-e` (or its long form) that are the program's expression. */
export function expressionWords(inv: Invocation): ReadonlySet<Word> {
  const long = LONG[inv.program];
  const out = new Set<Word>();
  if (long === undefined) return out;
  for (let k = 0; k < inv.args.length - 1; k++) {
    const t = optionText(inv.args[k]);
    if (t === '--') break;
    if (t === long || /^-[a-zA-Z]*e$/.test(t)) out.add(inv.args[++k] as Word);
  }
  return out;
}

/** Is `text` (an option word) the program's expression given after `=` (`--regexp=.env`)? */
export function expressionAssigned(program: string, text: string): boolean {
  const long = LONG[program];
  return long !== undefined && text.startsWith(`${long}=`);
}
