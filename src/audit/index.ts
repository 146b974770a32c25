/**
 * audit: one NDJSON line per decision, appended safely by many processes, and read back for
 * `gavel log`. Never holds untrusted text or a secret.
 */

export {
  AUDIT_DIR_MODE,
  AUDIT_FILE_MODE,
  appendRecord,
  closeAuditLogs,
  MAX_OPEN_LOGS,
  openAuditLogCount,
} from './append-record';
export {
  type AuditDetail,
  type AuditDetailValue,
  checkDetail,
  DETAIL_LIMITS,
  type DetailCheck,
} from './audit-detail';
export {
  AUDIT_FORMAT_VERSION,
  AUDIT_LIMITS,
  AUDIT_LINE_MAX_BYTES,
  type AuditContext,
  type AuditModel,
  type AuditRecord,
  AuditRecordError,
  auditId,
  buildAuditRecord,
  formatAuditLine,
  INVALID_TOKEN,
  subjectOf,
} from './audit-record';
export { AUDIT_FILE_NAME, auditLogPath, DEFAULT_AUDIT_DIR, type LogPathInput } from './log-path';
export { type OtlpExport, openOtlpExport } from './otlp-export';
export { isAuditRecord, parseAuditLine } from './parse-audit-line';
export { isPreview, PREVIEW_MAX, PREVIEW_MODES, type PreviewMode, previewOf } from './preview';
export { type ReadOptions, type ReadResult, type RecordFilter, readRecords } from './read-records';
export { type RecordDecisionInput, recordDecision } from './record-decision';
export { REDACT_MAX_LENGTH, redact, redactSecrets } from './redact';
