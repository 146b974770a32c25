/**
 * xargs' argument file (`-a FILE`, `-aFILE`, `--arg-file=FILE`, `--arg-file FILE`): xargs opens FILE and its
 * words become the arguments of the command it runs. The file is read as a `<` redirect of that command would be
 * (a secret file is a secret read, a name known only at run time an unknown path); the words stay run-time words.
 * The redirect carries its own operator, so nothing takes the file for the command's standard input (a shell
 * given `xargs -a f sh` runs the files f names, not f). Pure.
 */

import type { Word } from '../walk/decode-word';
import type { Redirect } from './invocation';

/** The operator of an argument file's read: starts with `<` (a read), is never `<` (not standard input). */
export const ARG_FILE_READ = '<arg-file';

/** The file word of the `-a`/`--arg-file` option at `argv[i]` (`t` its text), and the index after it. */
export function argFile(argv: readonly Word[], i: number, t: string): { word?: Word; next: number } {
  const word = argv[i] as Word;
  if (t === '-a' || t === '--arg-file') return { word: argv[i + 1], next: i + 2 };
  const at = t.startsWith('--') ? t.indexOf('=') + 1 : 2;
  if (at <= 0) return { next: i + 1 };
  return { word: { text: word.text.slice(at), flow: word.flow }, next: i + 1 };
}

/** The command's redirects with its argument files read too. */
export function argFileReads(redirects: Redirect[], files: readonly Word[]): Redirect[] {
  if (files.length === 0) return redirects;
  return [...redirects, ...files.map((target) => ({ op: ARG_FILE_READ, target }))];
}
