/**
 * The replies every hook shares: a block (exit 2, the reason on stderr: Claude Code and Codex block on 2, and
 * the pi extension treats any failure as a block), no answer at all, a `hookSpecificOutput` object, and the
 * reason sentence a person reads. Pure.
 */

import { allowHint, type Judged } from '../../runtime';
import type { HarnessCall, HookReply } from './adapter';

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
 * Tools whose permission prompt is the person's own step: the plan they approve before the agent leaves plan mode,
 * a question put to them. An allow would answer for them, so it is never given (the harness asks as usual).
 */
const PERSON_STEPS = new Set(['ExitPlanMode', 'AskUserQuestion']);

/**
 * Tools that change nothing, the only ones an allow is given for while the person has the harness in plan mode
 * (`permission_mode: "plan"`, where they expect no change without their approval): for any other, the harness's
 * own plan-mode rules decide. A sub-agent's calls come through the hook themselves.
 */
const PLAN_MODE_TOOLS = new Set([
  'Read',
  'Glob',
  'Grep',
  'LS',
  'NotebookRead',
  'WebFetch',
  'WebSearch',
  'TodoWrite',
  'Task',
  'Agent',
  'EnterPlanMode',
  'BashOutput',
  'ListMcpResourcesTool',
  'ReadMcpResourceTool',
]);

/** Would an allow for this call take a step the person keeps for themselves (see PERSON_STEPS, plan mode)? */
export const allowTakesPersonsStep = (call: Pick<HarnessCall, 'toolName' | 'permissionMode'>): boolean =>
  PERSON_STEPS.has(call.toolName) || (call.permissionMode === 'plan' && !PLAN_MODE_TOOLS.has(call.toolName));

/**
 * Nothing knows the request (an escalate with basis `unlisted`: no safe-catalogue entry, no category, no rule):
 * the harness's own permission flow decides, as if gavel were not there. Where gavel found a category or a rule
 * and can say why, an escalate is an explicit ask instead.
 */
export const handedBack = (judged: Judged): boolean =>
  judged.decision.verdict === 'escalate' && judged.decision.basis === 'unlisted';
