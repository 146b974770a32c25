/**
 * Claude Code's answers. PreToolUse: allow -> `permissionDecision: "allow"`, escalate -> `"ask"` (a person
 * decides, told why), deny -> `"deny"`; an escalate that nothing knows (basis `unlisted`) -> no decision at all,
 * so the user's own allow rules and prompt apply as if gavel were not there. An allow that would take a step the
 * person keeps (approving a plan, answering a question, a change while in plan mode: reply.ts) is no answer too. PermissionRequest (alike in Codex): allow/deny as `decision.behavior`, escalate
 * answers nothing, so the harness shows its own dialog to the person. Pure.
 */

import type { Judged } from '../../../runtime';
import type { HarnessCall, HookReply } from '../adapter';
import { allowTakesPersonsStep, handedBack, hookOutput, NO_ANSWER, replyReason } from '../reply';

/** The call an answer is for: its event, and what says whether an allow would take the person's own step. */
type Answered = Pick<HarnessCall, 'event' | 'toolName' | 'permissionMode'>;

/** PermissionRequest, alike in Claude Code and Codex: allow/deny as `decision.behavior`; escalate answers nothing. */
export function permissionRequestAnswer(judged: Judged, call?: Answered): HookReply {
  switch (judged.decision.verdict) {
    case 'allow':
      if (call && allowTakesPersonsStep(call)) return NO_ANSWER;
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

export function claudeCodeAnswer(call: Answered, judged: Judged): HookReply {
  if (call.event === 'PermissionRequest') return permissionRequestAnswer(judged, call);
  if (handedBack(judged)) return NO_ANSWER;
  const v = judged.decision.verdict;
  // The plan approval, a question to the person, and plan mode's changes stay theirs: the harness asks as usual.
  if (v === 'allow' && allowTakesPersonsStep(call)) return NO_ANSWER;
  const permissionDecision = v === 'allow' ? 'allow' : v === 'deny' ? 'deny' : 'ask';
  return hookOutput({
    hookEventName: 'PreToolUse',
    permissionDecision,
    permissionDecisionReason: replyReason(judged),
  });
}
