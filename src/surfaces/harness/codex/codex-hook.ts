/**
 * The Codex harness: `gavel hook codex` answers its PreToolUse and PermissionRequest hooks (Claude-Code-shaped
 * input with a `turn_id`, read by ../claude-code/payload.ts; ./answer.ts answers), its tools map through
 * ./tool-inputs.ts, the user's words come from the rollout at `transcript_path` (./transcript.ts; a sub-agent's
 * call reads none), and `gavel init codex` merges the hook into `.codex/hooks.json`. Decides nothing itself.
 */

import type { CallEnv } from '../../../runtime';
import type { HarnessAdapter, HookReply } from '../adapter';
import { readClaudeShapedCall } from '../claude-code/payload';
import { commandHookInstaller } from '../install/install-hook';
import { runHarnessHook } from '../run-hook';
import { codexAnswer } from './answer';
import { fromCodex } from './tool-inputs';
import { readCodexConversation, readCodexUserTurns } from './transcript';

export const codexHarness: HarnessAdapter = {
  name: 'codex',
  readCall: readClaudeShapedCall,
  toolInputs: (call, cwd) => fromCodex(call.toolName, call.toolInput, cwd),
  userTurns: (call) => (call.subagent ? [] : readCodexUserTurns(call.transcriptPath)),
  conversation: (call) => (call.subagent ? [] : readCodexConversation(call.transcriptPath)),
  answer: (call, judged) => codexAnswer(call.event, judged),
  install: {
    ...commandHookInstaller('codex', (home, projectRoot) => [projectRoot ?? home, '.codex', 'hooks.json']),
    note: 'Codex runs hooks only with `[features] codex_hooks = true` in ~/.codex/config.toml',
  },
};

export function runCodexHook(stdin: string, io: CallEnv): Promise<HookReply> {
  return runHarnessHook(codexHarness, stdin, io);
}
