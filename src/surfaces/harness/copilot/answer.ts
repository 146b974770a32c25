/**
 * GitHub Copilot CLI's answers to preToolUse, one JSON object on stdout with exit 0: allow ->
 * `permissionDecision: "allow"` (Copilot skips its approval prompt), escalate -> `"ask"` (the person is
 * prompted; a cloud agent job reads it as a deny), deny -> `"deny"`, each with `permissionDecisionReason`. An
 * escalate that nothing knows (basis `unlisted`) -> no output, so Copilot's own permission flow decides as if
 * gavel were not there. Pure.
 */

import type { Judged } from '../../../runtime';
import type { HookReply } from '../adapter';
import { handedBack, NO_ANSWER, replyReason } from '../reply';

export function copilotAnswer(judged: Judged): HookReply {
  if (handedBack(judged)) return NO_ANSWER;
  const v = judged.decision.verdict;
  const permissionDecision = v === 'allow' ? 'allow' : v === 'deny' ? 'deny' : 'ask';
  const body = { permissionDecision, permissionDecisionReason: replyReason(judged) };
  return { stdout: `${JSON.stringify(body)}\n`, stderr: '', exitCode: 0 };
}
