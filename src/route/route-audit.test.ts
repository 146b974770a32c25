import { describe, expect, it } from 'vitest';
import { buildAuditRecord, checkDetail, formatAuditLine, parseAuditLine } from '../audit';
import { routeAuditContext, unrecordedResult } from './route-audit';
import { routeChange } from './route-change';
import { facts, file, shippedPolicy } from './testdata/policy';
import type { ReviewFindings } from './types';

const policy = shippedPolicy();
const high: ReviewFindings = {
  findings: [{ id: 'F', severity: 'critical', confidence: 0.95, category: 'security', path: 'src/app.ts' }],
  challenges: [],
};
const routed = {
  approve: routeChange(
    { facts: facts({ files: [file('README.md')] }), review: { findings: [], challenges: [] } },
    policy,
  ),
  approve_with_flag: routeChange(
    {
      facts: facts({ files: [file('src/auth/login.ts'), file('test/login.test.ts')] }),
      review: { findings: [], challenges: [] },
    },
    policy,
  ),
  escalate: routeChange(
    {
      facts: facts({ files: [file('.github/workflows/ci.yml'), file('src/app.ts', 60)] }),
      review: { findings: [], challenges: [] },
    },
    policy,
  ),
  block: routeChange({ facts: facts({ files: [file('src/app.ts', 80)] }), review: high }, policy),
};

describe('routeAuditContext', () => {
  it.each(Object.entries(routed))(
    '%s: typed facts only, within the audit detail limits',
    (outcome, result) => {
      expect(result.outcome).toBe(outcome);
      const context = routeAuditContext(result, { runId: 'run-1' });
      expect(checkDetail(context.detail).ok).toBe(true);
      const line = formatAuditLine(
        buildAuditRecord(result.decision, context, new Date('2026-01-01T00:00:00Z')),
      );
      expect(parseAuditLine(line.trimEnd())).toMatchObject({
        surface: 'route',
        kind: 'change',
        outcome,
        runId: 'run-1',
      });
      expect(line).not.toContain('src/');
      expect(line).not.toContain('a'.repeat(40));
    },
  );
});

describe('unrecordedResult', () => {
  it.each(['approve', 'approve_with_flag'] as const)(
    '%s becomes escalate, basis internal-error',
    (outcome) => {
      const r = unrecordedResult(routed[outcome], '/logs/decisions.ndjson');
      expect(r.outcome).toBe('escalate');
      expect(r.flag).toBeUndefined();
      expect(r.decision).toMatchObject({
        verdict: 'escalate',
        outcome: 'escalate',
        basis: 'internal-error',
        ruleId: 'route',
      });
      expect(r.decision.reason).toContain('`/logs/decisions.ndjson`');
      expect(r.escalation?.why).toEqual([expect.stringContaining('could not be written to the audit log')]);
      expect(r.risk).toBe(routed[outcome].risk);
    },
  );

  it.each(['escalate', 'block'] as const)('%s stands as it was', (outcome) => {
    expect(unrecordedResult(routed[outcome], '/logs/decisions.ndjson')).toBe(routed[outcome]);
  });
});
