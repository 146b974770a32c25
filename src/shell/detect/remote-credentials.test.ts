// A remote URL with a password or token in .git/config: printing it (`git remote -v`, `git config --get
// remote.origin.url`) is a secret read; a URL without one stays an ordinary read. Real repositories (git init,
// the remote written with fs into .git/config), read through a plain file reader as the surface's would.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { urlHoldsCredential } from '../classify/git-config';
import { loadShellParser } from '../parse/load-parser';
import { diskReader as reader } from '../testdata/disk-reader';
import { shellEnv } from '../testdata/shell-env';
import type { ShellEnv } from '../types';

let dir = '';
const envs: Record<'plain' | 'token' | 'insteadof', ShellEnv> = {} as never;

function repo(name: keyof typeof envs, config: string): void {
  const ws = join(dir, name);
  mkdirSync(ws);
  execFileSync('git', ['init', '-q'], {
    cwd: ws,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir },
  });
  appendFileSync(join(ws, '.git', 'config'), config);
  envs[name] = shellEnv({ cwd: ws, home: join(dir, 'home'), workspaceRoots: [ws], readScript: reader });
}

beforeAll(async () => {
  await loadShellParser();
  dir = mkdtempSync(join(tmpdir(), 'gavel-remote-'));
  repo('plain', '[remote "origin"]\n\turl = https://github.com/o/r.git\n');
  repo('token', '[remote "origin"]\n\turl = https://bob:s3cr3t-token@github.com/o/r.git\n');
  repo('insteadof', '[url "https://x-access-token:abc123@github.com/"]\n\tinsteadOf = https://github.com/\n');
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const categories = (command: string, env: ShellEnv) =>
  [...new Set(analyzeShellSync(command, env).hits.map((h) => h.category))].sort();

const PRINTERS = [
  'git config --get remote.origin.url',
  'git config remote.origin.url',
  'git remote -v',
  'git remote get-url origin',
  'git remote show origin',
  'git config -l',
  'git config --list',
  'git config get remote.origin.url',
  "git config --get-regexp '^remote'",
  'git ls-remote --get-url origin',
];

describe('printing a remote URL that holds a credential is a secret read', () => {
  it.each(PRINTERS)('token in the URL: %s', (command) => {
    expect(categories(command, envs.token)).toContain('secret_material_read');
  });
  it.each(['git remote -v', 'git config -l'])('token in an insteadOf base: %s', (command) => {
    expect(categories(command, envs.insteadof)).toContain('secret_material_read');
  });
});

describe('a URL without a credential, or a read that does not print it, stays ordinary', () => {
  it.each(PRINTERS)('plain URL: %s', (command) => {
    expect(categories(command, envs.plain)).not.toContain('secret_material_read');
  });
  it.each(['git config user.email', 'git remote', 'git status', 'git log -1'])(
    'credentialed repo, no URL printed: %s',
    (command) => {
      expect(categories(command, envs.token)).not.toContain('secret_material_read');
    },
  );
});

describe('urlHoldsCredential', () => {
  it.each<[string, boolean]>([
    ['https://user:pass@host/x', true],
    ['https://ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/o/r', true],
    ['https://oauth2:tok@gitlab.com/o/r', true],
    ['https://user@host/x', false],
    ['https://user:@host/x', false],
    ['git@github.com:o/r.git', false],
    ['ssh://git@host/x', false],
    ['https://host/a@b', false],
  ])('%s -> %s', (url, expected) => {
    expect(urlHoldsCredential(url)).toBe(expected);
  });
});
