/**
 * Gemini CLI's answers to BeforeTool, JSON on stdout with exit 0. Deny -> `{"decision": "deny", "reason"}` (the
 * tool fails with the reason). Escalate -> `{"decision": "ask", "reason", "systemMessage"}`, which forces its
 * confirmation prompt (the person reads the reason). Allow -> nothing: a BeforeTool hook cannot approve (Gemini's
 * own policy runs after it), so gavel adds no noise; an escalate that nothing knows (basis `unlisted`) -> nothing
 * too, and Gemini's own policy decides as if gavel were not there. Pure.
 */

import type { Judged } from '../../../runtime';
import type { HookReply } from '../adapter';
import { handedBack, NO_ANSWER, replyReason } from '../reply';

const json = (body: Record<string, unknown>): HookReply => ({
  stdout: `${JSON.stringify(body)}\n`,
  stderr: '',
  exitCode: 0,
});

export function geminiAnswer(judged: Judged): HookReply {
  const v = judged.decision.verdict;
  if (v === 'allow' || handedBack(judged)) return NO_ANSWER;
  const reason = replyReason(judged);
  if (v === 'deny') return json({ decision: 'deny', reason });
  return json({ decision: 'ask', reason, systemMessage: reason });
}
