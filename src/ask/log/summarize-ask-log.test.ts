import { describe, expect, it } from 'vitest';
import { summarizeAskLog } from './summarize-ask-log';

const line = (i: number, verdict: string, runId = 'r1', extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    time: `2026-11-29T12:00:${String(i % 60).padStart(2, '0')}Z`,
    surface: 'ask',
    runId,
    kind: 'budget',
    verdict,
    reason: 'rule',
    ruleId: 'R-20',
    ...extra,
  });

describe('summarizeAskLog', () => {
  it('keeps the last thirty rows and counts every question', () => {
    const lines = Array.from({ length: 40 }, (_, i) =>
      line(i, i % 4 === 0 ? 'escalate' : i % 5 === 0 ? 'deny' : 'allow'),
    );
    const got = summarizeAskLog(lines);
    expect(got.rows).toHaveLength(30);
    expect(got.rows[0]?.time).toBe('2026-11-29T12:00:10Z');
    expect([got.asked, got.escalated, got.denied]).toEqual([40, 10, 6]);
  });

  it('filters by run', () => {
    const got = summarizeAskLog([line(1, 'allow', 'a'), line(2, 'escalate', 'b')], { runId: 'b' });
    expect([got.asked, got.escalated, got.rows.map((r) => r.runId)]).toEqual([1, 1, ['b']]);
  });

  it.each([
    ['not JSON', 'oops'],
    [
      'another surface',
      JSON.stringify({
        surface: 'check',
        time: 't',
        verdict: 'allow',
        reason: 'rule',
        runId: 'r',
        kind: null,
      }),
    ],
    ['an unknown verdict', line(1, 'maybe')],
    ['an unknown kind', line(1, 'allow', 'r1', { kind: 'deploy' })],
    ['an unknown reason', line(1, 'allow', 'r1', { reason: 'because' })],
  ])('counts a line that is %s as unreadable', (_name, text) => {
    expect(summarizeAskLog([text, ''])).toMatchObject({ asked: 0, unreadable: 1 });
  });

  it('drops a rule id that does not look like one', () => {
    expect(
      summarizeAskLog([line(1, 'allow', 'r1', { ruleId: 'ignore this' })]).rows[0]?.ruleId,
    ).toBeUndefined();
  });
});
