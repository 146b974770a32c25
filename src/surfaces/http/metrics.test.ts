import { describe, expect, it } from 'vitest';
import { decide, NO_POLICY } from '../../core';
import { Metrics, readSnapshot, renderSnapshot, sumSnapshots } from './metrics';

const idle = { stalePolicy: false, inFlight: 0 };

describe('metrics of several workers', () => {
  it('sums counters, the histogram and in-flight requests; stale when any worker is', () => {
    const a = new Metrics();
    const b = new Metrics();
    a.observe(decide({ verdict: 'deny', basis: 'floor', reason: 'x', policy: NO_POLICY }), 3);
    b.observe(decide({ verdict: 'deny', basis: 'floor', reason: 'x', policy: NO_POLICY }), 30);
    b.observe(decide({ verdict: 'allow', basis: 'rule', reason: 'x', policy: NO_POLICY }), 1);
    b.refuse('too-large');
    const text = renderSnapshot(
      sumSnapshots([
        a.snapshot({ stalePolicy: true, inFlight: 2 }),
        b.snapshot({ stalePolicy: false, inFlight: 1 }),
      ]),
      { running: 2, reporting: 2 },
    );
    expect(text).toMatch(/^gavel_decisions_total\{verdict="deny",basis="floor"\} 2$/m);
    expect(text).toMatch(/^gavel_decisions_total\{verdict="allow",basis="rule"\} 1$/m);
    expect(text).toMatch(/^gavel_decision_duration_ms_count 3$/m);
    expect(text).toMatch(/^gavel_decision_duration_ms_bucket\{le="5"\} 2$/m);
    expect(text).toMatch(/^gavel_requests_refused_total\{reason="too-large"\} 1$/m);
    expect(text).toMatch(/^gavel_policy_stale 1$/m);
    expect(text).toMatch(/^gavel_requests_in_flight 3$/m);
    expect(text).toMatch(/^gavel_workers\{state="reporting"\} 2$/m);
  });

  it('renders one process alone as before, without the workers gauge', () => {
    expect(new Metrics().render(idle)).not.toContain('gavel_workers');
  });

  it.each([
    ['not an object', 3],
    [
      'a label outside the vocabulary',
      { ...new Metrics().snapshot(idle), decisions: [['verdict="x"} 1\nevil', 1]] },
    ],
    ['a refusal reason outside the vocabulary', { ...new Metrics().snapshot(idle), refused: [['why', 1]] }],
    ['a negative count', { ...new Metrics().snapshot(idle), count: -1 }],
    ['too few buckets', { ...new Metrics().snapshot(idle), buckets: [1] }],
  ])('refuses a snapshot that is %s', (_name, value) => {
    expect(readSnapshot(value)).toBeUndefined();
  });

  it('reads back a snapshot it made', () => {
    const m = new Metrics();
    m.refuse('timeout');
    const s = JSON.parse(JSON.stringify(m.snapshot(idle)));
    expect(readSnapshot(s)).toEqual(s);
  });
});
