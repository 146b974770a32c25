/**
 * Claude Code's answers. PreToolUse: allow -> `permissionDecision: "allow"`, escalate -> `"ask"` (a person
 * decides, told why), deny -> `"deny"`; an escalate that nothing knows (basis `unlisted`) -> no decision at all,
 * so the user's own allow rules and prompt apply as if gavel were not there. PermissionRequest (alike in Codex): allow/deny as `decision.behavior`, escalate
 * answers nothing, so the harness shows its own dialog to the person. Pure.
 */

import type { Judged } from '../../../runtime';
import type { HookReply } from '../adapter';
import { handedBack, hookOutput, NO_ANSWER, replyReason } from '../reply';

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
  if (handedBack(judged)) return NO_ANSWER;
  const v = judged.decision.verdict;
  const permissionDecision = v === 'allow' ? 'allow' : v === 'deny' ? 'deny' : 'ask';
  return hookOutput({
    hookEventName: 'PreToolUse',
    permissionDecision,
    permissionDecisionReason: replyReason(judged),
  });
}
