// Inputs that are not regular files, or have no end, given to `gavel route` and `gavel ask`: each is refused
// with one line (exit 2) or, for files the arbiter reads on its own, reported and failed closed, and never
// hangs. Real special files (mkfifo, a Unix socket, /dev/zero) and, for stdin, the built CLI in a real process.
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempRoot } from '../../../eval/corpora/route';
import { budgetQuestion } from '../../ask/testdata/question-kit';
import { EXIT } from '../../core';
import { routeRepo, runCli } from './commands/route/testdata/route-cli';
import { runMain } from './fake-context.testkit';

const ROOT = join(import.meta.dirname, '..', '..', '..');
let tmp: ReturnType<typeof tempRoot>;
let server: Server | undefined;
beforeEach(() => {
  tmp = tempRoot('gavel-hostile-cli-');
});
afterEach(() => {
  server?.close();
  server = undefined;
  tmp.cleanup();
});

const fifo = (name: string) => {
  const path = join(tmp.root, name);
  execFileSync('mkfifo', [path]);
  return path;
};
async function socket(name: string): Promise<string> {
  const path = join(tmp.root, name);
  server = createServer();
  await new Promise<void>((resolve) => server?.listen(path, resolve));
  return path;
}
function sparse(name: string, bytes: number): string {
  const path = join(tmp.root, name);
  const fd = openSync(path, 'w');
  writeFileSync(fd, 'x');
  closeSync(fd);
  execFileSync('truncate', ['-s', String(bytes), path]);
  return path;
}

describe('gavel route refuses inputs that are not bounded regular files', () => {
  it.each([
    ['--pr', 'a FIFO', async () => fifo('pr.json'), 'is a FIFO, not a regular file'],
    ['--findings', '/dev/zero', async () => '/dev/zero', 'is a character device, not a regular file'],
    ['--run-log', 'a socket', async () => socket('log.sock'), 'is a socket, not a regular file'],
    ['--run-log', 'a directory', async () => tmp.root, 'is a directory, not a regular file'],
    ['--findings', 'a file over 32 MiB', async () => sparse('big.json', 33 * 1024 * 1024), 'is larger than'],
  ])('%s given %s: exit 2 and one line', async (flag, _n, make, want) => {
    const r = routeRepo(tmp.root);
    r.write({ 'README.md': 'x\n' });
    r.commit('c');
    const res = await runCli(['route', flag, await make()], r.dir, tmp.root);
    expect(res.code).toBe(EXIT.usage);
    expect(res.err).toContain(want);
    expect(res.err.trim().split('\n')).toHaveLength(1);
  });
});

describe('gavel ask refuses or fails closed on special files', () => {
  let dir: string;
  beforeEach(() => {
    dir = join(tmp.root, 'project');
    mkdirSync(dir);
    execFileSync('git', ['init', '-q', dir]);
  });
  const ask = (args: string[], stdin = '') =>
    runMain(['ask', ...args], {
      cwd: dir,
      env: { HOME: tmp.root, XDG_CONFIG_HOME: join(tmp.root, 'xdg') },
      stdin,
      clock: '2026-11-29T12:00:00Z',
    });
  const question = JSON.stringify(budgetQuestion(10));

  it.each([
    ['a FIFO', () => fifo('q.json'), 'is a FIFO, not a regular file'],
    ['/dev/zero', () => '/dev/zero', 'is a character device, not a regular file'],
  ])('--file given %s: exit 2 and one line', async (_n, make, want) => {
    const res = await ask(['--file', make()]);
    expect(res.code).toBe(EXIT.usage);
    expect(res.err).toContain(want);
    expect(res.err.trim().split('\n')).toHaveLength(1);
  });

  it.each([
    ['a FIFO', (p: string) => execFileSync('mkfifo', [p])],
    ['a symlink to /dev/zero', (p: string) => execFileSync('ln', ['-s', '/dev/zero', p])],
  ])('.gavel/arbiter-rules.json as %s: every question escalates with rules-invalid', async (_n, plant) => {
    mkdirSync(join(dir, '.gavel'));
    plant(join(dir, '.gavel', 'arbiter-rules.json'));
    const res = await ask(['--json'], question);
    expect(JSON.parse(res.out).basis).toBe('rules-invalid');
    expect(res.err).toContain('not a regular file');
  });

  it('a FIFO in place of the run state is damaged state: the run counts as over its cap', async () => {
    mkdirSync(join(dir, '.gavel', 'runs', 'r1'), { recursive: true });
    execFileSync('mkfifo', [join(dir, '.gavel', 'runs', 'r1', 'ask-state.json')]);
    const res = await ask(['--json', '--run-id', 'r1'], question);
    expect(res.err).toContain('is damaged');
  });
});

describe('an endless stdin is cut at a bound (the built CLI, a real process)', () => {
  const bin = join(ROOT, 'bin', 'gavel');
  it.runIf(existsSync(join(ROOT, 'dist', 'gavel.mjs')))(
    '`gavel ask` with /dev/zero on stdin ends with exit 2 and one line',
    () => {
      const home = mkdtempSync(join(tmpdir(), 'gavel-home-'));
      try {
        const zero = openSync('/dev/zero', 'r');
        const run = spawnSync(bin, ['ask'], {
          cwd: home,
          env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, 'xdg') },
          stdio: [zero, 'pipe', 'pipe'],
          encoding: 'utf8',
          timeout: 60_000,
        });
        closeSync(zero);
        expect(run.status).toBe(EXIT.usage);
        expect(run.stderr).toMatch(
          new RegExp(`^gavel ask: stdin holds more than ${1024 * 1024} bytes[^\\n]*\\n$`),
        );
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  );
});
