/**
 * The Claude Code harness: `gavel hook claude-code` answers its PreToolUse and PermissionRequest hooks
 * (./payload.ts reads them, ./answer.ts answers), its tools map through ./tool-inputs.ts, the user's words come
 * from its transcript (./transcript.ts), and `gavel init claude-code` merges the hook into
 * `.claude/settings.json`. Decides nothing itself.
 */

import type { CallEnv } from '../../../runtime';
import type { HarnessAdapter, HookReply } from '../adapter';
import { commandHookInstaller } from '../install/install-hook';
import { runHarnessHook } from '../run-hook';
import { claudeCodeAnswer } from './answer';
import { readClaudeShapedCall } from './payload';
import { fromClaudeCode } from './tool-inputs';
import { readConversation, readUserTurns } from './transcript';

export const claudeCodeHarness: HarnessAdapter = {
  name: 'claude-code',
  readCall: readClaudeShapedCall,
  toolInputs: (call, cwd) => fromClaudeCode(call.toolName, call.toolInput, cwd),
  userTurns: (call) => readUserTurns(call.transcriptPath),
  conversation: (call) => readConversation(call.transcriptPath),
  answer: (call, judged) => claudeCodeAnswer(call, judged),
  install: commandHookInstaller('claude-code', (home, projectRoot) => [
    projectRoot ?? home,
    '.claude',
    'settings.json',
  ]),
};

export function runClaudeCodeHook(stdin: string, io: CallEnv): Promise<HookReply> {
  return runHarnessHook(claudeCodeHarness, stdin, io);
}
