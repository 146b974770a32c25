import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES, readConfigFile } from './read-config-file';

let dir: string;
let rescuers: ChildProcess[];
let servers: Server[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gavel-read-'));
  rescuers = [];
  servers = [];
});

afterEach(async () => {
  for (const child of rescuers) child.kill('SIGKILL');
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A real FIFO, plus a child that opens it for writing after 5 s. A blocking read cannot be interrupted
 * by vitest's own timeout (the event loop is stuck), so the child is what ends a regression: the read
 * then sees an empty file and the assertions below fail instead of the run hanging.
 */
function fifo(path: string): string {
  execFileSync('mkfifo', [path]);
  const code = `setTimeout(() => require('node:fs').openSync(${JSON.stringify(path)}, 'w'), 5000)`;
  rescuers.push(spawn(process.execPath, ['-e', code], { stdio: 'ignore' }));
  return path;
}

async function socket(path: string): Promise<string> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((done) => server.listen(path, done));
  return path;
}

describe('readConfigFile: only a regular file is ever read', () => {
  it.each<[string, () => string | Promise<string>]>([
    ['a FIFO', () => fifo(join(dir, 'gavel.toml'))],
    ['a symlink to a FIFO', () => symlink(fifo(join(dir, 'pipe')))],
    ['a folder', () => folder(join(dir, 'gavel.toml'))],
    ['a symlink to a folder', () => symlink(folder(join(dir, 'sub')))],
    ['a socket', () => socket(join(dir, 'gavel.toml'))],
    ['a symlink to a device', () => symlink('/dev/zero')],
  ])('refuses %s, naming the file', { timeout: 10_000 }, async (_name, make) => {
    const file = await make();
    const read = readConfigFile(file);
    expect(read).toEqual({ ok: false, problem: { file, keyPath: '', message: 'is not a regular file' } });
  });

  it('reads a regular file, and one reached through a symlink', () => {
    writeFileSync(join(dir, 'real.toml'), '[check]\nmode = "ask"\n');
    expect(readConfigFile(join(dir, 'real.toml'))).toEqual({ ok: true, text: '[check]\nmode = "ask"\n' });
    expect(readConfigFile(symlink(join(dir, 'real.toml')))).toEqual({
      ok: true,
      text: '[check]\nmode = "ask"\n',
    });
  });

  it.each([
    ['a missing file', () => join(dir, 'absent.toml')],
    ['a dangling symlink', () => symlink(join(dir, 'absent.toml'))],
  ])('treats %s as absent', (_name, make) => {
    expect(readConfigFile(make())).toEqual({ ok: true, text: undefined });
  });

  it('names a symlink loop as unreadable', () => {
    symlinkSync(join(dir, 'loop'), join(dir, 'loop'));
    const read = readConfigFile(join(dir, 'loop'));
    expect(read).toMatchObject({ ok: false, problem: { message: 'cannot be read (ELOOP)' } });
  });
});

describe('readConfigFile: size cap', () => {
  it.each([
    ['exactly the cap', MAX_CONFIG_BYTES, true],
    ['one byte over the cap', MAX_CONFIG_BYTES + 1, false],
    ['ten times the cap', 10 * MAX_CONFIG_BYTES, false],
  ])('%s', (_name, size, fits) => {
    const file = join(dir, 'big.toml');
    writeFileSync(file, Buffer.alloc(size, 0x23)); // '#': a TOML comment, valid at any size
    const read = readConfigFile(file);
    if (fits) {
      expect(read.ok && read.text?.length).toBe(size);
    } else {
      expect(read).toEqual({
        ok: false,
        problem: { file, keyPath: '', message: 'is larger than 1048576 bytes (1 MiB)' },
      });
    }
  });
});

function symlink(target: string): string {
  const link = join(dir, `link-${Math.random().toString(36).slice(2)}`);
  symlinkSync(target, link);
  return link;
}

function folder(path: string): string {
  mkdirSync(path);
  return path;
}
