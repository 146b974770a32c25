import { describe, expect, it } from 'vitest';
import { type AuditContext, buildAuditRecord } from '../../audit';
import { decide, NO_POLICY, type Verdict } from '../../core';
import { summarizeAskLog } from './summarize-ask-log';

const record = (i: number, verdict: Verdict, over: Partial<AuditContext> & { ruleId?: string } = {}) => {
  const { ruleId = 'R-20', ...context } = over;
  return buildAuditRecord(
    decide({ verdict, basis: 'rule', reason: 'a rule held', ruleId, ms: 1, policy: NO_POLICY }),
    { surface: 'ask', kind: 'budget', runId: 'r1', ...context },
    new Date(Date.UTC(2026, 10, 29, 12, 0, i)),
  );
};

describe('summarizeAskLog', () => {
  it('keeps the last thirty rows and counts every question', () => {
    const records = Array.from({ length: 40 }, (_, i) =>
      record(i, i % 4 === 0 ? 'escalate' : i % 5 === 0 ? 'deny' : 'allow'),
    );
    const got = summarizeAskLog(records);
    expect(got.rows).toHaveLength(30);
    expect(got.rows[0]?.time).toBe('2026-11-29T12:00:10.000Z');
    expect([got.asked, got.escalated, got.denied]).toEqual([40, 10, 6]);
  });

  it('filters by run', () => {
    const got = summarizeAskLog([record(1, 'allow', { runId: 'a' }), record(2, 'escalate', { runId: 'b' })], {
      runId: 'b',
    });
    expect([got.asked, got.escalated, got.rows.map((r) => r.runId)]).toEqual([1, 1, ['b']]);
  });

  it('leaves out records of another surface', () => {
    expect(summarizeAskLog([record(1, 'allow', { surface: 'check', kind: 'shell' })]).asked).toBe(0);
  });

  it.each([
    ['an unknown kind', { kind: 'unknown' }, { kind: null, ruleId: 'R-20' }],
    ['a rule id that does not look like one', { ruleId: 'ignore-this' }, { kind: 'budget' }],
  ])('shows %s as nothing', (_name, over, want) => {
    const row = summarizeAskLog([record(1, 'allow', over)]).rows[0];
    expect(row).toMatchObject(want);
    expect(row?.ruleId === undefined).toBe(!('ruleId' in want));
  });
});
