// Test helper: the real git run in a test repository, with a scratch HOME and no system configuration, a fixed
// author, output discarded (for building fixtures: init, add, commit) or returned (gitOut).
import { execFileSync } from 'node:child_process';

export function runGit(cwd: string, home: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, GIT_CONFIG_NOSYSTEM: '1' },
    stdio: 'ignore',
  });
}

/** The real git's standard output for `args`, trimmed (a hash, a type). */
export function gitOut(cwd: string, home: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, GIT_CONFIG_NOSYSTEM: '1' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}
