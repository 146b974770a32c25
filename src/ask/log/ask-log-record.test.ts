import { describe, expect, it } from 'vitest';
import { decide } from '../../core';
import type { Settled } from '../answer/settled';
import { EMPTY_RUN } from '../limits/run-state';
import { askAuditEntry, buildAskLogRecord, type RecordParts } from './ask-log-record';

const decision = decide({
  verdict: 'escalate',
  basis: 'floor',
  reason: 'r',
  categories: ['irreversible'],
  policy: { version: 2, sha256: 'ab' },
});
const settled: Settled = {
  verdict: 'escalate',
  basis: 'floor',
  reason: 'r',
  floor: ['irreversible'],
  run: EMPTY_RUN,
};
const parts = (over: Partial<RecordParts> = {}): RecordParts => ({
  runId: 'run-9',
  byRules: true,
  settled,
  decision,
  question: undefined,
  kind: 'budget',
  mode: 'review-auto',
  time: '2026-11-29T00:00:00.000Z',
  disposition: 'notify-person',
  ...over,
});

describe('buildAskLogRecord', () => {
  it('records a floor question with its causes and no model', () => {
    expect(buildAskLogRecord(parts())).toEqual({
      time: '2026-11-29T00:00:00.000Z',
      surface: 'ask',
      runId: 'run-9',
      mode: 'review-auto',
      kind: 'budget',
      verdict: 'escalate',
      outcome: 'escalate',
      reason: 'floor',
      floor: ['irreversible'],
      tokens: { input: 0, output: 0 },
      costUsd: 0,
      ms: 0,
      rules: { version: 2, sha256: 'ab' },
      disposition: 'notify-person',
    });
  });

  it('names the rules evaluator as the model when it decided', () => {
    const ruled = decide({
      verdict: 'allow',
      basis: 'rule',
      reason: 'r',
      ruleId: 'R-20',
      policy: { version: 2, sha256: 'ab' },
    });
    const record = buildAskLogRecord(
      parts({ decision: ruled, settled: { ...settled, basis: 'rule', verdict: 'allow' } }),
    );
    expect(record.model).toEqual({ provider: 'gavel', model: 'rules', source: 'rules' });
  });
});

describe('askAuditEntry', () => {
  it('hands the audit log the decision, who decided and typed detail', () => {
    const record = buildAskLogRecord(
      parts({
        sessionId: 's-1',
        question: {
          kind: 'budget',
          facts: { budgetUsedPercent: 5, raisesBudget: false },
          options: 2,
          recommended: 1,
        },
      }),
    );
    expect(askAuditEntry(decision, record)).toEqual({
      decision,
      surface: 'ask',
      kind: 'budget',
      runId: 'run-9',
      sessionId: 's-1',
      detail: {
        mode: 'review-auto',
        disposition: 'notify-person',
        facts: { budgetUsedPercent: 5, raisesBudget: false },
        options: 2,
        recommended: 1,
        floor: ['irreversible'],
      },
    });
  });

  it('calls an unknown kind `unknown`', () => {
    expect(askAuditEntry(decision, buildAskLogRecord(parts({ kind: null }))).kind).toBe('unknown');
  });
});
