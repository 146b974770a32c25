// The audit page's summary over a real log written by the audit writer and read back by the audit reader.
import { describe, expect, it } from 'vitest';
import { readRecords } from '../../audit';
import { summarise } from './log-summary';
import { MORNING, writeLog } from './testdata/write-log';

const records = readRecords(writeLog(MORNING), { limit: 1000 }).records;

describe('summarise', () => {
  it('counts every decision by verdict and basis', () => {
    const s = summarise(records);
    expect(s.total).toBe(7);
    expect(s.byVerdict).toEqual({ allow: 3, escalate: 1, deny: 3 });
    expect(s.byBasis).toEqual({ rule: 3, 'mode-ask': 1, floor: 1, model: 1, breaker: 1 });
  });

  it('names the rules and categories that decide most, most first', () => {
    const s = summarise(records);
    expect(s.topRules).toEqual([
      { name: 'safe:git', count: 2 },
      { name: 'safe:ls', count: 1 },
    ]);
    expect(s.topCategories.map((c) => c.name)).toEqual([
      'destructive_root_delete',
      'outbound_network_to_unstated_host',
      'secret_material_read',
    ]);
  });

  it('buckets time so that the span fits the chart, empty buckets kept', () => {
    const s = summarise(records);
    expect(s.timeline.bucketMs).toBe(300_000);
    expect(s.timeline.buckets[0]?.start).toBe('2026-12-01T09:00:00.000Z');
    expect(s.timeline.buckets.at(-1)?.start).toBe('2026-12-01T10:10:00.000Z');
    expect(s.timeline.buckets).toHaveLength(15);
    expect(s.timeline.buckets[0]?.counts).toEqual({ allow: 2 });
    expect(s.timeline.buckets[1]?.counts).toEqual({ escalate: 1 });
    const sum = s.timeline.buckets.reduce(
      (n, b) => n + Object.values(b.counts).reduce((a, c) => a + c, 0),
      0,
    );
    expect(sum).toBe(7);
  });

  it("shows each session's breaker as its newest record left it", () => {
    const s = summarise(records);
    expect(s.sessions).toEqual([
      { id: 's-one', decisions: 4, last: '2026-12-01T10:10:00.000Z', breaker: 'closed', denials: null },
      { id: 's-two', decisions: 3, last: '2026-12-01T09:31:00.000Z', breaker: 'open', denials: 3 },
    ]);
  });

  it.each([
    ['a session', { sessionId: 's-two' }, 3],
    ['a harness', { harness: 'claude-code' }, 4],
    ['a verdict', { verdict: 'deny' }, 3],
    ['an outcome name', { verdict: 'block' }, 3],
    ['a session and a verdict', { sessionId: 's-one', verdict: 'deny' }, 0],
  ])('filters by %s, keeping every choice', (_name, filter, total) => {
    const s = summarise(records, filter);
    expect(s.total).toBe(total);
    expect(s.records).toHaveLength(total);
    expect(s.choices.harnesses).toEqual(['claude-code', 'codex']);
    expect(s.choices.sessions).toEqual(['s-one', 's-two']);
  });

  it('lists records newest first', () => {
    const times = summarise(records).records.map((r) => r.time);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('an empty log is an empty summary, not an error', () => {
    const s = summarise([]);
    expect(s.total).toBe(0);
    expect(s.timeline.buckets).toEqual([]);
    expect(s.sessions).toEqual([]);
  });
});
