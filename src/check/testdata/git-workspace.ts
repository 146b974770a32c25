/**
 * Tests only: a workspace and a home folder under `base/name` for a repository made by git itself, git run there with
 * that home and no system configuration; the reader of both as the fixtures' WORKSPACE and HOME, and a judge of one
 * shell command through the whole pipeline with it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { judgeWithReader } from './judge-with-reader';
import { workspaceReader } from './workspace-reader';

export function gitWorkspace(base: string, name: string) {
  const ws = join(base, name, 'ws');
  const home = join(base, name, 'home');
  mkdirSync(ws, { recursive: true });
  mkdirSync(home, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: ws,
      env: { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1' },
    });
  const reader = workspaceReader(ws, home);
  const judge = (command: string) => judgeWithReader({ kind: 'shell', command }, 'Bash', reader);
  return { ws, home, git, judge };
}
