import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Capability, decide, IoError, sha256Hex, type Verdict } from '../core';
import { appendRecord } from './append-record';
import { type AuditRecord, buildAuditRecord, formatAuditLine } from './audit-record';
import { READ_LINE_MAX_BYTES, type RecordFilter, readRecords } from './read-records';

let tmp: string;
let log: string;

const SURFACE_CYCLE: Capability[] = ['check', 'ask', 'route', 'judge'];
const VERDICT_CYCLE: Verdict[] = ['allow', 'escalate', 'deny'];
const COUNT = 60;

/** Record i: surface, verdict and session cycle, so every filter has a known answer. */
function recordAt(i: number): AuditRecord {
  const verdict = VERDICT_CYCLE[i % 3] ?? 'allow';
  const d = decide({
    verdict,
    outcome: verdict === 'allow' && i % 2 === 0 ? 'approve_with_flag' : undefined,
    basis: 'rule',
    reason: `decision number ${i} ${'é'.repeat(i % 7)}`,
    policy: { version: 1, sha256: sha256Hex('p') },
  });
  const at = new Date(Date.UTC(2026, 10, 29, 22, 0, i));
  return buildAuditRecord(
    d,
    { surface: SURFACE_CYCLE[i % 4] ?? 'check', kind: 'k', sessionId: `s${i % 5}` },
    at,
  );
}

const numbers = (records: AuditRecord[]) => records.map((r) => Number(r.reason.split(' ')[2]));

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'gavel-audit-read-'));
  log = join(tmp, 'decisions.ndjson');
  for (let i = 0; i < COUNT; i++) appendRecord(log, recordAt(i));
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('readRecords: the last N, oldest first', () => {
  it.each([
    ['whole file in one chunk', 1 << 20],
    ['chunks smaller than a line', 7],
    ['chunks of a few lines', 1000],
  ])('%s', (_name, chunkBytes) => {
    const got = readRecords(log, { limit: 5, chunkBytes });
    expect(numbers(got.records)).toEqual([55, 56, 57, 58, 59]);
    expect(got).toMatchObject({ exists: true, unreadable: 0 });
    expect(got.records[4]).toEqual(recordAt(59));
  });

  it('a limit above the count returns them all', () => {
    expect(numbers(readRecords(log, { limit: 1000, chunkBytes: 64 }).records)).toEqual(
      Array.from({ length: COUNT }, (_, i) => i),
    );
  });

  it('a limit of zero returns none', () => {
    expect(readRecords(log, { limit: 0 }).records).toEqual([]);
  });
});

describe('readRecords: filters', () => {
  const cases: [string, RecordFilter, number[]][] = [
    ['surface', { surface: 'route' }, [42, 46, 50, 54, 58]],
    ['verdict deny', { verdict: 'deny' }, [47, 50, 53, 56, 59]],
    ['outcome block is verdict deny', { verdict: 'block' }, [47, 50, 53, 56, 59]],
    ['outcome approve_with_flag', { verdict: 'approve_with_flag' }, [30, 36, 42, 48, 54]],
    ['session', { sessionId: 's3' }, [38, 43, 48, 53, 58]],
    ['surface and verdict together', { surface: 'check', verdict: 'escalate' }, [4, 16, 28, 40, 52]],
    ['a session no record has', { sessionId: 'nobody' }, []],
  ];
  it.each(cases)('%s', (_name, filter, want) => {
    expect(numbers(readRecords(log, { limit: 5, chunkBytes: 100, ...filter }).records)).toEqual(want);
  });
});

describe('readRecords: lines that are not records are counted, never returned', () => {
  function logWith(name: string, lines: string[]): string {
    const file = join(tmp, name);
    writeFileSync(file, lines.join(''));
    return file;
  }
  const good = (i: number) => formatAuditLine(recordAt(i));

  it.each([
    ['a torn last line after a crash', [good(1), good(2), good(3).slice(0, 40)], [1, 2], 1],
    ['garbage between records', [good(1), 'not json\n', '{"v":1}\n', good(2)], [1, 2], 2],
    ['a line of a future version', [good(1), good(2).replace('"v":1', '"v":2')], [1], 1],
    ['a last line without its newline that is whole', [good(1), good(2).trimEnd()], [1, 2], 0],
    ['blank lines and crlf', [good(1), '\n\n', good(2).replace('\n', '\r\n')], [1, 2], 0],
    [
      'an escape sequence smuggled into a reason',
      [good(1), good(2).replace('decision', '\\u001b[2Jdecision')],
      [1],
      1,
    ],
  ])('%s', (name, lines, want, unreadable) => {
    const got = readRecords(logWith(`${name}.ndjson`, lines), { limit: 10, chunkBytes: 50 });
    expect(numbers(got.records)).toEqual(want);
    expect(got.unreadable).toBe(unreadable);
  });

  it('a line over the read bound is one unreadable line, not held in memory whole', () => {
    const file = join(tmp, 'oversized.ndjson');
    writeFileSync(file, good(1));
    appendFileSync(file, `${'x'.repeat(READ_LINE_MAX_BYTES * 3)}\n`);
    appendFileSync(file, good(2));
    const got = readRecords(file, { limit: 10, chunkBytes: 4096 });
    expect(numbers(got.records)).toEqual([1, 2]);
    expect(got.unreadable).toBe(1);
  });

  it('stops reading once it has enough, so older damage is not counted', () => {
    const got = readRecords(logWith('old-damage.ndjson', ['garbage\n', good(1), good(2)]), { limit: 2 });
    expect(got.unreadable).toBe(0);
  });
});

describe('readRecords: the file itself', () => {
  it('a missing file is no records, not an error', () => {
    expect(readRecords(join(tmp, 'none', 'decisions.ndjson'), { limit: 5 })).toEqual({
      exists: false,
      records: [],
      unreadable: 0,
    });
  });

  it('an empty file exists and has no records', () => {
    const file = join(tmp, 'empty.ndjson');
    writeFileSync(file, '');
    expect(readRecords(file, { limit: 5 })).toEqual({ exists: true, records: [], unreadable: 0 });
  });

  it('a folder in place of the log is an IoError naming the path', () => {
    const dir = join(tmp, 'a-folder.ndjson');
    mkdirSync(dir);
    expect(() => readRecords(dir, { limit: 5 })).toThrow(IoError);
    expect(() => readRecords(dir, { limit: 5 })).toThrow(`\`${dir}\``);
  });

  it.each([[-1], [1.5], [Number.NaN]])('a limit of %s is a bug, refused', (limit) => {
    expect(() => readRecords(log, { limit })).toThrow(RangeError);
  });
});
