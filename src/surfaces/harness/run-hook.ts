/**
 * Runs one hook call for any harness: read the payload through the adapter, judge the call, answer in the
 * harness's terms. Fail closed: a payload the adapter refuses, and anything thrown, is a block (exit 2) that
 * is recorded in the audit log; nothing thrown here ever becomes another exit.
 */

import { type CallEnv, faultFrom, injectFault, judgeCall, recordBlock } from '../../runtime';
import type { HarnessAdapter, HarnessCall, HookReply } from './adapter';
import { block } from './reply';
import { handedStdin } from './socket-handover';

export async function runHarnessHook(
  adapter: HarnessAdapter,
  stdin: string,
  io: CallEnv,
): Promise<HookReply> {
  let seen: HarnessCall | undefined;
  try {
    const call = adapter.readCall(handedStdin(stdin), io.env);
    if (typeof call === 'string') {
      recordBlock(adapter.name, io, 'invalid-input');
      return block(call);
    }
    seen = call;
    await injectFault(faultFrom(io.env));
    const judged = await judgeCall(
      {
        harness: adapter.name,
        toolName: call.toolName,
        cwd: call.cwd,
        adapt: (cwd) => adapter.toolInputs(call, cwd),
        userTurns: () => adapter.userTurns(call),
        ...(adapter.conversation ? { conversation: () => adapter.conversation?.(call) ?? [] } : {}),
        ...(call.sessionId ? { sessionId: call.sessionId } : {}),
      },
      io,
    );
    return adapter.answer(call, judged);
  } catch {
    // INVARIANT: nothing thrown inside the hook ever becomes a non-2 exit.
    recordBlock(adapter.name, io, 'internal-error', {
      cwd: seen?.cwd,
      toolName: seen?.toolName,
      sessionId: seen?.sessionId,
    });
    return block('internal error while judging the tool call; it is blocked');
  }
}
