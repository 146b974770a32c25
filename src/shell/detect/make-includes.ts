/**
 * The makefiles a makefile includes (`include mk/common.mk`, `-include local.mk`), put in place of each include
 * line as GNU make reads them, so the recipes they define are read as the main makefile's are (round 19). A name
 * is read relative to the folder make runs in, as make reads it; each must be a literal workspace file that
 * exists (a missing one is one make may build with a recipe of its own first). A name with a variable or a glob,
 * a file outside the workspace, more files or deeper nesting than below, or an include make could remake with a
 * rule is left for make-recipes.ts to call opaque. Pure apart from the injected reader; never quotes a file.
 */

import { posix } from 'node:path';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { NO_FLOW } from '../walk/flow';
import { resolveArg } from './path-effects';
import { projectFile } from './project-file';

/** Makefiles included per command, and how deep includes nest. */
const MAX_INCLUDED = 16;
const MAX_DEPTH = 4;

const INCLUDE = /^(-?include|sinclude)[ ]+(\S.*?)[ ]*$/;
const NAME = /^(?![/~-])[\w./-]+$/;

/**
 * How a line inside a `define` changes its nesting, as GNU make counts it: a line not starting with a tab whose first
 * word is `define` opens one more, `endef` closes one (the word alone or before a blank: `endef.` is body text).
 */
export function defineStep(line: string): number {
  if (line.startsWith('\t')) return 0;
  const t = line.replace(/^[ \t]+/, '');
  if (/^define(?:[ \t]|$)/.test(t)) return 1;
  if (/^endef(?:[ \t]|$)/.test(t)) return -1;
  return 0;
}

export type Included =
  /** The text with its includes in place, and every file name included (as written). */
  | { kind: 'text'; text: string; names: string[]; opaque?: string }
  /** A file's text could not be known; the reader reported it. */
  | { kind: 'unknown' };

/** `text` with each include line of literal workspace makefiles replaced by their text, read from `dir`. */
export function withIncludes(text: string, dir: string, inv: Invocation, r: Reporter): Included {
  const names: string[] = [];
  let count = 0;
  let opaque: string | undefined;
  const inline = (body: string, depth: number): string | undefined => {
    const out: string[] = [];
    let inDefine = 0;
    for (const line of body.replace(/\r\n/g, '\n').split('\n')) {
      // A `define` body is a variable's value, not a directive make reads.
      // A line `define` opens (with `export`/`override` before it) is the start of a value; nesting is counted.
      const step =
        inDefine > 0
          ? defineStep(line)
          : /^[ \t]*(?:(?:export|override|private)\s+)*define(?:[ \t]|$)/.test(line)
            ? 1
            : 0;
      const was = inDefine;
      inDefine += step;
      const m = was > 0 || inDefine > 0 ? null : INCLUDE.exec(line.replace(/#.*$/, ''));
      const files = m ? (m[2] ?? '').split(/\s+/) : [];
      if (!m || line.endsWith('\\') || !files.every((f) => NAME.test(f)) || depth >= MAX_DEPTH) {
        out.push(line);
        continue;
      }
      const texts: string[] = [];
      for (const name of files) {
        const path = posix.resolve(dir, name);
        const where = resolveArg({ text: path, flow: NO_FLOW }, inv, r);
        if (where.class !== 'workspace' || (where.real !== undefined && where.real !== where.resolved)) {
          opaque ??= 'includes a makefile from outside the workspace';
          return body;
        }
        if (++count > MAX_INCLUDED) {
          opaque ??= `includes more makefiles than one review follows (${MAX_INCLUDED})`;
          return body;
        }
        const file = projectFile(path, inv, r);
        if (file.kind === 'unknown') return undefined;
        if (file.kind !== 'text') {
          opaque ??= 'includes a makefile that is not there, which make may build first';
          return body;
        }
        const nested = inline(file.text, depth + 1);
        if (nested === undefined) return undefined;
        names.push(name, posix.normalize(name), path);
        texts.push(nested);
      }
      out.push(...texts);
    }
    return out.join('\n');
  };
  const joined = inline(text, 0);
  if (joined === undefined) return { kind: 'unknown' };
  return { kind: 'text', text: joined, names, ...(opaque === undefined ? {} : { opaque }) };
}
