import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBoundedFd } from './read-bounded-fd';
import { describeRefusal, readRegularFile } from './read-regular-file';

let dir: string;
let server: Server | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gavel-reader-'));
});
afterEach(() => {
  server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const fifo = (name: string) => {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  return path;
};

describe('readRegularFile', () => {
  it('reads a regular file whole', () => {
    writeFileSync(join(dir, 'a.json'), '{"a":1}');
    expect(readRegularFile(join(dir, 'a.json'), 100)).toEqual({ ok: true, text: '{"a":1}', bytes: 7 });
  });

  it.each([
    ['a FIFO (no writer: would block forever)', () => fifo('f'), 'not-regular', 'a FIFO'],
    [
      'a symlink to a FIFO',
      () => {
        const target = fifo('f');
        symlinkSync(target, join(dir, 'link'));
        return join(dir, 'link');
      },
      'not-regular',
      'a FIFO',
    ],
    ['/dev/zero (endless)', () => '/dev/zero', 'not-regular', 'a character device'],
    [
      'a directory',
      () => {
        mkdirSync(join(dir, 'd'));
        return join(dir, 'd');
      },
      'not-regular',
      'a directory',
    ],
    [
      'a file over the bound',
      () => {
        writeFileSync(join(dir, 'big'), 'x'.repeat(101));
        return join(dir, 'big');
      },
      'too-large',
      undefined,
    ],
    ['a missing file', () => join(dir, 'none'), 'missing', undefined],
  ])('refuses %s without opening or reading it whole', (_n, make, refusal, kind) => {
    const r = readRegularFile(make(), 100);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.refusal).toBe(refusal);
    if (kind) expect(r.kind).toBe(kind);
  });

  it('refuses a socket', async () => {
    const path = join(dir, 's.sock');
    server = createServer();
    await new Promise<void>((resolve) => server?.listen(path, resolve));
    const r = readRegularFile(path, 100);
    expect(r).toMatchObject({ ok: false, refusal: 'not-regular', kind: 'a socket' });
  });

  it.each([
    [
      'a FIFO',
      { ok: false, refusal: 'not-regular', code: 'ENOTREG', kind: 'a FIFO' } as const,
      '`in.json` is a FIFO, not a regular file',
    ],
    [
      'a large file',
      { ok: false, refusal: 'too-large', code: 'EFBIG' } as const,
      '`in.json` is larger than 100 bytes',
    ],
    [
      'an errno',
      { ok: false, refusal: 'unreadable', code: 'EACCES' } as const,
      'cannot read `in.json` (EACCES)',
    ],
  ])('describes %s in one line', (_n, read, want) => {
    expect(describeRefusal('in.json', read, 100)).toBe(want);
  });
});

describe('readBoundedFd', () => {
  it('cuts an endless input (/dev/zero) at the bound', () => {
    const fd = openSync('/dev/zero', 'r');
    try {
      const r = readBoundedFd(fd, 64 * 1024 * 1024);
      expect(r.cut).toBe(true);
      expect(r.text.length).toBe(64 * 1024 * 1024);
    } finally {
      closeSync(fd);
    }
  });

  it('reads a short input whole', () => {
    writeFileSync(join(dir, 'q'), '{"kind":"x"}');
    const fd = openSync(join(dir, 'q'), 'r');
    try {
      expect(readBoundedFd(fd, 100)).toMatchObject({ text: '{"kind":"x"}', cut: false, more: false });
    } finally {
      closeSync(fd);
    }
  });
});
