// Test helper: the bundled path table (rules/check-paths.json, the file the seam loads) and a ShellEnv built on it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ShellEnv, ShellPathTable } from '../types';

const file = fileURLToPath(new URL('../../../rules/check-paths.json', import.meta.url));

export const PATHS: ShellPathTable = JSON.parse(readFileSync(file, 'utf8')) as ShellPathTable;

/** A ShellEnv on the bundled path table; `extra` overrides any field. */
export function shellEnv(extra: Omit<ShellEnv, 'paths'> & { paths?: ShellPathTable }): ShellEnv {
  return { paths: PATHS, ...extra };
}
