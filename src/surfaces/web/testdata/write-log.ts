// A real audit log for the page's tests: decisions built by core, written by the audit writer.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordDecision } from '../../../audit';
import { type Basis, decide, fixedClock, NO_POLICY, type Verdict } from '../../../core';

export interface LogCase {
  time: string;
  verdict: Verdict;
  basis: Basis;
  kind: string;
  sessionId?: string;
  ruleId?: string;
  categories?: string[];
  reason?: string;
  /** The command, path or host the request named: the line keeps its redacted preview (ADR 0027). */
  preview?: string;
  detail?: Record<string, number | string | boolean | null>;
}

export function writeLog(cases: readonly LogCase[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'gavel-web-')), 'decisions.ndjson');
  for (const c of cases) {
    const decision = decide({
      verdict: c.verdict,
      basis: c.basis,
      reason: c.reason ?? `${c.verdict} by ${c.basis}`,
      policy: NO_POLICY,
      ...(c.ruleId ? { ruleId: c.ruleId } : {}),
      ...(c.categories ? { categories: c.categories } : {}),
    });
    recordDecision({
      file,
      decision,
      clock: fixedClock(c.time),
      context: {
        surface: 'check',
        kind: c.kind,
        ...(c.sessionId ? { sessionId: c.sessionId } : {}),
        ...(c.detail ? { detail: c.detail } : {}),
        ...(c.preview ? { preview: c.preview } : {}),
      },
    });
  }
  return file;
}

/** A morning of two sessions in two harnesses: reads allowed, a secret read escalated, a floor deny, a breaker. */
export const MORNING: LogCase[] = [
  { time: '2026-12-01T09:00:00.000Z', verdict: 'allow', basis: 'rule', kind: 'claude-code', sessionId: 's-one', ruleId: 'safe:git' },
  { time: '2026-12-01T09:01:00.000Z', verdict: 'allow', basis: 'rule', kind: 'claude-code', sessionId: 's-one', ruleId: 'safe:ls' },
  { time: '2026-12-01T09:05:00.000Z', verdict: 'escalate', basis: 'mode-ask', kind: 'claude-code', sessionId: 's-one', categories: ['secret_material_read'], reason: 'reads .env', preview: 'DB_PASSWORD=hunter2x cat .env' },
  { time: '2026-12-01T09:20:00.000Z', verdict: 'deny', basis: 'floor', kind: 'codex', sessionId: 's-two', categories: ['destructive_root_delete'], reason: 'deletes the root folder', preview: 'rm -rf /' },
  { time: '2026-12-01T09:30:00.000Z', verdict: 'deny', basis: 'model', kind: 'codex', sessionId: 's-two', categories: ['outbound_network_to_unstated_host'], detail: { breakerDenials: 3 } },
  { time: '2026-12-01T09:31:00.000Z', verdict: 'deny', basis: 'breaker', kind: 'codex', sessionId: 's-two', reason: 'the breaker is open' },
  { time: '2026-12-01T10:10:00.000Z', verdict: 'allow', basis: 'rule', kind: 'claude-code', sessionId: 's-one', ruleId: 'safe:git' },
];
