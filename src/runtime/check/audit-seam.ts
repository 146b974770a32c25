/**
 * The seam where a surface of action review records each decision: one audit line per decision, through
 * src/audit, in the log `auditLogPath` names (user `audit.dir` / GAVEL_LOG_DIR, else `<project>/.gavel/logs`).
 * The subject is a sha256 of `requestSubject()`, never the text; the reviewer's record becomes typed `detail`.
 * Surfaces call `recordOrDeny` exactly once per decision they answer, including fail-closed answers.
 * Fail closed: a line that cannot be written turns the answer into a deny (`internal-error`) naming the log.
 */

import { type AuditDetail, type AuditRecord, checkDetail, recordDecision, subjectOf } from '../../audit';
import type { CheckRequest, ReviewerRecord } from '../../check';
import { type Config, loadConfig } from '../../config';
import { type Clock, type Decision, decide, GavelError } from '../../core';
import { decisionLogPath, ignoreLogFolder } from '../log-location';

export interface AuditMeta {
  surface: 'check';
  /** The harness or command: `claude-code`, `codex`, `pi`, `cli`. */
  kind: string;
  sessionId?: string;
  runId?: string;
  /** 64 hex digits: sha256 of the request's subject (see `hashSubject`), never the text. */
  subject: string;
  /** Typed extras (the reviewer's record). */
  detail?: AuditDetail;
  /** What the request names (command, path, host), for the line's redacted `preview` (see `requestPreview`). */
  preview?: string;
  /** The log file this decision goes to. */
  logFile: string;
}

export type AuditWrite = { ok: true } | { ok: false; problem: string };
export type AuditSink = (decision: Decision, meta: AuditMeta) => AuditWrite;

/**
 * The real sink: one line appended to `meta.logFile`. Never throws. `onRecord` gets each record once its line
 * is written (the decision service's OTLP export); what it does cannot undo or fail the write.
 */
export function fileAuditSink(clock: Clock, onRecord?: (record: AuditRecord) => void): AuditSink {
  return (decision, meta) => {
    let written: AuditRecord;
    try {
      ignoreLogFolder(meta.logFile);
      written = recordDecision({
        file: meta.logFile,
        decision,
        clock,
        context: {
          surface: meta.surface,
          kind: meta.kind,
          subject: meta.subject,
          ...(meta.sessionId !== undefined ? { sessionId: meta.sessionId } : {}),
          ...(meta.runId !== undefined ? { runId: meta.runId } : {}),
          ...(meta.detail !== undefined ? { detail: meta.detail } : {}),
          ...(meta.preview !== undefined ? { preview: meta.preview } : {}),
        },
      });
    } catch (error) {
      // IoError and AuditRecordError messages are gavel's own: the path and the system error, never the line.
      const why = error instanceof GavelError ? `: ${error.message}` : '';
      return { ok: false, problem: `the audit log \`${meta.logFile}\` cannot be written${why}` };
    }
    try {
      onRecord?.(written);
    } catch {
      // The export is a copy: the line on disk is the record.
    }
    return { ok: true };
  };
}

/** The subject as recorded: sha256 of what `requestSubject()` (or the tool name) says. */
export function hashSubject(subject: string): string {
  return subjectOf(subject);
}

/** `GAVEL_RUN_ID` when set and not blank: the run an action-review line belongs to. */
export function runIdOf(env: Readonly<Record<string, string | undefined>>): string | undefined {
  return env.GAVEL_RUN_ID?.trim() ? env.GAVEL_RUN_ID : undefined;
}

/** The meta of one action-review line: who asked (`kind`), the subject's hash, the log, session and run. */
export function checkMeta(where: {
  kind: string;
  logFile: string;
  subject: string;
  sessionId?: string | undefined;
  runId?: string | undefined;
}): AuditMeta {
  return {
    surface: 'check',
    kind: where.kind,
    subject: hashSubject(where.subject),
    logFile: where.logFile,
    ...(where.sessionId ? { sessionId: where.sessionId } : {}),
    ...(where.runId ? { runId: where.runId } : {}),
  };
}

/**
 * What the line's `preview` is made of (ADR 0027): the command, the path, or the host of a fetch; the audit
 * redacts and bounds it. Undefined under `[audit] preview = "hash-only"`, and for a URL that does not parse.
 */
export function requestPreview(request: CheckRequest, config: Config): string | undefined {
  if (config.audit.preview !== 'redacted') return undefined;
  const input = request.input;
  switch (input.kind) {
    case 'shell':
      return input.command;
    case 'read':
    case 'write':
    case 'edit':
      return input.path;
    case 'web_fetch':
      return URL.canParse(input.url) ? new URL(input.url).host || undefined : undefined;
    case 'mcp':
      return `mcp__${input.server}__${input.tool}`;
    default:
      return input.name;
  }
}

/**
 * Where the decision goes. With a loaded config: its `audit.dir` (user scope only). Without one, the config is
 * read for that key alone; when it does not load (so this decision is a deny), GAVEL_LOG_DIR when set, else
 * the project's default folder.
 */
export function auditLogFor(
  loaded: { config: Config; projectRoot: string } | undefined,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  if (loaded) return decisionLogPath({ dir: loaded.config.audit.dir, projectRoot: loaded.projectRoot, env });
  const config = loadConfig({ cwd, env });
  if (config.ok)
    return decisionLogPath({ dir: config.config.audit.dir, projectRoot: config.projectRoot, env });
  const dir = env.GAVEL_LOG_DIR?.trim() ? env.GAVEL_LOG_DIR : undefined;
  return decisionLogPath({ dir, projectRoot: config.projectRoot, env });
}

/** The reviewer's record as typed detail: values that would not pass the audit's check are left out. */
export function reviewerDetail(record: ReviewerRecord): AuditDetail {
  const raw: Record<string, string | number | boolean | null> = {
    reviewer: record.model ? `${record.provider ?? 'unknown'}/${record.model}` : null,
    modelSource: record.modelSource,
    original: record.original,
    final: record.final.outcome,
    failure: record.failure,
    // The line's own `basis` says `cache` and its `ms` the time: their keys went to the prompt's hash and contention.
    contention: record.contention,
    quoteVerified: record.quoteVerified,
    // A whole sha256 is shaped like a secret to the audit's check: the line keeps its first 16 hex digits.
    promptSha256: record.promptSha256?.slice(0, 16) ?? null,
    promptId: record.promptId,
    breakerDenials: record.breaker?.consecutiveDenials ?? null,
  };
  const kept: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (checkDetail({ [key]: value }).ok) kept[key] = value;
  }
  return kept;
}

/**
 * Records the decision and returns what the surface must answer: the decision itself when its line was
 * written, otherwise a deny with basis `internal-error` whose one-line reason names the log.
 */
export function recordOrDeny(sink: AuditSink, decision: Decision, meta: AuditMeta): Decision {
  const written = sink(decision, meta);
  if (written.ok) return decision;
  return decide({
    verdict: 'deny',
    basis: 'internal-error',
    reason: `${written.problem}; nothing is allowed without a record`,
    ...(decision.ruleId !== undefined ? { ruleId: decision.ruleId } : {}),
    categories: decision.categories,
    ms: decision.ms,
    policy: decision.policy,
  });
}
