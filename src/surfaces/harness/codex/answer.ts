/**
 * Codex's answers. Codex rejects unknown output fields, and its PreToolUse honours only `deny`: so an allow
 * prints nothing (Codex goes on with its own approval flow), and an escalate is a deny that tells the person
 * how to allow it, because a PreToolUse hook cannot ask; an escalate that nothing knows (basis `unlisted`) prints
 * nothing, like an allow, so Codex's own approval policy decides. PermissionRequest answers as Claude Code's. Pure.
 */

import type { Judged } from '../../../runtime';
import type { HookReply } from '../adapter';
import { permissionRequestAnswer } from '../claude-code/answer';
import { handedBack, hookOutput, NO_ANSWER, replyReason } from '../reply';

export function codexAnswer(event: string, judged: Judged): HookReply {
  if (event === 'PermissionRequest') return permissionRequestAnswer(judged);
  const d = judged.decision;
  if (d.verdict === 'allow' || handedBack(judged)) return NO_ANSWER;
  const reason = replyReason(judged);
  const why = d.verdict === 'escalate' ? `${reason} A person must approve it first.` : reason;
  return hookOutput({
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: why,
  });
}
