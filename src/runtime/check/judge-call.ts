/**
 * Judges one harness tool call: load the runtime, adapt the tool input, build one request per target, let
 * check keep the strictest decision (`checkTargets`), and record it once (`recordJudged`, which `gavel check`
 * and the decision service record through too). Shared by every hook surface; translates nothing into a
 * harness's terms (the hook files do that). Fail closed: a runtime problem is a deny with basis
 * `config-invalid` or `rules-invalid`; an input that cannot be adapted is a deny with basis `invalid-input`;
 * a decision whose audit line cannot be written is a deny with basis `internal-error`.
 */

import type { AuditDetail } from '../../audit';
import { type AdaptResult, type CheckRequest, checkTargets, emptyContext, requestSubject } from '../../check';
import { type Clock, type Decision, decide, NO_POLICY } from '../../core';
import {
  type AuditMeta,
  type AuditSink,
  auditLogFor,
  checkMeta,
  recordOrDeny,
  requestPreview,
  reviewerDetail,
  runIdOf,
} from './audit-seam';
import { deadlineMs } from './deadline';
import { loadRuntime, type Runtime } from './load-runtime';

type LoadedRuntime = Extract<Runtime, { ok: true }>;

export interface CallInput {
  /** The harness adapter's name (`cli` for `gavel check`): the audit line's `kind`. */
  harness: string;
  toolName: string;
  adapt: (cwd: string) => AdaptResult;
  cwd: string;
  sessionId?: string;
  /** Read only when a reviewer could use them (mode `auto`): the deterministic policy never does. */
  userTurns?: () => string[];
  /** The mixed recent conversation, untrusted; read only in mode `auto`, like the user turns. */
  conversation?: () => { role: 'user' | 'assistant'; text: string }[];
}

export interface CallEnv {
  env: Readonly<Record<string, string | undefined>>;
  clock: Clock;
  audit: AuditSink;
  rulesDir?: string;
  /** The process's working folder: where a call with no readable `cwd` is recorded. */
  cwd?: string;
  /** A long-lived process: the runtime kept for this call's folder (./runtime-cache.ts), never closed here. */
  runtime?: (cwd: string) => Promise<Runtime>;
}

/**
 * Records a call the hook blocks before it can be judged (unreadable input, an internal error) as a deny,
 * so that it too leaves its line. The block stands whether or not the line could be written.
 */
export function recordBlock(
  harness: CallInput['harness'],
  io: CallEnv,
  basis: 'invalid-input' | 'internal-error',
  where?: { cwd?: string | undefined; toolName?: string | undefined; sessionId?: string | undefined },
): void {
  try {
    const cwd = where?.cwd ?? io.cwd ?? process.cwd();
    // A fixed reason: the input's own problem can quote what the input held.
    const reason =
      basis === 'invalid-input'
        ? 'the hook input could not be read; the call is blocked'
        : 'internal error while judging the tool call; it is blocked';
    io.audit(
      decide({ verdict: 'deny', basis, reason, policy: NO_POLICY }),
      checkMeta({
        kind: harness,
        logFile: auditLogFor(undefined, cwd, io.env),
        subject: where?.toolName ?? harness,
        sessionId: where?.sessionId,
        runId: runIdOf(io.env),
      }),
    );
  } catch {
    // The call is blocked either way; a record that cannot be made changes nothing of that.
  }
}

/** What a review may take inside a hook: its deadline less 2 s for the rest of the answer. */
export function hookReviewBound(env: Readonly<Record<string, string | undefined>>): number {
  return Math.max(100, deadlineMs(env) - 2_000);
}

export interface Judged {
  decision: Decision;
  /** Exact rules that would allow it (never for floor cases); hold the command, never audited. */
  suggestions: string[];
}

