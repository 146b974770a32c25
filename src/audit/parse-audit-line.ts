/**
 * Reads one line of the decision log back into an AuditRecord, or says it cannot.
 * Pure. Strict: a line of another format version, with a missing or extra key, or a value of the
 * wrong type is not a record. The line's text is never echoed: a caller only learns that it failed.
 * Agrees with schema/audit-line.schema.json (a test holds the two together).
 */

import {
  CAPABILITIES,
  type Capability,
  isAuthorization,
  isBasis,
  isOutcome,
  isRecord,
  isRisk,
  isVerdict,
  verdictOfOutcome,
} from '../core';
import { checkDetail } from './audit-detail';
import { AUDIT_FORMAT_VERSION, AUDIT_LIMITS, type AuditModel, type AuditRecord } from './audit-record';
import { isPreview } from './preview';

const KEYS = [
  'v',
  'time',
  'surface',
  'kind',
  'verdict',
  'outcome',
  'basis',
  'reason',
  'ruleId',
  'categories',
  'risk',
  'authorization',
  'policy',
  'model',
  'ms',
  'sessionId',
  'runId',
  'subject',
  'detail',
] as const;

type Obj = Record<string, unknown>;

const hasExactly = (o: Obj, keys: readonly string[]) =>
  Object.keys(o).length === keys.length && keys.every((k) => Object.hasOwn(o, k));
const isString = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isAmount = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const orNull = (v: unknown, test: (x: unknown) => boolean) => v === null || test(v);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SHA256 = /^[0-9a-f]{64}$/;
const TOKEN = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/;
const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a stored reason never holds one
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const isToken = (max: number) => (v: unknown) => isString(v) && v.length <= max && TOKEN.test(v);
const isId = (v: unknown) => isString(v) && v.length <= AUDIT_LIMITS.id && ID.test(v);
const isReason = (v: unknown) => isString(v) && v.length <= AUDIT_LIMITS.reason && !CONTROL.test(v);

function isCapability(v: unknown): v is Capability {
  return typeof v === 'string' && (CAPABILITIES as readonly string[]).includes(v);
}

function isModel(v: unknown): v is AuditModel {
  if (!isRecord(v) || !hasExactly(v, ['provider', 'model', 'tokens', 'costUsd'])) return false;
  const t = v.tokens;
  return (
    isToken(AUDIT_LIMITS.modelName)(v.provider) &&
    isToken(AUDIT_LIMITS.modelName)(v.model) &&
    isRecord(t) &&
    hasExactly(t, ['input', 'output']) &&
    isCount(t.input) &&
    isCount(t.output) &&
    isAmount(v.costUsd)
  );
}

function isDetail(v: unknown): boolean {
  return checkDetail(v).ok;
}

function isPolicy(v: unknown): boolean {
  return (
    isRecord(v) &&
    hasExactly(v, ['version', 'sha256']) &&
    isCount(v.version) &&
    isString(v.sha256) &&
    (v.sha256 === '' || SHA256.test(v.sha256))
  );
}

/** The record a line holds, or undefined when it is not a whole, valid record of this version. */
export function parseAuditLine(line: string): AuditRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  return isAuditRecord(value) ? value : undefined;
}

/** The keys a line holds: every one of KEYS, and `preview` when it has one (schema 1.1, ADR 0027). */
function hasRecordKeys(r: Obj): boolean {
  return Object.hasOwn(r, 'preview') ? hasExactly(r, [...KEYS, 'preview']) : hasExactly(r, KEYS);
}

export function isAuditRecord(r: unknown): r is AuditRecord {
  if (!isRecord(r) || !hasRecordKeys(r)) return false;
  return (
    (!Object.hasOwn(r, 'preview') || isPreview(r.preview)) &&
    r.v === AUDIT_FORMAT_VERSION &&
    isString(r.time) &&
    ISO_TIME.test(r.time) &&
    isCapability(r.surface) &&
    isToken(AUDIT_LIMITS.kind)(r.kind) &&
    isVerdict(r.verdict) &&
    isOutcome(r.outcome) &&
    verdictOfOutcome(r.outcome) === r.verdict &&
    isBasis(r.basis) &&
    isReason(r.reason) &&
    orNull(r.ruleId, isToken(AUDIT_LIMITS.ruleId)) &&
    Array.isArray(r.categories) &&
    r.categories.length <= AUDIT_LIMITS.categories &&
    r.categories.every(isToken(AUDIT_LIMITS.category)) &&
    orNull(r.risk, isRisk) &&
    orNull(r.authorization, isAuthorization) &&
    isPolicy(r.policy) &&
    orNull(r.model, isModel) &&
    isAmount(r.ms) &&
    orNull(r.sessionId, isId) &&
    orNull(r.runId, isId) &&
    orNull(r.subject, (s) => isString(s) && SHA256.test(s)) &&
    orNull(r.detail, isDetail)
  );
}
