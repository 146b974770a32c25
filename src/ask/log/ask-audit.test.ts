import { describe, expect, it } from 'vitest';
import { buildAuditRecord, checkDetail, DETAIL_LIMITS } from '../../audit';
import { decide, NO_POLICY } from '../../core';
import type { Settled } from '../answer/settled';
import { EMPTY_RUN } from '../limits/run-state';
import { FACTS_BY_KIND, KINDS, type Kind } from '../question/kinds';
import { buildAskAudit } from './ask-audit';

/** The most a question can carry: every fact of its kind at its largest, a floor, a model and a prompt. */
function fullest(kind: Kind) {
  const facts = Object.fromEntries(
    Object.entries(FACTS_BY_KIND[kind]).map(([name, spec]) => [
      name,
      spec.type === 'boolean' ? true : spec.max,
    ]),
  );
  const settled: Settled = {
    verdict: 'escalate',
    basis: 'invalid-output',
    reason: 'the answer is not one JSON object; a person decides',
    problem: '`facts.x` must be a number',
    floor: ['irreversible', 'named-action', 'approval-untrusted-origin'],
    model: {
      provider: 'openai',
      model: 'gpt-4.1-mini',
      source: 'session-fallback',
      inputTokens: 9,
      outputTokens: 3,
      costUsd: 0.0001,
    },
    prompt: 'ask-arbiter@1',
    run: EMPTY_RUN,
  };
  const decision = decide({
    verdict: 'escalate',
    basis: 'invalid-output',
    reason: settled.reason,
    ms: 3,
    policy: NO_POLICY,
  });
  return buildAskAudit({
    runId: 'nightly-1',
    sessionId: 'sess-1',
    byRules: false,
    settled,
    decision,
    question: { kind, facts, options: 100, recommended: 99 },
    kind,
    mode: 'review-auto',
    disposition: 'notify-person',
  });
}

describe('buildAskAudit', () => {
  it.each(KINDS.map((k) => [k]))('keeps a `%s` question within the audit detail limits', (kind) => {
    const audit = fullest(kind);
    const checked = checkDetail(audit.context.detail);
    expect(checked.ok).toBe(true);
    expect(Object.keys(audit.context.detail ?? {}).length).toBeLessThanOrEqual(DETAIL_LIMITS.keys);
    const record = buildAuditRecord(audit.decision, audit.context, new Date('2026-11-29T12:00:00Z'));
    expect(record).toMatchObject({ surface: 'ask', kind, runId: 'nightly-1', sessionId: 'sess-1' });
    expect(record.detail).toMatchObject({
      ...Object.fromEntries(Object.keys(FACTS_BY_KIND[kind]).map((f) => [f, expect.anything()])),
      floor: 'irreversible,named-action,approval-untrusted-origin',
      modelSource: 'session-fallback',
      prompt: 'ask-arbiter@1',
    });
  });

  it('folds the first problem into the reason, in gavel’s words', () => {
    expect(fullest('budget').decision.reason).toBe(
      'the answer is not one JSON object; a person decides: `facts.x` must be a number',
    );
  });

  it('hashes the validated question as the subject, and leaves it out for an unread one', () => {
    const a = fullest('budget');
    const b = fullest('budget');
    expect(a.context.subject).toMatch(/^[0-9a-f]{64}$/);
    expect(a.context.subject).toBe(b.context.subject);
    const unread = buildAskAudit({
      runId: 'r',
      byRules: true,
      settled: { verdict: 'escalate', basis: 'invalid-input', reason: 'x', run: EMPTY_RUN },
      decision: decide({
        verdict: 'escalate',
        basis: 'invalid-input',
        reason: 'x',
        ms: 0,
        policy: NO_POLICY,
      }),
      question: undefined,
      kind: null,
      mode: 'review-auto',
      disposition: 'notify-person',
    });
    expect([unread.context.subject, unread.context.kind, unread.context.detail]).toEqual([
      undefined,
      'unknown',
      { mode: 'review-auto', disposition: 'notify-person' },
    ]);
  });
});
