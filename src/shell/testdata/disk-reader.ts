// Test helper: a ShellEnv.readScript over the real file system, like the surface's (regular files only; a
// folder or device is unreadable, an absent path missing). Tests build their files in a temp folder.
import { readFileSync, statSync } from 'node:fs';
import type { ShellEnv } from '../types';

export const diskReader: NonNullable<ShellEnv['readScript']> = (abs) => {
  try {
    if (!statSync(abs).isFile()) return { kind: 'unreadable', why: 'not-regular' };
    return { kind: 'text', text: readFileSync(abs, 'utf8') };
  } catch {
    return { kind: 'missing' };
  }
};
