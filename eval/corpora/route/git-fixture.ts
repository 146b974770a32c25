/**
 * Builds real git repositories in temporary folders for route's tests, evals and benchmark: real `git`
 * commands, real commits and real submodules (file protocol allowed only for those commands). Every
 * commit has a fixed identity and date so the same case builds the same history.
 */

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface Author {
  name: string;
  email: string;
}

export const MAINTAINER: Author = { name: 'Mae Maintainer', email: 'mae@example.org' };
export const NEWCOMER: Author = { name: 'Nico Newcomer', email: 'nico@example.net' };

let tick = 0;

export function gitEnv(author: Author = MAINTAINER): NodeJS.ProcessEnv {
  const date = `2026-01-01T00:00:${String(tick % 60).padStart(2, '0')}Z`;
  return {
    PATH: process.env.PATH,
    HOME: tmpdir(),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: author.name,
    GIT_COMMITTER_EMAIL: author.email,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
  };
}

export function git(cwd: string, args: readonly string[], author?: Author): string {
  tick++;
  return execFileSync('git', args as string[], {
    cwd,
    env: gitEnv(author),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export class Repo {
  constructor(readonly dir: string) {}

  static create(root: string, name: string): Repo {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    git(dir, ['init', '-q', '-b', 'main']);
    return new Repo(dir);
  }

  write(files: Record<string, string>): this {
    for (const [path, text] of Object.entries(files)) {
      const full = join(this.dir, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
    return this;
  }

  remove(paths: readonly string[]): this {
    git(this.dir, ['rm', '-q', '--', ...paths]);
    return this;
  }

  commit(message: string, author: Author = MAINTAINER): string {
    git(this.dir, ['add', '-A']);
    git(this.dir, ['commit', '-q', '--allow-empty', '-m', message], author);
    return this.head();
  }

  branch(name: string): this {
    git(this.dir, ['checkout', '-q', '-b', name]);
    return this;
  }

  head(): string {
    return git(this.dir, ['rev-parse', 'HEAD']).trim();
  }

  /** Adds `other` as a submodule at `path` (a real `git submodule add` over the file protocol). */
  addSubmodule(other: Repo, path: string): this {
    git(this.dir, ['-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', other.dir, path]);
    return this;
  }

  /** Moves the submodule at `path` to `sha`, fetched from its origin. */
  bumpSubmodule(path: string, sha: string): this {
    const sub = join(this.dir, path);
    git(sub, ['-c', 'protocol.file.allow=always', 'fetch', '-q', 'origin']);
    git(sub, ['checkout', '-q', sha]);
    git(this.dir, ['add', path]);
    return this;
  }

  /** Removes the submodule's checkout (as a clone without `--recurse-submodules` would have it). */
  deinitSubmodule(path: string): this {
    git(this.dir, ['submodule', 'deinit', '-q', '-f', path]);
    return this;
  }
}

export function tempRoot(prefix = 'gavel-route-'): { root: string; cleanup(): void } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** `n` lines of plausible code, different per seed. */
export function codeLines(n: number, seed = 'x'): string {
  return `${Array.from({ length: n }, (_, i) => `export const ${seed}${i} = ${i} * 2;`).join('\n')}\n`;
}
