import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, fixedClock, IoError, NO_POLICY } from '../core';
import { AuditRecordError } from './audit-record';
import { parseAuditLine } from './parse-audit-line';
import { recordDecision } from './record-decision';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'gavel-audit-record-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const decision = decide({
  verdict: 'escalate',
  basis: 'no-model',
  reason: 'no model is configured',
  policy: NO_POLICY,
});

describe('recordDecision', () => {
  it('writes the record at the clock time and returns what it wrote', () => {
    const file = join(tmp, 'logs', 'decisions.ndjson');
    const clock = fixedClock('2026-11-29T22:10:00.000Z');
    const first = recordDecision({ file, decision, context: { surface: 'ask', kind: 'scope' }, clock });
    clock.advance(1500);
    const second = recordDecision({ file, decision, context: { surface: 'ask', kind: 'scope' }, clock });
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.map(parseAuditLine)).toEqual([first, second]);
    expect([first.time, second.time]).toEqual(['2026-11-29T22:10:00.000Z', '2026-11-29T22:10:01.500Z']);
  });

  it('a record that cannot be built writes nothing', () => {
    const file = join(tmp, 'nothing', 'decisions.ndjson');
    const context = { surface: 'ask' as const, kind: 'scope', subject: 'not a hash' };
    expect(() =>
      recordDecision({ file, decision, context, clock: fixedClock('2026-11-29T22:10:00Z') }),
    ).toThrow(AuditRecordError);
    expect(existsSync(file)).toBe(false);
  });

  it('a log that cannot be written is an IoError', () => {
    const file = join(tmp, 'logs', 'decisions.ndjson', 'under-a-file.ndjson');
    const clock = fixedClock('2026-11-29T22:10:00Z');
    expect(() =>
      recordDecision({ file, decision, context: { surface: 'check', kind: 'shell' }, clock }),
    ).toThrow(IoError);
  });
});
