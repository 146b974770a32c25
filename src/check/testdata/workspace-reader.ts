/**
 * Tests only: the surface's script reader over a real temp folder `dir` standing for the fixtures' WORKSPACE
 * (`/workspace/project/x` reads `dir/x`): regular files as text, a folder as `not-regular`, anything else missing.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckRequest } from '../request/request';
import { WORKSPACE } from './fixtures';

export function workspaceReader(dir: string): NonNullable<CheckRequest['readScript']> {
  return (abs) => {
    if (!abs.startsWith(`${WORKSPACE}/`)) return { kind: 'missing' };
    const real = join(dir, abs.slice(WORKSPACE.length + 1));
    try {
      if (!statSync(real).isFile()) return { kind: 'unreadable', why: 'not-regular' };
      return { kind: 'text', text: readFileSync(real, 'utf8') };
    } catch {
      return { kind: 'missing' };
    }
  };
}
