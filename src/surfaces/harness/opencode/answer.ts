/**
 * What `gavel hook opencode` answers the plugin: `{"block": false}` to let the call go on, or `{"block": true,
 * "reason"}`, which the plugin throws so OpenCode fails the call with the reason. `tool.execute.before` cannot
 * ask a person, so an escalate gavel can explain is a block that says a person must approve it; an escalate
 * nothing knows (basis `unlisted`) goes on to OpenCode's own permission rules, as if gavel were not there. Pure.
 */

import type { Judged } from '../../../runtime';
import type { HookReply } from '../adapter';
import { handedBack, replyReason } from '../reply';

export type OpenCodeAnswer = { block: false } | { block: true; reason: string };

export function openCodeAnswer(judged: Judged): HookReply {
  const v = judged.decision.verdict;
  let answer: OpenCodeAnswer;
  if (v === 'allow' || handedBack(judged)) answer = { block: false };
  else {
    const reason = replyReason(judged);
    answer = { block: true, reason: v === 'escalate' ? `${reason} A person must approve it first.` : reason };
  }
  return { stdout: `${JSON.stringify(answer)}\n`, stderr: '', exitCode: 0 };
}
