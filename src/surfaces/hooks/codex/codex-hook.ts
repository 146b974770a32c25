/**
 * `gavel hook codex`: Codex's PreToolUse and PermissionRequest hooks (Claude-Code-shaped input with a
 * `turn_id`). Codex rejects unknown output fields, and its PreToolUse honours only `deny`: so an allow prints
 * nothing (Codex goes on with its own approval flow), and an escalate is a deny that tells the person how to
 * allow it, because a PreToolUse hook cannot ask. PermissionRequest: allow/deny as `decision.behavior`,
 * escalate prints nothing so Codex asks the person. Fail closed: unreadable input is exit 2 with stderr.
 * In mode `auto` the user's turns are read from the rollout at `transcript_path` (./transcript.ts), as for
 * Claude Code; a sub-agent's call reads none.
 */

import { fromCodex } from '../../../check';
import {
  type HookEvent,
  type HookReply,
  hookOutput,
  NO_ANSWER,
  permissionRequestAnswer,
  replyReason,
  runClaudeShapedHook,
} from '../claude-code/claude-code-hook';
import type { CallEnv, Judged } from '../runtime/judge-call';
import { isSubagentPayload, readCodexUserTurns } from './transcript';

export function codexAnswer(event: HookEvent, judged: Judged): HookReply {
  if (event === 'PermissionRequest') return permissionRequestAnswer(judged);
  const d = judged.decision;
  if (d.verdict === 'allow') return NO_ANSWER;
  const reason = replyReason(judged);
  const why = d.verdict === 'escalate' ? `${reason} A person must approve it first.` : reason;
  return hookOutput({
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: why,
  });
}

export function runCodexHook(stdin: string, io: CallEnv): Promise<HookReply> {
  return runClaudeShapedHook(stdin, io, {
    harness: 'codex',
    call: (payload) => ({
      adapt: () => fromCodex(payload.toolName, payload.toolInput),
      userTurns: () => (isSubagentPayload(stdin) ? [] : readCodexUserTurns(payload.transcriptPath)),
    }),
    answer: codexAnswer,
  });
}
