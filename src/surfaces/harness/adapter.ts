/**
 * The contract every agent harness fills (one folder under src/surfaces/harness/ each, one line in
 * ./registry.ts): its name, how its hook payload is read (a zod schema), how its tools map to normalized tool
 * inputs, where the user's own words are, how a decision is answered in its terms, and how the hook is
 * installed. Types only: it decides nothing and runs nothing.
 */

import type { AdaptResult } from '../../check';
import type { Judged } from '../../runtime';
import type { InstallResult } from './install/install-hook';

/** What the hook process prints and exits with. */
export interface HookReply {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** One tool call as every harness's payload reads, once its own schema has accepted it. */
export interface HarnessCall {
  /** The harness's event (`PreToolUse`, `PermissionRequest`; `tool_call` for pi). */
  event: string;
  toolName: string;
  toolInput: unknown;
  /** Absolute. */
  cwd: string;
  sessionId?: string;
  /** Where the harness keeps the session's transcript, when it says. */
  transcriptPath?: string;
  /** The user's turns when the harness sends them itself (pi) instead of a transcript path. */
  userTurns?: string[];
  /** A sub-agent's call: its transcript's "user" turns are another agent's prompts. */
  subagent?: boolean;
  /** The harness's permission mode when it says (Claude Code: `default`, `plan`, `acceptEdits`, ...). */
  permissionMode?: string;
}

export interface HarnessInstall {
  /** The file the hook goes into: the user's under `home`, or the project's under `projectRoot`. */
  file(home: string, projectRoot?: string): string;
  /**
   * Writes the hook into `file`, idempotently: in user scope it runs the gavel installed at `gavelRoot`; in a
   * project's file (which a team commits) it names nothing of this machine.
   */
  write(file: string, gavelRoot: string, scope: 'user' | 'project'): InstallResult;
  /** True when a file's text already runs gavel's hook. */
  installed(text: string): boolean;
  /** A line the person must read after installing (a feature flag to turn on), if any. */
  note?: string;
}

export interface HarnessAdapter {
  /** `gavel hook <name>`, `gavel init <name>`, and the audit line's `kind`. */
  name: string;
  /** The payload on stdin to a call, or the one-line problem that blocks it. */
  readCall(stdin: string, env: Readonly<Record<string, string | undefined>>): HarnessCall | string;
  /** The call's targets as normalized tool inputs (this harness's tool names and path rules). */
  toolInputs(call: HarnessCall, cwd: string): AdaptResult;
  /** What the person typed in this session, newest last; read only when a reviewer can use it. */
  userTurns(call: HarnessCall): string[];
  /**
   * The mixed recent conversation (the same user-typed turns, and the agent's own text), oldest first: untrusted
   * evidence for a reviewer; absent where the harness gives no transcript to read it from.
   */
  conversation?(call: HarnessCall): { role: 'user' | 'assistant'; text: string }[];
  /** The decision in the harness's own terms. */
  answer(call: HarnessCall, judged: Judged): HookReply;
  install: HarnessInstall;
}
