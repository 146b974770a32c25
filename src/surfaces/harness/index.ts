/**
 * surfaces/harness: one folder per agent harness, each a `HarnessAdapter` (./adapter.ts), listed in
 * ./registry.ts. The CLI's `hook`, `init` and `doctor` commands import from here only.
 */

export type { HarnessAdapter, HarnessCall, HookReply } from './adapter';
export { fromClaudeCode } from './claude-code/tool-inputs';
export { HARNESS_NAMES, HARNESSES, harnessNamed } from './registry';
export { block } from './reply';
export { runHarnessHook } from './run-hook';
export { type SocketAnswer, type SocketFrame, socketDir, socketPaths } from './socket-path';
export { type HookSocket, startHookSocket } from './socket-server';
export { guardHookProcess } from './watchdog';
