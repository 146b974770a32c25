// Test helper: a reader of the real file system (`diskReader`) and a real project folder in a temp directory (files written with fs calls, never run) and a ShellEnv
// whose script reader reads it from disk, as the runtime's reader does (regular files only, missing is missing).
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ScriptFile, ShellEnv } from '../types';
import { shellEnv } from './shell-env';

export interface DiskProject {
  /** The workspace root (a fresh temp folder). */
  root: string;
  /** A folder outside the workspace, for payloads. */
  away: string;
  /** The home folder of the env (not created). */
  home: string;
  write(files: Record<string, string>): void;
  env(cwd?: string): ShellEnv;
  remove(): void;
}

/** Symbolic links resolved on the real file system (undefined for a path that is not there), as the surface's are. */
export const diskRealpath: NonNullable<ShellEnv['realpath']> = (abs) => {
  try {
    return realpathSync(abs);
  } catch {
    return undefined;
  }
};

/** The reader alone, for tests that build their own ShellEnv. */
export const diskReader: NonNullable<ShellEnv['readScript']> = (abs) => readFromDisk(abs);

function readFromDisk(abs: string): ScriptFile {
  try {
    const stat = statSync(abs);
    // A folder is listed (at most 2,048 entries), as the runtime's reader does.
    if (stat.isDirectory()) {
      const dirents = readdirSync(abs, { withFileTypes: true });
      const names = dirents.map((d) => d.name).sort();
      const folders = dirents.filter((d) => d.isDirectory()).map((d) => d.name).sort();
      const links = dirents.filter((d) => d.isSymbolicLink()).map((d) => d.name).sort();
      return {
        kind: 'unreadable',
        why: 'not-regular',
        ...(names.length <= 2048 ? { entries: names, folders, links } : { tooMany: true as const }),
      };
    }
    if (!stat.isFile()) return { kind: 'unreadable', why: 'not-regular' };
    return { kind: 'text', text: readFileSync(abs, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? { kind: 'missing' } : { kind: 'unreadable', why: 'error' };
  }
}

export function diskProject(prefix: string): DiskProject {
  const base = mkdtempSync(join(tmpdir(), prefix));
  const root = join(base, 'ws');
  const away = join(base, 'away');
  mkdirSync(root);
  mkdirSync(away);
  return {
    root,
    away,
    home: join(base, 'home'),
    write(files) {
      for (const [rel, text] of Object.entries(files)) {
        const path = rel.startsWith('/') ? rel : join(root, rel);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, text);
      }
    },
    env(cwd = root) {
      return shellEnv({
        cwd,
        home: join(base, 'home'),
        workspaceRoots: [root],
        tempDirs: [],
        readScript: readFromDisk,
      });
    },
    remove() {
      rmSync(base, { recursive: true, force: true });
    },
  };
}
