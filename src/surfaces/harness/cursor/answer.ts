/**
 * Cursor's answers, one JSON object on stdout with exit 0: `permission` allow, deny or ask, with the reason as
 * `user_message` (the person reads it) and `agent_message` (the model does). An escalate is an ask, except in
 * beforeReadFile, which knows only allow and deny: there it is a deny that says a person must approve. An
 * escalate that nothing knows (basis `unlisted`) prints nothing, so Cursor's own approval flow decides as if
 * gavel were not there. Pure.
 */

import type { Judged } from '../../../runtime';
import type { HookReply } from '../adapter';
import { handedBack, NO_ANSWER, replyReason } from '../reply';

export function cursorAnswer(event: string, judged: Judged): HookReply {
  if (handedBack(judged)) return NO_ANSWER;
  const v = judged.decision.verdict;
  let reason = replyReason(judged);
  let permission: 'allow' | 'deny' | 'ask' = v === 'allow' ? 'allow' : v === 'deny' ? 'deny' : 'ask';
  // Only the shell and MCP events are documented to take `ask`; where it is not known to be read, a person's
  // approval cannot be asked for, so the call is denied with that said (never an answer Cursor may ignore).
  if (permission === 'ask' && event !== 'beforeShellExecution' && event !== 'beforeMCPExecution') {
    permission = 'deny';
    reason = `${reason} A person must approve it first.`;
  }
  const body = { permission, user_message: reason, agent_message: reason };
  return { stdout: `${JSON.stringify(body)}\n`, stderr: '', exitCode: 0 };
}
