/**
 * `gavel hook pi`: the process side of the pi extension. Reads `{toolName, input, cwd, sessionId?, userTurns?}`
 * (pi's `tool_call` event plus context) and answers `{verdict, reason}`; the extension turns that into
 * `{ block: true, reason }`, a confirm dialog for an escalate, or nothing for an allow.
 * Fail closed: unreadable input is exit 2, which the extension treats as a block.
 */

import { fromPi } from '../../../check';
import { block, type HookReply } from '../claude-code/claude-code-hook';
import { faultFrom, injectFault } from '../runtime/faults';
import { allowHint, type CallEnv, judgeCall, recordBlock } from '../runtime/judge-call';

export interface PiAnswer {
  verdict: 'allow' | 'deny' | 'escalate';
  reason: string;
}

export async function runPiHook(stdin: string, io: CallEnv): Promise<HookReply> {
  const refuse = (why: string): HookReply => {
    recordBlock('pi', io, 'invalid-input');
    return block(why);
  };
  let where: { cwd?: string; toolName?: string; sessionId?: string } = {};
  try {
    let p: Record<string, unknown>;
    try {
      const json: unknown = JSON.parse(stdin);
      if (typeof json !== 'object' || json === null || Array.isArray(json))
        return refuse('hook input must be a JSON object');
      p = json as Record<string, unknown>;
    } catch {
      return refuse('hook input is not valid JSON');
    }
    if (typeof p.toolName !== 'string' || p.toolName === '') return refuse('hook input lacks `toolName`');
    if (typeof p.cwd !== 'string' || !p.cwd.startsWith('/'))
      return refuse('hook input lacks an absolute `cwd`');
    const toolName = p.toolName;
    where = {
      cwd: p.cwd,
      toolName,
      ...(typeof p.sessionId === 'string' ? { sessionId: p.sessionId } : {}),
    };
    const turns = Array.isArray(p.userTurns)
      ? p.userTurns.filter((t): t is string => typeof t === 'string')
      : [];
    await injectFault(faultFrom(io.env));
    const judged = await judgeCall(
      {
        harness: 'pi',
        toolName,
        adapt: (cwd) => fromPi(toolName, p.input, cwd),
        cwd: p.cwd,
        userTurns: () => turns,
        ...(typeof p.sessionId === 'string' ? { sessionId: p.sessionId } : {}),
      },
      io,
    );
    const d = judged.decision;
    const answer: PiAnswer = {
      verdict: d.verdict,
      reason: `gavel: ${d.reason}${d.verdict === 'allow' ? '' : allowHint(judged)}`,
    };
    return { stdout: `${JSON.stringify(answer)}\n`, stderr: '', exitCode: 0 };
  } catch {
    recordBlock('pi', io, 'internal-error', where);
    return block('internal error while judging the tool call; it is blocked');
  }
}
