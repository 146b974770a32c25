/**
 * What a lister prints: `ls`, `find`, `fd` and `git ls-files` of literal roots print paths at or below those roots
 * (`ls` of a folder prints names in the working folder's terms). The output flow carries the roots as path words
 * (Flow.listed) so a command xargs builds from the lines is judged on them: `find ~/.aws -type f | xargs cat` reads
 * secrets. A root known only at run time, a printing format (`-printf`, `--format`) or a command run per file
 * (`-exec`, `-x`) leaves the lines of unknown origin. Pure.
 */

import { type Invocation, isLiteral, optionText, plain } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import type { Flow } from '../walk/flow';
import { EACH_FOUND } from './detect-filesystem';

const below = (root: Word) => `${root.text.replace(/\/+$/, '')}/${EACH_FOUND}`;

/** find's leading roots; undefined when its output is not one path a line. */
function findRoots(args: readonly Word[]): string[] | undefined {
  const roots: Word[] = [];
  let i = 0;
  while (i < args.length && !/^[-(!]/.test(plain(args[i]))) roots.push(args[i++] as Word);
  const rest = args.slice(i).map((w) => optionText(w));
  if (rest.some((t) => /^-(exec|execdir|ok|okdir|printf|fprint.*|ls|fls)$/.test(t))) return undefined;
  if (roots.length === 0)
    roots.push({ text: '.', flow: { sensitive: false, network: false, decoded: false } });
  if (!roots.every(isLiteral)) return undefined;
  // Every root is printed itself, and what lies below it.
  return roots.flatMap((w) => [w.text, below(w)]);
}

/** fd's options that take a value (the first positional is the pattern, the rest are roots). */
const FD_VALUES =
  /^(-e|--extension|-t|--type|-E|--exclude|-d|--max-depth|--min-depth|--exact-depth|-S|--size|-c|--color|-j|--threads|--changed-within|--changed-before|-o|--owner|--max-results|--base-directory|--search-path|--ignore-file|--max-buffer-time|--batch-size|--path-separator)$/;

function fdRoots(args: readonly Word[]): string[] | undefined {
  const positionals: Word[] = [];
  const extra: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const t = optionText(args[i]);
    if (/^(-x|--exec|-X|--exec-batch|-l|--list-details|--format)/.test(t)) return undefined;
    if (t === '--search-path' || t === '--base-directory') extra.push(args[++i] as Word);
    else if (FD_VALUES.test(t)) i++;
    else if (!t.startsWith('-') || t === '-') positionals.push(args[i] as Word);
  }
  const roots = [...positionals.slice(1), ...extra];
  if (roots.length === 0)
    roots.push({ text: '.', flow: { sensitive: false, network: false, decoded: false } });
  if (!roots.every(isLiteral)) return undefined;
  return roots.map(below);
}

function lsRoots(args: readonly Word[]): string[] | undefined {
  const roots = args.filter((w) => !plain(w).startsWith('-') || plain(w) === '-');
  if (!roots.every(isLiteral)) return undefined;
  // A file is printed as given; a folder's entries by name, found below the working folder.
  return [...roots.map((w) => w.text), `./${EACH_FOUND}`];
}

/** The output of `inv` with the roots its lines lie under, when it is a lister of literal roots. */
export function listedOutput(inv: Invocation, out: Flow): Flow {
  const p = inv.program;
  let roots: string[] | undefined;
  if (p === 'find') roots = findRoots(inv.args);
  else if (p === 'fd' || p === 'fdfind') roots = fdRoots(inv.args);
  else if (p === 'ls') roots = lsRoots(inv.args);
  else if (p === 'git' && plain(inv.args[0]) === 'ls-files')
    roots = inv.args.some((w) => /^--format/.test(plain(w))) ? undefined : [`./${EACH_FOUND}`];
  return roots === undefined || roots.length === 0 ? out : { ...out, listed: roots };
}
