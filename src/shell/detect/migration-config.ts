/**
 * What the migration readers share (migration-targets.ts, migration-tools.ts): the context a reader is given, what
 * it found, and the small readers of project files, options, INI sections and brace blocks. Pure apart from the
 * injected reader.
 */

import type { Invocation, Reporter } from '../unwrap/invocation';
import type { DatabaseTarget } from './database-target';
import { projectFile } from './project-file';

/** Where a connection string leads, with the workspace's compose services known local. */
export type Dsn = (text: string) => DatabaseTarget;

/** What a framework's reader is given: the literal arguments, the command, where it runs. */
export interface Context {
  args: readonly string[];
  inv: Invocation;
  r: Reporter;
  cwd: string;
  dsn: Dsn;
}

/** What a reader found: the target, and the file it read it from (named in the reason). */
export interface Found {
  target: DatabaseTarget;
  file: string;
}

export const UNPLACED = (file: string): Found => ({ target: 'unknown', file });

/** The text of a project file, `null` when missing, undefined when not known (the reader reported why). */
export function read(path: string, inv: Invocation, r: Reporter): string | null | undefined {
  const file = projectFile(path, inv, r);
  if (file.kind === 'text') return file.text;
  return file.kind === 'missing' ? null : undefined;
}

/** The value of `--name VALUE`/`--name=VALUE` among literal arguments; '' when absent. */
export function optionValue(args: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    for (const n of names) {
      if (a === n) return args[i + 1] ?? '';
      if (a.startsWith(`${n}=`)) return a.slice(n.length + 1);
    }
  }
  return undefined;
}

/** Local only when every connection is; any remote one makes it remote. */
export function combine(targets: readonly DatabaseTarget[]): DatabaseTarget {
  if (targets.length === 0) return 'unknown';
  if (targets.includes('remote')) return 'remote';
  return targets.every((t) => t === 'local') ? 'local' : 'unknown';
}

/** An INI section's `key = value` lines. */
export function iniSection(text: string, section: string): Map<string, string> | undefined {
  const out = new Map<string, string>();
  let inside = false;
  let found = false;
  for (const line of text.split('\n')) {
    const head = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (head) {
      inside = head[1] === section;
      found ||= inside;
      continue;
    }
    const kv = inside ? /^([\w.]+)\s*[=:]\s*(.*?)\s*$/.exec(line) : null;
    if (kv) out.set(kv[1] as string, kv[2] as string);
  }
  return found ? out : undefined;
}

/** The text from the brace at `open` to its match, or undefined. */
export function balanced(text: string, open: number): string | undefined {
  let depth = 0;
  for (let i = open; i < text.length && i < open + 20000; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open, i + 1);
  }
  return undefined;
}
