/**
 * Records one decision: builds its audit record at the clock's time and appends it to the log.
 * The one call a surface makes after deciding. Effect: appends to the file it is given, nothing else.
 * Throws AuditRecordError (a caller's bug) or IoError (the log cannot take the line); the caller
 * decides what an unrecorded decision means for its protocol, and never reports it as recorded.
 */

import type { Clock, Decision } from '../core';
import { appendRecord } from './append-record';
import { type AuditContext, type AuditRecord, buildAuditRecord } from './audit-record';

export interface RecordDecisionInput {
  /** The log file, from auditLogPath(). */
  file: string;
  decision: Decision;
  context: AuditContext;
  clock: Clock;
}

/** Returns the record as written. */
export function recordDecision(input: RecordDecisionInput): AuditRecord {
  const record = buildAuditRecord(input.decision, input.context, input.clock.now());
  appendRecord(input.file, record);
  return record;
}
