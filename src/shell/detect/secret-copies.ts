/**
 * Secrets copied into new places earlier in the same command line (`cp -r ~ ./hc`, `cp ~/.ssh/id_rsa k`): the
 * destination then holds secret material whatever its name, so staging it (`git add -f hc`, `git add -A`) is
 * staging a secret. Per analysis (keyed by the reporter). Pure apart from that record.
 */

import { isUnder } from '../../core';
import type { Reporter } from '../unwrap/invocation';

const COPIES = new WeakMap<Reporter, Set<string>>();

/** Notes that `path` (resolved) now holds a copy of secret material. */
export function noteSecretCopy(path: string | undefined, r: Reporter): void {
  if (path === undefined) return;
  let set = COPIES.get(r);
  if (!set) {
    set = new Set<string>();
    COPIES.set(r, set);
  }
  set.add(path);
}

/**
 * Whether `path` (resolved; undefined when known only at run time) may take in a secret copy made earlier in
 * this line: the copy itself, a file below it, or a folder that holds it (`git add .`).
 */
export function holdsSecretCopy(path: string | undefined, r: Reporter): boolean {
  const set = COPIES.get(r);
  if (!set || set.size === 0) return false;
  if (path === undefined) return true;
  for (const copy of set) if (isUnder(copy, path) || isUnder(path, copy)) return true;
  return false;
}

/** Whether this line made any secret copy at all. */
export function madeSecretCopy(r: Reporter): boolean {
  return (COPIES.get(r)?.size ?? 0) > 0;
}
