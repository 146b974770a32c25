/**
 * The replies every hook shares: a block (exit 2, the reason on stderr: Claude Code and Codex block on 2, and
 * the pi extension treats any failure as a block), no answer at all, a `hookSpecificOutput` object, and the
 * reason sentence a person reads. Pure.
 */

import { allowHint, type Judged } from '../../runtime';
import type { HookReply } from './adapter';

export const BLOCK_EXIT = 2;

export const block = (reason: string): HookReply => ({
  stdout: '',
  stderr: `gavel: ${reason}\n`,
  exitCode: BLOCK_EXIT,
});

/** No answer: the harness goes on with its own approval flow. */
export const NO_ANSWER: HookReply = { stdout: '', stderr: '', exitCode: 0 };

/** A reply the harness reads as `hookSpecificOutput`. */
export const hookOutput = (hookSpecificOutput: Record<string, unknown>): HookReply => ({
  stdout: `${JSON.stringify({ hookSpecificOutput })}\n`,
  stderr: '',
  exitCode: 0,
});

/** The reason the person reads: the decision's, and for anything but an allow, how to allow it. */
export const replyReason = (judged: Judged): string =>
  `gavel: ${judged.decision.reason}${judged.decision.verdict === 'allow' ? '' : allowHint(judged)}`;

/**
 * Nothing knows the request (an escalate with basis `unlisted`: no safe-catalogue entry, no category, no rule):
 * the harness's own permission flow decides, as if gavel were not there. Where gavel found a category or a rule
 * and can say why, an escalate is an explicit ask instead.
 */
export const handedBack = (judged: Judged): boolean =>
  judged.decision.verdict === 'escalate' && judged.decision.basis === 'unlisted';
