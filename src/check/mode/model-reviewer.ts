/**
 * The model reviewer of mode `auto` as action review's `Reviewer`: turns what the pipeline knows (request,
 * shell analysis, facts, the policy's evaluation) into the reviewer's plain-data input, runs `reviewAction`,
 * and checks its answer once more against what the pipeline knows. Opens nothing itself: the model runner,
 * breaker store and prompt come in through `deps`, opened by the surface on the first review only.
 * INVARIANT: the model never allows what gavel could not parse (an uncertain shape) nor a presumed-denied
 * category without a verified quote of the user: such an allow is an escalate. A deny stays a deny.
 * INVARIANT: under `--estimate` (the request was priced, not sent) no decision is pretended: the review
 * ends as escalate with basis `no-model`.
 */

import { type Category, type Decision, decide, isCategory } from '../../core';
import type { CheckRequest } from '../request/request';
import {
  type RecentDecision,
  type ReviewDeps,
  type ReviewerRecord,
  type ReviewerRequest,
  reviewAction,
} from '../reviewer';
import type { ModeReviewInput, Reviewer } from './apply-mode';
import { deciderId, describeDecider, where } from './describe';

export interface ModelReviewerOptions {
  /** Called on the first review only; may throw (a broken store), which is an `internal-error` escalate. */
  deps: () => ReviewDeps;
  /** No person is watching: where a person would be asked, the reviewer denies. */
  unattended: boolean;
  /** The breaker's session when the request has none (one per process). */
  fallbackSession: string;
  /** Earlier decisions of a session, oldest first (the surface reads them back from the audit log). */
  recent?: (session: string) => readonly RecentDecision[];
  /** The request's subject sha256 as the audit log records it, so earlier refusals of it count as contention. */
  subjectOf?: (request: CheckRequest) => string;
  /** Receives every review's final decision with the reviewer's record (for the audit line). */
  onReview?: (decision: Decision, record: ReviewerRecord) => void;
}

/** The action as the agent wrote it: untrusted text, only ever sent fenced. */
export function actionTextOf(request: CheckRequest): string {
  const input = request.input;
  const json = (value: unknown): string => {
    try {
      return JSON.stringify(value) ?? 'null';
    } catch {
      return '(arguments that cannot be shown)';
    }
  };
  switch (input.kind) {
    case 'shell':
      return input.command;
    case 'read':
    case 'write':
    case 'edit':
      return `${input.kind} ${input.path}`;
    case 'web_fetch':
      return `fetch ${input.url}`;
    case 'mcp':
      return `mcp server ${input.server} tool ${input.tool} arguments ${json(input.arguments)}`;
    case 'other':
      return `${input.name} arguments ${json(input.arguments)}`;
    default: {
      const never: never = input;
      return String(never);
    }
  }
}

/** A file or web tool's target, which an approval must name (the reviewer's grant-targets.ts). */
function subjectOf(request: CheckRequest): Pick<ReviewerRequest, 'subject'> {
  const input = request.input;
  if (input.kind === 'read' || input.kind === 'write' || input.kind === 'edit')
    return { subject: { kind: 'path', path: input.path } };
  if (input.kind === 'web_fetch') {
    try {
      return { subject: { kind: 'host', host: new URL(input.url).hostname } };
    } catch {
      return {};
    }
  }
  return {};
}

/** The reviewer's input, from the pipeline's. Pure. */
export function reviewerInputOf(input: ModeReviewInput, options: ModelReviewerOptions): ReviewerRequest {
  const { request, evaluation } = input;
  const open = evaluation.targets.flatMap((t) => t.open);
  const categories: Category[] = [...new Set(open)].filter(isCategory).sort();
  const at = where(evaluation);
  const u = request.context.untrusted;
  const untrusted: ReviewerRequest['untrusted'][number][] = [
    ...u.toolOutput.map((text) => ({ kind: 'tool_output' as const, text })),
    ...u.fileContents.map((text) => ({ kind: 'file_contents' as const, text })),
    ...u.stderr.map((text) => ({ kind: 'command_stderr' as const, text })),
    ...u.networkResponses.map((text) => ({ kind: 'network_response' as const, text })),
  ];
  const t = request.context.trusted;
  const session = request.sessionId ?? options.fallbackSession;
  // A session of our own making (no id from the harness) has no earlier decisions to read.
  const recent = request.sessionId !== undefined ? (options.recent?.(session) ?? []) : [];
  return {
    session,
    tool: request.toolName,
    actionText: actionTextOf(request),
    ...(input.analysis ? { shell: input.analysis } : {}),
    ...subjectOf(request),
    categories,
    policyReason: `${at ? `${at}: ` : ''}${describeDecider(evaluation.decider)}`,
    policyVerdict: 'escalate',
    trusted: {
      ...(t.userGoal !== undefined ? { userGoal: t.userGoal } : {}),
      ...(t.sessionTask !== undefined ? { sessionTask: t.sessionTask } : {}),
      ...(t.agentInstructions !== undefined ? { agentInstructions: t.agentInstructions } : {}),
      userTurns: t.userTurns,
    },
    untrusted,
    ...(recent.length > 0 ? { recent } : {}),
    ...(u.conversation ? { conversation: u.conversation } : {}),
    ...(options.subjectOf ? { subjectSha256: options.subjectOf(request) } : {}),
    unattended: options.unattended,
  };
}

export function modelReviewer(options: ModelReviewerOptions): Reviewer {
  let opened: ReviewDeps | undefined;
  return async (input) => {
    const ruleId = deciderId(input.evaluation.decider);
    opened ??= options.deps();
    const out = await reviewAction(reviewerInputOf(input, options), opened);
    let decision: Decision = { ...out.decision, ruleId };
    const e = input.evaluation;
    if (out.record.failure === 'estimate') {
      decision = decide({
        verdict: 'escalate',
        basis: 'no-model',
        reason: 'estimate only: the review was built and priced, not sent; no model decided',
        ruleId,
        categories: decision.categories,
        ms: decision.ms,
        policy: decision.policy,
      });
      out.record.final = { verdict: decision.verdict, outcome: decision.outcome };
      out.record.basis = decision.basis;
    } else if (
      decision.verdict === 'allow' &&
      (e.uncertain || (e.presumed && out.record.quoteVerified !== true))
    ) {
      decision = decide({
        verdict: options.unattended ? 'deny' : 'escalate',
        basis: e.uncertain ? 'uncertain' : 'rule',
        reason: e.uncertain
          ? 'the reviewer would allow it, but gavel could not model the request; a person must decide'
          : "the reviewer would allow a presumed-denied category without a verified quote of the user's words",
        ruleId,
        categories: decision.categories,
        ...(decision.risk ? { risk: decision.risk } : {}),
        ...(decision.authorization ? { authorization: decision.authorization } : {}),
        ...(decision.model ? { model: decision.model } : {}),
        ms: decision.ms,
        policy: decision.policy,
      });
      out.record.final = { verdict: decision.verdict, outcome: decision.outcome };
      out.record.basis = decision.basis;
    }
    options.onReview?.(decision, out.record);
    return decision;
  };
}
