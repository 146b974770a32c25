/**
 * Requirement and constraint files pip and uv read before installing (`pip install -r requirements.txt`,
 * `-c constraints.txt`, `uv pip sync r.txt`): the file as this command line leaves it or as it is on disk (through
 * project-file.ts), with its `-r`/`-c` chains followed relative to each file. Returns the words of every line,
 * as if given on the command line, for detect-packages.ts to judge (index options, `-e` lines, URL and git lines,
 * local folders). Decides no category itself; never quotes a file. Pure apart from the injected reader and
 * reporting.
 * INVARIANT: a file that cannot be read, a line computed from the environment (`${VAR}`), a chain deeper or wider
 * than the bounds below are uncertain, never silently allowed.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { resolveArg } from './path-effects';
import { projectFile } from './project-file';

/** Nested `-r`/`-c` files followed from one command-line file; more is uncertain. */
export const MAX_REQUIREMENT_FILES = 16;
/** Requirement lines read from one command-line file, all nested files together; more is uncertain. */
export const MAX_REQUIREMENT_LINES = 5000;

const NESTED = /^(-r|--requirement|-c|--constraint)(?:=|\s+)(.+)$/;

/**
 * The logical lines of a requirements file: comments (a `#` at the start or after a blank) dropped, backslash
 * continuations joined, blank lines skipped.
 */
export function requirementLines(text: string): string[] {
  const joined = text.replace(/\r\n/g, '\n').replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((l) => l.replace(/(^|\s)#.*$/, '').trim())
    .filter(Boolean);
}

/**
 * The words of the requirement file `word` names (and of the files it chains to), for the installer `label`.
 * Reports uncertain and returns what was read so far when a file cannot be followed.
 */
export function requirementFiles(word: Word, label: string, inv: Invocation, r: Reporter): Word[] {
  const say = (why: string) => r.uncertain('dynamic-script', `${label} ${why}`, inv.segment, 'kept');
  if (!r.env.readScript) return [];
  if (!isLiteral(word)) {
    say('reads a requirements file named at run time');
    return [];
  }
  const text = plain(word);
  // `-r -` reads standard input; a URL is fetched: neither is known before the run.
  if (text === '-' || /^[a-z][\w+.-]*:\/\//i.test(text)) {
    say('reads requirements from standard input or a URL, not known before the run');
    return [];
  }
  const first = resolveArg(word, inv, r).resolved;
  if (first === undefined) {
    say('reads a requirements file gavel cannot place');
    return [];
  }
  const out: Word[] = [];
  const seen = new Set<string>();
  const queue = [first];
  let lines = 0;
  while (queue.length > 0) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    if (seen.size > MAX_REQUIREMENT_FILES) {
      say(`reads more requirement files than one review follows (${MAX_REQUIREMENT_FILES})`);
      return out;
    }
    const file = projectFile(path, inv, r);
    if (file.kind !== 'text') continue;
    for (const line of requirementLines(file.text)) {
      if (++lines > MAX_REQUIREMENT_LINES) {
        say(`reads more requirement lines than one review follows (${MAX_REQUIREMENT_LINES})`);
        return out;
      }
      // pip expands `${VAR}` in requirement files: a source computed from the environment.
      if (/\$\{[^}]*\}/.test(line)) {
        say('reads a requirements file whose lines come from the environment');
        return out;
      }
      const nested = NESTED.exec(line);
      if (nested) {
        const target = (nested[2] ?? '').trim();
        if (/^[a-z][\w+.-]*:\/\//i.test(target)) {
          say('reads requirements from a URL, not known before the run');
          return out;
        }
        queue.push(posix.resolve(posix.dirname(path), target));
        continue;
      }
      // A requirement line with a URL keeps its spaces (`name @ https://x`); options split into words.
      const words = line.startsWith('-')
        ? line.split(/\s+|=(?=\S)/).filter(Boolean)
        : [line.split(/\s*;/)[0] ?? line];
      for (const t of words) out.push({ text: t, flow: NO_FLOW });
    }
  }
  return out;
}
