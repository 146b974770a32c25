/**
 * `gavel hook claude-code`: Claude Code's PreToolUse and PermissionRequest hooks. Reads the hook payload,
 * judges the call, and answers in Claude Code's terms. Decides nothing itself.
 * PreToolUse: allow -> `permissionDecision: "allow"`, escalate -> `"ask"` (a person decides), deny -> `"deny"`.
 * PermissionRequest: allow -> `behavior: "allow"`, deny -> `behavior: "deny"`, escalate -> no answer, so
 * Claude Code shows its own dialog to the person.
 * Fail closed: unreadable input is exit 2 with the reason on stderr (Claude Code blocks on 2; any other
 * non-zero exit would let the call through). Config and rule problems are an explicit deny.
 * Also owns what Codex shares with it (Codex sends Claude-Code-shaped input): the payload reader, the
 * run-and-fail-closed flow, and the PermissionRequest answer.
 */

import { fromClaudeCode } from '../../../check';
import { faultFrom, injectFault } from '../runtime/faults';
import {
  allowHint,
  type CallEnv,
  type CallInput,
  type Judged,
  judgeCall,
  recordBlock,
} from '../runtime/judge-call';
import { readUserTurns } from './transcript';

export interface HookReply {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export const BLOCK_EXIT = 2;

export const block = (reason: string): HookReply => ({
  stdout: '',
  stderr: `gavel: ${reason}\n`,
  exitCode: BLOCK_EXIT,
});

const EVENTS = ['PreToolUse', 'PermissionRequest'] as const;
export type HookEvent = (typeof EVENTS)[number];

export interface Payload {
  event: HookEvent;
  toolName: string;
  toolInput: unknown;
  cwd: string;
  sessionId?: string;
  transcriptPath?: string;
}

export function readPayload(
  stdin: string,
  env: Readonly<Record<string, string | undefined>>,
): Payload | string {
  let json: unknown;
  try {
    json = JSON.parse(stdin);
  } catch {
    return 'hook input is not valid JSON';
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return 'hook input must be a JSON object';
  const p = json as Record<string, unknown>;
  if (!EVENTS.includes(p.hook_event_name as HookEvent))
    return `unsupported hook event \`${String(p.hook_event_name)}\` (PreToolUse or PermissionRequest)`;
  if (typeof p.tool_name !== 'string' || p.tool_name === '') return 'hook input lacks `tool_name`';
  const cwd = typeof p.cwd === 'string' && p.cwd.startsWith('/') ? p.cwd : env.CLAUDE_PROJECT_DIR;
  if (!cwd?.startsWith('/')) return 'hook input lacks an absolute `cwd`';
  const payload: Payload = {
    event: p.hook_event_name as HookEvent,
    toolName: p.tool_name,
    toolInput: p.tool_input,
    cwd,
  };
  if (typeof p.session_id === 'string') payload.sessionId = p.session_id;
  if (typeof p.transcript_path === 'string') payload.transcriptPath = p.transcript_path;
  return payload;
}

/** A reply the harness reads as `hookSpecificOutput`. */
export const hookOutput = (hookSpecificOutput: Record<string, unknown>): HookReply => ({
  stdout: `${JSON.stringify({ hookSpecificOutput })}\n`,
  stderr: '',
  exitCode: 0,
});

/** No answer: the harness goes on with its own approval flow. */
export const NO_ANSWER: HookReply = { stdout: '', stderr: '', exitCode: 0 };

/** The reason the person reads: the decision's, and for anything but an allow, how to allow it. */
export const replyReason = (judged: Judged): string =>
  `gavel: ${judged.decision.reason}${judged.decision.verdict === 'allow' ? '' : allowHint(judged)}`;

/** PermissionRequest, alike in both harnesses: allow/deny as `decision.behavior`; escalate answers nothing. */
export function permissionRequestAnswer(judged: Judged): HookReply {
  switch (judged.decision.verdict) {
    case 'allow':
      return hookOutput({ hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } });
    case 'deny':
      return hookOutput({
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', message: replyReason(judged) },
      });
    case 'escalate':
      return NO_ANSWER;
  }
}

export function answer(event: HookEvent, judged: Judged): HookReply {
  if (event === 'PermissionRequest') return permissionRequestAnswer(judged);
  const v = judged.decision.verdict;
  const permissionDecision = v === 'allow' ? 'allow' : v === 'deny' ? 'deny' : 'ask';
  return hookOutput({
    hookEventName: 'PreToolUse',
    permissionDecision,
    permissionDecisionReason: replyReason(judged),
  });
}

/** What differs between the harnesses that send Claude-Code-shaped input. */
export interface ClaudeShapedHook {
  harness: 'claude-code' | 'codex';
  call(payload: Payload): Pick<CallInput, 'adapt' | 'userTurns'>;
  answer(event: HookEvent, judged: Judged): HookReply;
}

/** Reads the payload, judges the call and answers; any failure blocks (exit 2) and is recorded. */
export async function runClaudeShapedHook(
  stdin: string,
  io: CallEnv,
  hook: ClaudeShapedHook,
): Promise<HookReply> {
  let seen: Payload | undefined;
  try {
    const payload = readPayload(stdin, io.env);
    if (typeof payload === 'string') {
      recordBlock(hook.harness, io, 'invalid-input');
      return block(payload);
    }
    seen = payload;
    await injectFault(faultFrom(io.env));
    const judged = await judgeCall(
      {
        harness: hook.harness,
        toolName: payload.toolName,
        cwd: payload.cwd,
        ...hook.call(payload),
        ...(payload.sessionId ? { sessionId: payload.sessionId } : {}),
      },
      io,
    );
    return hook.answer(payload.event, judged);
  } catch {
    // INVARIANT: nothing thrown inside the hook ever becomes a non-2 exit.
    recordBlock(hook.harness, io, 'internal-error', {
      cwd: seen?.cwd,
      toolName: seen?.toolName,
      sessionId: seen?.sessionId,
    });
    return block('internal error while judging the tool call; it is blocked');
  }
}

export function runClaudeCodeHook(stdin: string, io: CallEnv): Promise<HookReply> {
  return runClaudeShapedHook(stdin, io, {
    harness: 'claude-code',
    call: (payload) => ({
      adapt: (cwd) => fromClaudeCode(payload.toolName, payload.toolInput, cwd),
      userTurns: () => readUserTurns(payload.transcriptPath),
    }),
    answer,
  });
}
