/**
 * Claude Code's answers. PreToolUse: allow -> `permissionDecision: "allow"`, escalate -> `"ask"` (a person
 * decides), deny -> `"deny"`. PermissionRequest (alike in Codex): allow/deny as `decision.behavior`, escalate
 * answers nothing, so the harness shows its own dialog to the person. Pure.
 */

import type { Judged } from '../../hooks/runtime/judge-call';
import type { HookReply } from '../adapter';
import { hookOutput, NO_ANSWER, replyReason } from '../reply';

/** PermissionRequest, alike in Claude Code and Codex: allow/deny as `decision.behavior`; escalate answers nothing. */
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

export function claudeCodeAnswer(event: string, judged: Judged): HookReply {
  if (event === 'PermissionRequest') return permissionRequestAnswer(judged);
  const v = judged.decision.verdict;
  const permissionDecision = v === 'allow' ? 'allow' : v === 'deny' ? 'deny' : 'ask';
  return hookOutput({
    hookEventName: 'PreToolUse',
    permissionDecision,
    permissionDecisionReason: replyReason(judged),
  });
}
