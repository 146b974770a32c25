/**
 * Tests only: the surface's script reader over a real temp folder `dir` standing for the fixtures' WORKSPACE
 * (`/workspace/project/x` reads `dir/x`), and `home`, when given, for their HOME: regular files as text, a folder as
 * `not-regular`, anything else (the system's files) missing.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckRequest } from '../request/request';
import { HOME, WORKSPACE } from './fixtures';

export function workspaceReader(dir: string, home?: string): NonNullable<CheckRequest['readScript']> {
  return (abs) => {
    const real = abs.startsWith(`${WORKSPACE}/`)
      ? join(dir, abs.slice(WORKSPACE.length + 1))
      : home !== undefined && abs.startsWith(`${HOME}/`)
        ? join(home, abs.slice(HOME.length + 1))
        : undefined;
    if (real === undefined) return { kind: 'missing' };
    try {
      if (!statSync(real).isFile()) return { kind: 'unreadable', why: 'not-regular' };
      return { kind: 'text', text: readFileSync(real, 'utf8') };
    } catch {
      return { kind: 'missing' };
    }
  };
}
