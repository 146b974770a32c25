/**
 * The GitHub Copilot CLI harness: `gavel hook copilot` answers its preToolUse hook (./payload.ts reads either
 * payload shape, ./answer.ts answers), its tools map through ./tool-inputs.ts, and `gavel init copilot` writes
 * a `preToolUse` command entry into `~/.copilot/hooks/gavel.json` (or the project's `.github/hooks/gavel.json`).
 * Copilot sends no transcript with preToolUse, so no user turns are read. A command hook that exits non-zero
 * denies the call; one that times out lets it through, so gavel's deadline sits below the entry's timeout.
 * Decides nothing itself.
 */

import type { CallEnv } from '../../../runtime';
import type { HarnessAdapter, HookReply } from '../adapter';
import { HOOK_TIMEOUT_S } from '../install/install-hook';
import { entryHookInstaller } from '../install/install-hook-entries';
import { runHarnessHook } from '../run-hook';
import { copilotAnswer } from './answer';
import { readCopilotCall } from './payload';
import { fromCopilot } from './tool-inputs';

export const copilotHarness: HarnessAdapter = {
  name: 'copilot',
  readCall: (stdin) => readCopilotCall(stdin),
  toolInputs: (call, cwd) => fromCopilot(call.toolName, call.toolInput, cwd),
  userTurns: () => [],
  answer: (_call, judged) => copilotAnswer(judged),
  install: entryHookInstaller(
    {
      harness: 'copilot',
      events: ['preToolUse'],
      base: { version: 1 },
      entry: (command) => ({ type: 'command', bash: command, timeoutSec: HOOK_TIMEOUT_S }),
    },
    (home, projectRoot) =>
      projectRoot
        ? [projectRoot, '.github', 'hooks', 'gavel.json']
        : [home, '.copilot', 'hooks', 'gavel.json'],
  ),
};

export function runCopilotHook(stdin: string, io: CallEnv): Promise<HookReply> {
  return runHarnessHook(copilotHarness, stdin, io);
}
