/**
 * The Gemini CLI harness: `gavel hook gemini` answers its BeforeTool hook (./payload.ts reads it, ./answer.ts
 * answers), its tools map through ./tool-inputs.ts, the user's words come from the chat recording at
 * `transcript_path` (./transcript.ts), and `gavel init gemini` merges the hook into `.gemini/settings.json`.
 * Gemini lets a call through when a hook prints nothing on exit 0 or 1, times out, dies by a signal or cannot
 * start; so the installed command prints a deny itself when gavel fails to answer (../install/). Decides nothing.
 */

import type { CallEnv } from '../../../runtime';
import type { HarnessAdapter, HookReply } from '../adapter';
import { entryHookInstaller } from '../install/install-hook-entries';
import { runHarnessHook } from '../run-hook';
import { geminiAnswer } from './answer';
import { geminiInstallSpec } from './install';
import { readGeminiCall } from './payload';
import { fromGemini } from './tool-inputs';
import { readGeminiConversation, readGeminiUserTurns } from './transcript';

export const geminiHarness: HarnessAdapter = {
  name: 'gemini',
  readCall: readGeminiCall,
  toolInputs: (call, cwd) => fromGemini(call.toolName, call.toolInput, cwd),
  userTurns: (call) => readGeminiUserTurns(call.transcriptPath),
  conversation: (call) => readGeminiConversation(call.transcriptPath),
  answer: (_call, judged) => geminiAnswer(judged),
  install: {
    ...entryHookInstaller(geminiInstallSpec, (home, projectRoot) => [
      projectRoot ?? home,
      '.gemini',
      'settings.json',
    ]),
    note: 'Gemini CLI runs no settings hook in a folder it does not trust, and warns about new project hooks',
  },
};

export function runGeminiHook(stdin: string, io: CallEnv): Promise<HookReply> {
  return runHarnessHook(geminiHarness, stdin, io);
}
