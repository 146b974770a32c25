/**
 * `gavel hook <harness>`: answers one tool call of an agent harness on stdin, in that harness's terms.
 * Decides nothing itself; every failure ends in exit 2 (which both Claude Code and Codex treat as a block).
 */

import { EXIT } from '../../../core';
import { fileAuditSink, recordBlock } from '../../../runtime';
import { guardHookProcess, HARNESS_NAMES, harnessNamed, runHarnessHook } from '../../harness';
import type { CommandSpec } from '../command';

export const hookCommand: CommandSpec = {
  name: 'hook',
  summary:
    'answer one tool call of an agent harness (claude-code, codex, pi, opencode, gemini, copilot, cursor) read on stdin',
  usage: 'gavel hook <claude-code|codex|pi|opencode|gemini|copilot|cursor>',
  description:
    'Reads the harness hook payload on stdin and answers in its own protocol (see docs/hooks.md). Claude Code: PreToolUse and PermissionRequest, `hookSpecificOutput` on stdout. Codex: the same events, deny-only for PreToolUse. pi: `{verdict, reason}` for the gavel extension. OpenCode: `{block, reason}` for the gavel plugin. Gemini CLI: BeforeTool, `{decision, reason}`. Copilot CLI: preToolUse, `{permissionDecision, permissionDecisionReason}`. Cursor: preToolUse, beforeShellExecution, beforeMCPExecution and beforeReadFile, `{permission, user_message, agent_message}`. Unreadable input, a crash or a timeout exits 2 with the reason on stderr, which blocks the call. Every answer is recorded in the audit log (a hash of the call, never its text); one that cannot be recorded is a deny. In mode `auto` with a model in user scope, what needs review goes to the model reviewer.',
  options: {},
  positionals: [
    { name: 'harness', description: 'claude-code, codex, pi, opencode, gemini, copilot or cursor' },
  ],
  exits: [EXIT.ok, EXIT.usage],
  protocolStdout: true,
  examples: [
    'echo \'{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":".env"},"cwd":"/repo"}\' | gavel hook claude-code',
  ],
  async run(ctx, args) {
    const disarm = guardHookProcess(ctx.env);
    const adapter = harnessNamed(args.positionals[0]);
    if (!adapter) {
      disarm();
      ctx.stderr.write(
        `gavel hook: unknown harness \`${String(args.positionals[0])}\` (${HARNESS_NAMES.join(', ')}); the call is blocked\n`,
      );
      return EXIT.usage;
    }
    const io = { env: ctx.env, clock: ctx.clock, audit: fileAuditSink(ctx.clock), cwd: ctx.cwd };
    let stdin: string;
    try {
      stdin = await ctx.readStdin();
    } catch {
      disarm();
      recordBlock(adapter.name, io, 'invalid-input');
      ctx.stderr.write('gavel: stdin could not be read; the tool call is blocked\n');
      return 2;
    }
    const reply = await runHarnessHook(adapter, stdin, io);
    disarm();
    if (reply.stdout) ctx.stdout.write(reply.stdout);
    if (reply.stderr) ctx.stderr.write(reply.stderr);
    return reply.exitCode;
  },
};

export default hookCommand;
