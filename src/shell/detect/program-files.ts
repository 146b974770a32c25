/**
 * A program file a text tool runs as its program (`awk -f sum.awk`, `sed -f fix.sed`): its text, read through the
 * surface's reader (or as this command line wrote it), is kept on the segment so the catalogue judges it as the
 * inline program it equals (`awk '{...}'`, `sed -e '...'`). A file written here with content not shown, one that
 * cannot be read, or several program files leave it unknown. Pure apart from the injected reader and reporting.
 */

import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { resolveArg } from './path-effects';
import { projectFile } from './project-file';

export const PROGRAM_FILE_PROGRAMS = () => ['awk', 'gawk', 'mawk', 'nawk', 'sed', 'gsed'];

/** Longest program file judged as inline text: a longer one is not "trivially" known. */
const MAX_PROGRAM = 4096;

/** The words naming program files (`-f F`, `-fF`, `--file=F`, `--file F`). */
function programFileWords(inv: Invocation): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < inv.args.length; i++) {
    const t = optionText(inv.args[i]);
    if (t === '--') break;
    if (t === '-f' || t === '--file') {
      const w = inv.args[++i];
      if (w) out.push(w);
    } else if (t.startsWith('--file=')) out.push({ text: t.slice(7), flow: (inv.args[i] as Word).flow });
    else if (/^-[^-]/.test(t) && t.includes('f') && !t.startsWith('-F'))
      out.push({ text: '', flow: (inv.args[i] as Word).flow });
  }
  return out;
}

export function programFiles(inv: Invocation, r: Reporter): void {
  if (!PROGRAM_FILE_PROGRAMS().includes(inv.program)) return;
  const words = programFileWords(inv);
  if (words.length !== 1) return;
  const word = words[0] as Word;
  if (!isLiteral(word) || plain(word) === '') return;
  const path = resolveArg(word, inv, r).resolved;
  if (path === undefined) return;
  const file = projectFile(path, inv, r);
  if (file.kind !== 'text' || file.text.length > MAX_PROGRAM) return;
  const segment = r.segments[inv.segment];
  if (segment) segment.scriptText = file.text;
}