export async function judgeCall(call: CallInput, io: CallEnv): Promise<Judged> {
  const runId = runIdOf(io.env);
  const meta = (logFile: string, subject: string): AuditMeta =>
    checkMeta({ kind: call.harness, logFile, subject, sessionId: call.sessionId, runId });
  const runtime = io.runtime
    ? await io.runtime(call.cwd)
    : await loadRuntime({
        cwd: call.cwd,
        env: io.env,
        clock: io.clock,
        maxReviewMs: hookReviewBound(io.env),
        ...(io.rulesDir ? { rulesDir: io.rulesDir } : {}),
      });
  if (!runtime.ok) {
    const decision = decide({
      verdict: 'deny',
      basis: runtime.basis,
      reason: `cannot judge: ${runtime.problem}`,
      policy: NO_POLICY,
    });
    const logFile = auditLogFor(undefined, call.cwd, io.env);
    return { decision: recordOrDeny(io.audit, decision, meta(logFile, call.toolName)), suggestions: [] };
  }
  const logFile = auditLogFor(runtime, call.cwd, io.env);
  try {
    const adapted = call.adapt(call.cwd);
    if (!adapted.ok) {
      const decision = decide({
        verdict: 'deny',
        basis: 'invalid-input',
        reason: `unreadable tool call: ${adapted.problem}`,
        policy: runtime.deps.policy.ref,
      });
      return { decision: recordOrDeny(io.audit, decision, meta(logFile, call.toolName)), suggestions: [] };
    }
    const d = runtime.defaults;
    const auto = runtime.deps.policy.mode === 'auto';
    const turns = auto ? (call.userTurns?.() ?? []) : [];
    const conversation = auto ? call.conversation?.() : undefined;
    const requests: CheckRequest[] = adapted.inputs.map((input) => {
      const context = emptyContext();
      context.trusted.userTurns = turns;
      if (conversation && conversation.length > 0) context.untrusted.conversation = conversation;
      return {
        toolName: call.toolName,
        input,
        cwd: call.cwd,
        workspaceRoots: d.workspaceRoots(call.cwd),
        home: d.home,
        tempDirs: d.tempDirs,
        context,
        ...(d.realpath ? { realpath: d.realpath } : {}),
        ...(d.readScript ? { readScript: d.readScript } : {}),
        ...(d.gitPaths ? { gitPaths: d.gitPaths } : {}),
        ...(d.pathFolders ? { pathFolders: d.pathFolders } : {}),
        ...(d.selfPaths ? { selfPaths: d.selfPaths } : {}),
        ...(call.sessionId ? { sessionId: call.sessionId } : {}),
      };
    });
    const judged: Judged = await checkTargets(requests, runtime.deps, runtime.deps.policy.ref);
    return recordJudged(judged, requests, runtime, io.audit, {
      kind: call.harness,
      logFile,
      subject: call.toolName,
      sessionId: call.sessionId,
      runId,
    });
  } finally {
    if (!io.runtime) runtime.review?.close();
  }
}

/**
 * Records the strictest decision of one judged call once, for every surface of action review: the first
 * request's subject (else `where.subject`), session and redacted preview, the reviewer's record as detail
 * (`detail` may add to it: the client of a served call). A line that cannot be written makes the answer a deny
 * (`internal-error`) without suggestions.
 */
export function recordJudged(
  judged: Judged,
  requests: readonly CheckRequest[],
  runtime: Pick<LoadedRuntime, 'config' | 'review'>,
  audit: AuditSink,
  where: Parameters<typeof checkMeta>[0] & {
    detail?: (reviewer: AuditDetail | undefined) => AuditDetail | undefined;
  },
): Judged {
  const first = requests[0];
  const m = checkMeta({
    ...where,
    subject: first ? requestSubject(first) : where.subject,
    sessionId: first?.sessionId ?? where.sessionId,
  });
  const record = runtime.review?.recordOf(judged.decision);
  const reviewer = record ? reviewerDetail(record) : undefined;
  const detail = where.detail ? where.detail(reviewer) : reviewer;
  if (detail) m.detail = detail;
  const preview = first ? requestPreview(first, runtime.config) : undefined;
  if (preview !== undefined) m.preview = preview;
  const decision = recordOrDeny(audit, judged.decision, m);
  return decision === judged.decision ? judged : { decision, suggestions: [] };
}

/** The sentence a person or an agent reads after a reason: how to allow it next time. */
export function allowHint(judged: Judged): string {
  if (judged.suggestions.length === 0) return '';
  const rules = [...new Set(judged.suggestions)].map((s) => JSON.stringify(s)).join(', ');
  return `; to allow it, add ${rules} to \`allow\` under [check] in ~/.config/gavel/config.toml.`;
}
