/**
 * The pi harness: `gavel hook pi` is the process side of the pi extension (./gavel-extension.ts). It reads
 * `{toolName, input, cwd, sessionId?, userTurns?}` (./payload.ts) and answers `{verdict, reason}`; the extension
 * turns that into `{ block: true, reason }`, a confirm dialog for an escalate, or nothing for an allow. Its tools
 * map through ./tool-inputs.ts; `gavel init pi` writes a one-line extension that re-exports ./index.ts.
 * Fail closed: unreadable input is exit 2, which the extension treats as a block. Decides nothing itself.
 */

import type { CallEnv, Judged } from '../../../runtime';
import type { HarnessAdapter, HookReply } from '../adapter';
import { piExtensionInstaller } from '../install/install-hook';
import { replyReason } from '../reply';
import { runHarnessHook } from '../run-hook';
import { readPiCall } from './payload';
import { fromPi } from './tool-inputs';

export interface PiAnswer {
  verdict: 'allow' | 'deny' | 'escalate';
  reason: string;
}

export function piAnswer(judged: Judged): HookReply {
  const answer: PiAnswer = { verdict: judged.decision.verdict, reason: replyReason(judged) };
  return { stdout: `${JSON.stringify(answer)}\n`, stderr: '', exitCode: 0 };
}

export const piHarness: HarnessAdapter = {
  name: 'pi',
  readCall: (stdin) => readPiCall(stdin),
  toolInputs: (call, cwd) => fromPi(call.toolName, call.toolInput, cwd),
  userTurns: (call) => call.userTurns ?? [],
  answer: (_call, judged) => piAnswer(judged),
  install: piExtensionInstaller(['src', 'surfaces', 'harness', 'pi', 'index.ts']),
};

export function runPiHook(stdin: string, io: CallEnv): Promise<HookReply> {
  return runHarnessHook(piHarness, stdin, io);
}
