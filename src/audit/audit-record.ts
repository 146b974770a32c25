/**
 * The audit record: one line of the decision log, built from a core Decision and its context.
 * Pure: the time is passed in; reads no file, no clock, no environment.
 * INVARIANT: no untrusted text and no secret reaches a record. Free text (the reason) is gavel's own
 * and still goes through redact(); identifiers must look like identifiers or are replaced; `detail`
 * holds only typed values; every field has a length bound, so a line never exceeds AUDIT_LINE_MAX_BYTES.
 */

import {
  type Authorization,
  type Basis,
  CAPABILITIES,
  type Capability,
  contentHash,
  type Decision,
  GavelError,
  isAuthorization,
  isBasis,
  isOutcome,
  isRisk,
  isVerdict,
  type Outcome,
  type Risk,
  sha256Hex,
  type Verdict,
  verdictOfOutcome,
} from '../core';
import type { AuditDetail } from './audit-detail';
import { checkDetail } from './audit-detail';
import { previewOf } from './preview';
import { redact } from './redact';

/** Raise when a field changes meaning or a required field is added; readers check it. */
export const AUDIT_FORMAT_VERSION = 1;

/** The hard bound on one line, newline included (see docs/audit.md for why it matters). */
export const AUDIT_LINE_MAX_BYTES = 4096;

/** Length bounds of each field, in characters. */
export const AUDIT_LIMITS = {
  reason: 280,
  kind: 48,
  ruleId: 64,
  category: 40,
  categories: 20,
  modelName: 96,
  id: 96,
} as const;

export interface AuditModel {
  provider: string;
  model: string;
  tokens: { input: number; output: number };
  costUsd: number;
}

/** One decision as written: every key is always present, `null` when it does not apply. */
export interface AuditRecord {
  v: typeof AUDIT_FORMAT_VERSION;
  /** ISO 8601, UTC, milliseconds. */
  time: string;
  /** The capability that decided. The wire name stays `surface` (ADR 0025): renaming it would bump the audit schema. */
  surface: Capability;
  kind: string;
  verdict: Verdict;
  outcome: Outcome;
  basis: Basis;
  reason: string;
  ruleId: string | null;
  categories: string[];
  risk: Risk | null;
  authorization: Authorization | null;
  policy: { version: number; sha256: string };
  model: AuditModel | null;
  ms: number;
  sessionId: string | null;
  runId: string | null;
  /** sha256 of the request, so a person can correlate without the request being stored. */
  subject: string | null;
  detail: AuditDetail | null;
  /**
   * What was decided, for people (ADR 0027): the command, path or host, redacted, escaped and bounded.
   * Absent under `[audit] preview = "hash-only"`, on surfaces that have none, and on lines written before it.
   */
  preview?: string;
}

export interface AuditContext {
  surface: Capability;
  /** What was decided: a tool kind (`shell`), a question kind (`budget`), `change`, `config`. */
  kind: string;
  sessionId?: string;
  runId?: string;
  /** 64 lower-case hex digits: sha256 of the request (see subjectOf). */
  subject?: string;
  /** Capability-specific typed values (see checkDetail). */
  detail?: AuditDetail;
  /**
   * The command (shell), path (read, write, edit) or host (web fetch) the request names, as given: the record
   * keeps only previewOf() of it. Never file content, tool output or a PR body. Leave it out for `hash-only`.
   */
  preview?: string;
}

/** A record could not be built: a bug in the caller, who must fail closed (basis `internal-error`). */
export class AuditRecordError extends GavelError {
  constructor(message: string) {
    super('audit-record', message);
  }
}

/** Written in place of an identifier that does not look like one (it may be untrusted text). */
export const INVALID_TOKEN = 'invalid';

const TOKEN = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/;
const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
const SHA256 = /^[0-9a-f]{64}$/;

function token(value: string, max: number): string {
  return value.length <= max && TOKEN.test(value) ? value : INVALID_TOKEN;
}

/**
 * A session or run id as written: kept when id-shaped; otherwise only a hash of it, so correlation
 * survives and the text does not. `gavel log --session` applies the same, so either form finds it.
 */
export function auditId(value: string): string {
  if (value.length <= AUDIT_LIMITS.id && ID.test(value)) return value;
  return `sha256:${sha256Hex(value).slice(0, 32)}`;
}

function id(value: string | undefined): string | null {
  return value === undefined ? null : auditId(value);
}

function count(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new AuditRecordError(`${what} must be a whole number >= 0`);
  return value;
}

function amount(value: number, what: string): number {
  if (!Number.isFinite(value) || value < 0)
    throw new AuditRecordError(`${what} must be a finite number >= 0`);
  return value;
}

/** Eight decimals: enough for a fraction of a cent, and no float noise in the line. */
function roundCost(usd: number): number {
  const rounded = Math.round(usd * 1e8) / 1e8;
  return Number.isFinite(rounded) ? rounded : usd;
}

