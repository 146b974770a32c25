/**
 * The OpenCode harness: `gavel hook opencode` is the process side of the plugin `gavel init opencode` writes
 * (./plugin-source.ts) into `~/.config/opencode/plugins/gavel.js` (or the project's `.opencode/plugins/`). It
 * reads the plugin's `{tool, args, directory, sessionID, userTurns}` (./payload.ts), maps OpenCode's tools
 * (./tool-inputs.ts) and answers `{block, reason}` (./answer.ts). Fail closed: unreadable input is exit 2, and
 * the plugin blocks on anything but `{"block": false}`. Decides nothing itself.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallEnv } from '../../../runtime';
import type { HarnessAdapter, HookReply } from '../adapter';
import { writeWithBackup } from '../install/install-hook';
import { runHarnessHook } from '../run-hook';
import { openCodeAnswer } from './answer';
import { readOpenCodeCall } from './payload';
import { OPENCODE_PLUGIN_MARK, openCodePluginSource } from './plugin-source';
import { fromOpenCode } from './tool-inputs';

export const openCodeHarness: HarnessAdapter = {
  name: 'opencode',
  readCall: (stdin) => readOpenCodeCall(stdin),
  toolInputs: (call, cwd) => fromOpenCode(call.toolName, call.toolInput, cwd),
  userTurns: (call) => call.userTurns ?? [],
  answer: (_call, judged) => openCodeAnswer(judged),
  install: {
    file: (home, projectRoot) =>
      projectRoot
        ? join(projectRoot, '.opencode', 'plugins', 'gavel.js')
        : join(home, '.config', 'opencode', 'plugins', 'gavel.js'),
    write: (file, gavelRoot, scope) => {
      const text = openCodePluginSource(scope === 'project' ? 'gavel' : join(gavelRoot, 'bin', 'gavel'));
      if (existsSync(file) && readFileSync(file, 'utf8') === text) return { ok: true, file, changed: false };
      return writeWithBackup(file, text);
    },
    installed: (text) => text.includes(OPENCODE_PLUGIN_MARK),
    note: 'OpenCode runs the plugin with `node` from PATH; `opencode --pure` loads no plugin',
  },
};

export function runOpenCodeHook(stdin: string, io: CallEnv): Promise<HookReply> {
  return runHarnessHook(openCodeHarness, stdin, io);
}
