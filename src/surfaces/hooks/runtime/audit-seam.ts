/**
 * The seam where a surface of action review records each decision: one audit line per decision.
 * LEAD: wire src/audit's record builder and append function here (Decision + {surface, kind, sessionId, runId,
 * subject}). The subject is `requestSubject()`, which can hold a command: the audit module redacts it.
 * Surfaces call `record` exactly once per decision they answer, including fail-closed answers.
 */

import type { Decision } from '../../../core';

export interface AuditMeta {
  surface: 'check';
  /** The harness or command: `claude-code`, `codex`, `pi`, `cli`. */
  kind: string;
  sessionId?: string;
  runId?: string;
  subject: string;
}

export type AuditSink = (decision: Decision, meta: AuditMeta) => void;

/** Until src/audit is wired in, decisions are not persisted. Tests inject a sink that collects them. */
export const defaultAuditSink: AuditSink = () => {};
