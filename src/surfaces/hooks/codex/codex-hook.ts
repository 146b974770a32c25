/**
 * `gavel hook codex`: Codex's PreToolUse and PermissionRequest hooks (Claude-Code-shaped input with a
 * `turn_id`). Codex rejects unknown output fields, and its PreToolUse honours only `deny`: so an allow prints
 * nothing (Codex goes on with its own approval flow), and an escalate is a deny that tells the person how to
 * allow it, because a PreToolUse hook cannot ask. PermissionRequest: allow/deny as `decision.behavior`,
 * escalate prints nothing so Codex asks the person. Fail closed: unreadable input is exit 2 with stderr.
 */

import { fromCodex } from '../../../check';
import { block, type HookReply, readPayload } from '../claude-code/claude-code-hook';
import { faultFrom, injectFault } from '../runtime/faults';
import { allowHint, type CallEnv, type Judged, judgeCall, recordBlock } from '../runtime/judge-call';

export function codexAnswer(event: 'PreToolUse' | 'PermissionRequest', judged: Judged): HookReply {
  const d = judged.decision;
  const reason = `gavel: ${d.reason}${d.verdict === 'allow' ? '' : allowHint(judged)}`;
  const none: HookReply = { stdout: '', stderr: '', exitCode: 0 };
  const out = (hookSpecificOutput: Record<string, unknown>): HookReply => ({
    stdout: `${JSON.stringify({ hookSpecificOutput })}\n`,
    stderr: '',
    exitCode: 0,
  });
  if (event === 'PreToolUse') {
    if (d.verdict === 'allow') return none;
    const why = d.verdict === 'escalate' ? `${reason} A person must approve it first.` : reason;
    return out({ hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: why });
  }
  switch (d.verdict) {
    case 'allow':
      return out({ hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } });
    case 'deny':
      return out({ hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: reason } });
    case 'escalate':
      return none;
  }
}

export async function runCodexHook(stdin: string, io: CallEnv): Promise<HookReply> {
  let seen: Exclude<ReturnType<typeof readPayload>, string> | undefined;
  try {
    const payload = readPayload(stdin, io.env);
    if (typeof payload === 'string') {
      recordBlock('codex', io, 'invalid-input');
      return block(payload);
    }
    seen = payload;
    await injectFault(faultFrom(io.env));
    const judged = await judgeCall(
      {
        harness: 'codex',
        toolName: payload.toolName,
        adapt: () => fromCodex(payload.toolName, payload.toolInput),
        cwd: payload.cwd,
        ...(payload.sessionId ? { sessionId: payload.sessionId } : {}),
      },
      io,
    );
    return codexAnswer(payload.event, judged);
  } catch {
    recordBlock('codex', io, 'internal-error', {
      cwd: seen?.cwd,
      toolName: seen?.toolName,
      sessionId: seen?.sessionId,
    });
    return block('internal error while judging the tool call; it is blocked');
  }
}
