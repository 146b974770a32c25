/**
 * The Cursor harness: `gavel hook cursor` answers its preToolUse, beforeShellExecution, beforeMCPExecution and
 * beforeReadFile hooks (./payload.ts reads them, ./answer.ts answers), its tools map through ./tool-inputs.ts,
 * and `gavel init cursor` merges an entry for each event into `~/.cursor/hooks.json` (or the project's
 * `.cursor/hooks.json`) with `failClosed: true`, because Cursor lets a call through when a hook fails any other
 * way than exit 2. Cursor's transcript format is not documented, so no user turns are read. Decides nothing.
 */

import type { CallEnv } from '../../../runtime';
import type { HarnessAdapter, HookReply } from '../adapter';
import { HOOK_TIMEOUT_S } from '../install/install-hook';
import { entryHookInstaller } from '../install/install-hook-entries';
import { runHarnessHook } from '../run-hook';
import { cursorAnswer } from './answer';
import { CURSOR_EVENTS, readCursorCall } from './payload';
import { fromCursor } from './tool-inputs';

export const cursorHarness: HarnessAdapter = {
  name: 'cursor',
  readCall: readCursorCall,
  toolInputs: (call, cwd) => fromCursor(call.toolName, call.toolInput, cwd),
  userTurns: () => [],
  answer: (call, judged) => cursorAnswer(call.event, judged),
  install: entryHookInstaller(
    {
      harness: 'cursor',
      events: CURSOR_EVENTS,
      base: { version: 1 },
      entry: (command) => ({ command, timeout: HOOK_TIMEOUT_S, failClosed: true }),
    },
    (home, projectRoot) => [projectRoot ?? home, '.cursor', 'hooks.json'],
  ),
};

export function runCursorHook(stdin: string, io: CallEnv): Promise<HookReply> {
  return runHarnessHook(cursorHarness, stdin, io);
}