/** The closed values of a Decision, checked at run time too: a record our reader refuses is no record. */
function checkVocabulary(decision: Decision, context: AuditContext): void {
  if (!(CAPABILITIES as readonly string[]).includes(context.surface))
    throw new AuditRecordError('unknown surface');
  if (!isVerdict(decision.verdict) || !isOutcome(decision.outcome) || !isBasis(decision.basis)) {
    throw new AuditRecordError('unknown verdict, outcome or basis');
  }
  if (verdictOfOutcome(decision.outcome) !== decision.verdict) {
    throw new AuditRecordError(
      `outcome \`${decision.outcome}\` does not carry verdict \`${decision.verdict}\``,
    );
  }
  if (decision.risk !== undefined && !isRisk(decision.risk)) throw new AuditRecordError('unknown risk');
  if (decision.authorization !== undefined && !isAuthorization(decision.authorization)) {
    throw new AuditRecordError('unknown authorization');
  }
}

function categoriesOf(categories: readonly string[]): string[] {
  const clean = [...new Set(categories.map((c) => token(c, AUDIT_LIMITS.category)))].sort();
  if (clean.length <= AUDIT_LIMITS.categories) return clean;
  const kept = clean.slice(0, AUDIT_LIMITS.categories - 1);
  return [...kept, `more:${clean.length - kept.length}`];
}

function modelOf(decision: Decision): AuditModel | null {
  const m = decision.model;
  if (m === undefined) return null;
  return {
    provider: token(m.provider, AUDIT_LIMITS.modelName),
    model: token(m.model, AUDIT_LIMITS.modelName),
    tokens: {
      input: count(m.tokens.input, 'model.tokens.input'),
      output: count(m.tokens.output, 'model.tokens.output'),
    },
    costUsd: roundCost(amount(m.costUsd, 'model.costUsd')),
  };
}

/**
 * The subject of a request: sha256 of a string as given, or of the canonical JSON of anything else.
 * A short request (a shell command) can be guessed and checked against it; it hides text, not intent.
 */
export function subjectOf(request: unknown): string {
  return typeof request === 'string' ? sha256Hex(request) : contentHash(request);
}

/** Distinct reasons whose redacted form is kept, and the longest reason kept (redact() is pure). */
const REASON_MEMO_SIZE = 256;
const REASON_MEMO_MAX_LENGTH = 1024;
const redactedReasons = new Map<string, string>();

/**
 * redact() of a reason, remembered: a served policy gives the same few reasons to most requests (a rule's text),
 * and redacting one is a dozen regular expressions. The oldest entry is forgotten first.
 */
function redactedReason(reason: string): string {
  if (reason.length > REASON_MEMO_MAX_LENGTH) return redact(reason, AUDIT_LIMITS.reason);
  const known = redactedReasons.get(reason);
  if (known !== undefined) return known;
  const redacted = redact(reason, AUDIT_LIMITS.reason);
  if (redactedReasons.size >= REASON_MEMO_SIZE) {
    const oldest = redactedReasons.keys().next().value;
    if (oldest !== undefined) redactedReasons.delete(oldest);
  }
  redactedReasons.set(reason, redacted);
  return redacted;
}

/** Builds the record for one decision. Throws AuditRecordError only for a caller's bug. */
export function buildAuditRecord(decision: Decision, context: AuditContext, at: Date): AuditRecord {
  if (Number.isNaN(at.getTime())) throw new AuditRecordError('the record time is not a valid date');
  checkVocabulary(decision, context);
  const { policy } = decision;
  count(policy.version, 'policy.version');
  if (policy.sha256 !== '' && !SHA256.test(policy.sha256)) {
    throw new AuditRecordError('policy.sha256 must be 64 lower-case hex digits or empty');
  }
  if (context.subject !== undefined && !SHA256.test(context.subject)) {
    throw new AuditRecordError('subject must be 64 lower-case hex digits (a sha256 of the request)');
  }
  let detail: AuditDetail | null = null;
  if (context.detail !== undefined) {
    const checked = checkDetail(context.detail);
    if (!checked.ok) throw new AuditRecordError(`detail \`${checked.key}\` ${checked.problem}`);
    detail = checked.detail;
  }
  return {
    v: AUDIT_FORMAT_VERSION,
    time: at.toISOString(),
    surface: context.surface,
    kind: token(context.kind, AUDIT_LIMITS.kind),
    verdict: decision.verdict,
    outcome: decision.outcome,
    basis: decision.basis,
    reason: redactedReason(decision.reason) || '(no reason given)',
    ruleId: decision.ruleId === undefined ? null : token(decision.ruleId, AUDIT_LIMITS.ruleId),
    categories: categoriesOf(decision.categories),
    risk: decision.risk ?? null,
    authorization: decision.authorization ?? null,
    policy: { version: policy.version, sha256: policy.sha256 },
    model: modelOf(decision),
    ms: Math.round(amount(decision.ms, 'ms')),
    sessionId: id(context.sessionId),
    runId: id(context.runId),
    subject: context.subject ?? null,
    detail,
    ...previewField(context.preview),
  };
}

function previewField(text: string | undefined): { preview?: string } {
  if (text === undefined) return {};
  const preview = previewOf(text);
  return preview === undefined ? {} : { preview };
}

/** The line as written: compact JSON and one newline. Throws when over the bound (a bug). */
export function formatAuditLine(record: AuditRecord): string {
  const line = `${JSON.stringify(record)}\n`;
  if (Buffer.byteLength(line, 'utf8') > AUDIT_LINE_MAX_BYTES) {
    throw new AuditRecordError(`an audit line is over ${AUDIT_LINE_MAX_BYTES} bytes`);
  }
  return line;
}
