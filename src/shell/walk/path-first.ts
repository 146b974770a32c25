/**
 * A folder put first on PATH by an activation the analysis recognised (a virtual environment's `bin/activate`,
 * detect/virtualenv-activation.ts): later bare program names of the same shell are looked up there first, as bash
 * does. Kept in the frame's variables under a key no shell variable can have, so subshells and nested frames copy
 * it with the other variables and a pipeline part's copy never reaches the commands after it. `certain`: the
 * activation surely ran before the command (not under a branch; on the right of its `&&`). Pure.
 */

import type { Flow } from './flow';
import { NO_FLOW } from './flow';

/** Not a shell variable name (a NUL cannot be in one). */
export const PATH_FIRST = '\u0000PATH_FIRST';

export interface PathFirst {
  /** The folder, absolute (`/w/.venv/bin`). */
  readonly folder: string;
  /** Its entries when it was listed; undefined: not listed (any name may be there). */
  readonly entries: ReadonlySet<string> | undefined;
  readonly certain: boolean;
  /** Functions the activation defines: a name among them is not the folder's program nor the system's. */
  readonly functions?: readonly string[];
}

export interface PathFirstEntry {
  readonly text: string;
  readonly flow: Flow;
  readonly pathFirst: PathFirst;
}

type Vars = Map<string, { text: string; flow: Flow }>;

export function pathFirstEntry(vars: Vars): PathFirstEntry | undefined {
  const v = vars.get(PATH_FIRST) as Partial<PathFirstEntry> | undefined;
  return v?.pathFirst ? (v as PathFirstEntry) : undefined;
}

export function setPathFirst(vars: Vars, first: PathFirst): void {
  const entry: PathFirstEntry = { text: first.folder, flow: NO_FLOW, pathFirst: first };
  vars.set(PATH_FIRST, entry);
}

export function withCertainty(entry: PathFirstEntry, certain: boolean): PathFirstEntry {
  return { ...entry, pathFirst: { ...entry.pathFirst, certain } };
}

/**
 * What bash finds first for a bare program name: the folder's file (`found`), nothing there (`absent`: PATH's
 * other folders, as before), or `unsure` (the activation may not have run, or the folder was not listed).
 */
export function lookUp(first: PathFirst, name: string): 'found' | 'absent' | 'unsure' {
  if (first.entries === undefined) return 'unsure';
  if (!first.entries.has(name)) return 'absent';
  return first.certain ? 'found' : 'unsure';
}
