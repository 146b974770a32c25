// Test helper: the bundled path table (rules/check-paths.json, the file the seam loads) and a ShellEnv built on it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ShellEnv, ShellPathTable } from '../types';

const file = fileURLToPath(new URL('../../../rules/check-paths.json', import.meta.url));

export const PATHS: ShellPathTable = JSON.parse(readFileSync(file, 'utf8')) as ShellPathTable;

/**
 * A ShellEnv on the bundled path table for a project at `/home/u/proj` of a user `/home/u`, temp in `/tmp`;
 * `extra` overrides any field.
 */
export function shellEnv(extra: Partial<ShellEnv> = {}): ShellEnv {
  return {
    paths: PATHS,
    cwd: '/home/u/proj',
    home: '/home/u',
    workspaceRoots: ['/home/u/proj'],
    tempDirs: ['/tmp'],
    ...extra,
  };
}
