import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, IoError, sha256Hex } from '../core';
import {
  AUDIT_FILE_MODE,
  appendAuditLine,
  appendRecord,
  closeAuditLogs,
  MAX_OPEN_LOGS,
  openAuditLogCount,
} from './append-record';
import { type AuditRecord, buildAuditRecord } from './audit-record';
import { parseAuditLine } from './parse-audit-line';

const WORKERS = 8;
const LINES_EACH = 500;
const REASON = 'confidential-looking reason text';

let tmp: string;
let worker: string;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'gavel-audit-append-'));
  worker = join(tmp, 'append-worker.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, 'testdata', 'append-worker.ts')],
    outfile: worker,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
  });
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function record(): AuditRecord {
  const d = decide({
    verdict: 'deny',
    basis: 'floor',
    reason: REASON,
    policy: { version: 1, sha256: sha256Hex('p') },
  });
  return buildAuditRecord(d, { surface: 'check', kind: 'shell' }, new Date('2026-11-29T22:00:00.000Z'));
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
}

function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) =>
      chunk.toString().startsWith('ready') ? resolve() : reject(new Error('worker did not start')),
    );
    child.once('exit', () => reject(new Error('worker exited before it was ready')));
  });
}

describe('appendRecord with many processes at once', () => {
  it(`${WORKERS} processes x ${LINES_EACH} lines: every line whole, each (process, seq) exactly once`, async () => {
    const file = join(tmp, 'concurrent', 'logs', 'decisions.ndjson');
    const go = join(tmp, 'go');
    const children = Array.from({ length: WORKERS }, (_, proc) =>
      spawn(process.execPath, [worker, file, String(proc), String(LINES_EACH), go], {
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    const exits = children.map(exited);
    await Promise.all(children.map(ready));
    writeFileSync(go, '');
    expect(await Promise.all(exits)).toEqual(Array(WORKERS).fill(0));

    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(WORKERS * LINES_EACH);
    const seen = new Set<string>();
    for (const line of lines) {
      const parsed = parseAuditLine(line);
      expect(parsed, 'a line that is not a whole record').toBeDefined();
      const { proc, seq } = parsed?.detail ?? {};
      expect(parsed?.reason.startsWith(`writer ${proc} line ${seq} `)).toBe(true);
      const key = `${proc}:${seq}`;
      expect(seen.has(key), `duplicate ${key}`).toBe(false);
      seen.add(key);
    }
    for (let proc = 0; proc < WORKERS; proc++) {
      for (let seq = 0; seq < LINES_EACH; seq++) expect(seen.has(`${proc}:${seq}`)).toBe(true);
    }
  });
});

describe('appendRecord', () => {
  it('creates the folder and a file only its owner may read', () => {
    const file = join(tmp, 'fresh', 'a', 'b', 'decisions.ndjson');
    appendRecord(file, record());
    appendRecord(file, record());
    expect(statSync(file).mode & 0o777).toBe(AUDIT_FILE_MODE);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(parseAuditLine(lines[0] ?? '')).toEqual(record());
  });

  it.each([
    ['a line without a newline', '{"v":1}'],
    ['two lines at once', '{"v":1}\n{"v":1}\n'],
  ])('refuses %s', (_name, line) => {
    expect(() => appendAuditLine(join(tmp, 'never.ndjson'), line)).toThrow(IoError);
  });

  const failures: [string, () => string, string][] = [
    [
      'a folder that cannot be created (its parent is a file)',
      () => {
        writeFileSync(join(tmp, 'plain-file'), '');
        return join(tmp, 'plain-file', 'logs', 'decisions.ndjson');
      },
      'ENOTDIR',
    ],
    ['a folder in a filesystem no one may write', () => '/sys/gavel-audit-test/decisions.ndjson', ''],
    [
      'a log that is a folder',
      () => {
        const path = join(tmp, 'is-a-dir', 'decisions.ndjson');
        mkdirSync(path, { recursive: true });
        return path;
      },
      'EISDIR',
    ],
    [
      'a log that is a symlink (a repository could plant one)',
      () => {
        const target = join(tmp, 'victim-rc');
        writeFileSync(target, 'export PATH=/usr/bin\n');
        const path = join(tmp, 'planted', 'decisions.ndjson');
        mkdirSync(join(tmp, 'planted'));
        symlinkSync(target, path);
        return path;
      },
      'ELOOP',
    ],
    [
      'a log that is a fifo (would hang a hook)',
      () => {
        const path = join(tmp, 'fifo.ndjson');
        execFileSync('mkfifo', [path]);
        return path;
      },
      'ENXIO',
    ],
  ];
  it.each(failures)('%s: an IoError naming the path, without the line', (_name, setup, code) => {
    const path = setup();
    let caught: unknown;
    try {
      appendRecord(path, record());
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(IoError);
    const message = (caught as IoError).message;
    expect(message).toContain(`\`${path}\``);
    expect(message).toContain(code);
    expect(message).not.toContain(REASON);
    expect(message).not.toContain('"v":1');
  });

  it('a folder mkdir refuses with ENOENT under an existing parent fails at once, never hangs', () => {
    // Node 20's recursive mkdir spins forever here; run the real writer in a child, bounded by a timeout.
    const go = join(tmp, 'go-now');
    writeFileSync(go, '');
    const path = '/proc/self/gavel-audit-test/decisions.ndjson';
    const run = spawnSync(process.execPath, [worker, path, '0', '1', go], {
      timeout: 20_000,
      encoding: 'utf8',
    });
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`cannot create the folder of the audit log \`${path}\` (ENOENT)`);
  });

  it('a folder its user may not write: an IoError naming the path (EACCES), without the line', () => {
    const folder = join(tmp, 'read-only');
    mkdirSync(folder, { mode: 0o555 });
    const path = join(folder, 'decisions.ndjson');
    if (process.getuid?.() !== 0) {
      expect(() => appendRecord(path, record())).toThrow(`cannot open the audit log \`${path}\` (EACCES)`);
      return;
    }
    // Root writes anywhere: run the real writer as an unprivileged user instead.
    chmodSync(tmp, 0o755);
    const go = join(tmp, 'go-now');
    writeFileSync(go, '');
    const run = spawnSync(process.execPath, [worker, path, '0', '1', go], {
      uid: 65534,
      gid: 65534,
      timeout: 20_000,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`cannot open the audit log \`${path}\` (EACCES)`);
    expect(run.stderr).not.toContain('writer 0 line 0');
  });

  it('leaves the target of a planted symlink untouched', () => {
    expect(readFileSync(join(tmp, 'victim-rc'), 'utf8')).toBe('export PATH=/usr/bin\n');
  });
});

describe('a log kept open between lines', () => {
  const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean);

  it('a rotated log (renamed away): the next line goes to a new file at the path', () => {
    const file = join(tmp, 'rotate', 'decisions.ndjson');
    appendRecord(file, record());
    renameSync(file, `${file}.1`);
    appendRecord(file, record());
    expect(lines(`${file}.1`)).toHaveLength(1);
    expect(lines(file)).toHaveLength(1);
  });

  it('a removed log: the next line is not written to the deleted file', () => {
    const file = join(tmp, 'removed', 'decisions.ndjson');
    appendRecord(file, record());
    rmSync(file);
    appendRecord(file, record());
    expect(lines(file)).toHaveLength(1);
    expect(statSync(file).mode & 0o777).toBe(AUDIT_FILE_MODE);
  });

  it('a log replaced by a symlink: refused (ELOOP), the target untouched', () => {
    const file = join(tmp, 'swapped', 'decisions.ndjson');
    appendRecord(file, record());
    const target = join(tmp, 'swapped-victim');
    writeFileSync(target, 'keep\n');
    rmSync(file);
    symlinkSync(target, file);
    expect(() => appendRecord(file, record())).toThrow(`the audit log \`${file}\` (ELOOP)`);
    expect(readFileSync(target, 'utf8')).toBe('keep\n');
  });

  it('a log made read-only: the kept descriptor is not used past the change', () => {
    const file = join(tmp, 'made-read-only', 'decisions.ndjson');
    appendRecord(file, record());
    chmodSync(file, 0o400);
    if (process.getuid?.() === 0) {
      // Root opens it anyway; what matters is that the file was opened again (one more line, whole).
      appendRecord(file, record());
      expect(lines(file)).toHaveLength(2);
      return;
    }
    expect(() => appendRecord(file, record())).toThrow(`cannot open the audit log \`${file}\` (EACCES)`);
    expect(lines(file)).toHaveLength(1);
  });

  it(`keeps at most ${MAX_OPEN_LOGS} open, and closes them all on demand`, () => {
    for (let i = 0; i < MAX_OPEN_LOGS + 3; i++) appendRecord(join(tmp, 'many', `${i}.ndjson`), record());
    expect(openAuditLogCount()).toBeLessThanOrEqual(MAX_OPEN_LOGS);
    const again = join(tmp, 'many', '0.ndjson');
    appendRecord(again, record());
    expect(lines(again)).toHaveLength(2);
    closeAuditLogs();
    expect(openAuditLogCount()).toBe(0);
    appendRecord(again, record());
    expect(lines(again)).toHaveLength(3);
  });
});
