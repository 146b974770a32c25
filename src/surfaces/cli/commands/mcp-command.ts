/**
 * `gavel mcp`: the MCP server on stdio (docs/mcp.md). Composes the runtime's check service (policy loaded once,
 * audit kind `mcp`) and the `ask` and `judge` commands run in-process on a captured context (the same flags,
 * the same JSON as the CLI prints), and hands them to the MCP surface. Decides nothing itself.
 * Spending is the user's to allow: `ask` runs on rules only (`--model rules`); `judge` sends nothing to a model
 * unless the call says `allow_llm: true` AND the user's own config says `[judge] allow_llm = true`;
 * `estimate: true` always works. `--read-only` leaves `judge` out.
 */

import { isAbsolute } from 'node:path';
import { formatProblem, loadConfig } from '../../../config';
import { EXIT, GavelError, UsageError } from '../../../core';
import { fileAuditSink, openCheckService } from '../../../runtime';
import { buildMcpServer, type JudgeToolInput, serveStdio, type ToolAnswer } from '../../mcp';
import type { CommandContext, CommandSpec, ParsedArgs } from '../command';

/** Runs a CLI command in this process with its output captured; a usage error is an answer, not a crash. */
async function runCaptured(
  ctx: CommandContext,
  load: () => Promise<CommandSpec>,
  cwd: string,
  args: ParsedArgs,
  stdin = '',
): Promise<ToolAnswer> {
  let out = '';
  let err = '';
  const captured: CommandContext = {
    ...ctx,
    cwd,
    color: false,
    stdout: {
      write: (t) => {
        out += t;
      },
    },
    stderr: {
      write: (t) => {
        err += t;
      },
    },
    readStdin: async () => stdin,
  };
  let exitCode: number;
  try {
    exitCode = await (await load()).run(captured, args);
  } catch (error) {
    // gavel's own messages are one line with user values in backticks; anything else is not shown.
    const message = error instanceof GavelError ? error.message : 'internal error';
    return {
      json: { error: message, exit_code: error instanceof UsageError ? EXIT.usage : EXIT.internal },
      isError: true,
    };
  }
  let json: unknown;
  try {
    json = out.trim() === '' ? null : JSON.parse(out);
  } catch {
    json = out;
  }
  const notes = err.trim() === '' ? [] : err.trim().split('\n');
  return { json: { exit_code: exitCode, result: json, ...(notes.length > 0 ? { notes } : {}) } };
}

/** Whether the user's own config consents to model reviews by the judge (`[judge] allow_llm = true`). */
function userAllowsLlm(ctx: CommandContext, cwd: string): boolean {
  const loaded = loadConfig({ cwd, env: ctx.env });
  if (!loaded.ok) return false;
  const judge = loaded.config.judge as Readonly<Record<string, unknown>>;
  return judge.allow_llm === true && loaded.sources['judge.allow_llm'] !== 'project';
}

function judgeArgs(input: JudgeToolInput, llm: boolean): ParsedArgs {
  const values: ParsedArgs['values'] = { format: 'json' };
  if (input.estimate) values.estimate = true;
  if (llm) values['allow-llm'] = true;
  if (input.categories?.length) values.categories = input.categories.join(',');
  if (input.fail_on?.length) values['fail-on'] = input.fail_on;
  if (input.min_confidence) values['min-confidence'] = input.min_confidence;
  if (input.model) values.model = input.model;
  if (input.max_cost_usd !== undefined) values['max-cost'] = String(input.max_cost_usd);
  return { values, positionals: input.paths ?? [] };
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const loaded = loadConfig({ cwd: ctx.cwd, env: ctx.env });
  if (!loaded.ok) {
    ctx.stderr.write(`gavel mcp: ${formatProblem(loaded.problem)}\n`);
    return EXIT.configInvalid;
  }
  const service = await openCheckService({
    cwd: ctx.cwd,
    env: ctx.env,
    clock: ctx.clock,
    audit: fileAuditSink(ctx.clock),
    kind: 'mcp',
  });
  const server = buildMcpServer({
    version: ctx.version,
    readOnly: args.values['read-only'] === true,
    check: async (request) => {
      const served = await service.check(request, {});
      return { json: { ...served.decision, suggestions: served.suggestions } };
    },
    ask: (question) =>
      runCaptured(
        ctx,
        async () => (await import('./ask-command')).askCommand,
        ctx.cwd,
        { values: { json: true, model: 'rules' }, positionals: [] },
        JSON.stringify(question),
      ),
    judge: async (input) => {
      if (!isAbsolute(input.root))
        return { json: { error: '`root` must be an absolute path' }, isError: true };
      const wantsModel = input.allow_llm === true && input.estimate !== true;
      if (wantsModel && !userAllowsLlm(ctx, input.root)) {
        return {
          json: {
            error:
              'a model review needs `allow_llm = true` under [judge] in your user config (~/.config/gavel/config.toml); nothing was sent',
          },
          isError: true,
        };
      }
      return runCaptured(
        ctx,
        async () => (await import('./judge-command')).judgeCommand,
        input.root,
        judgeArgs(input, wantsModel),
      );
    },
  });
  try {
    await serveStdio(server);
  } finally {
    service.close();
  }
  return EXIT.ok;
}

export const mcpCommand: CommandSpec = {
  name: 'mcp',
  summary: 'run the MCP server on stdio: tools check, ask and judge',
  usage: 'gavel mcp [--read-only]',
  description:
    'Speaks the Model Context Protocol on stdin/stdout. Tools: `check` (one tool call as `gavel check` reads it, without `context`; the Decision), `ask` (a policy question `{kind, facts}`, answered from rules only), `judge` (a project root and the `gavel judge` options; JSON report). Nothing spends money unless the user agreed: a judge model review needs `allow_llm: true` in the call and `allow_llm = true` under [judge] in the user config; `estimate: true` always works. --read-only leaves `judge` out. Every check and ask decision is recorded in the audit log. See docs/mcp.md.',
  options: {
    'read-only': { type: 'boolean', description: 'register only `check` and `ask`' },
  },
  exits: [EXIT.ok, EXIT.usage, EXIT.configInvalid],
  protocolStdout: true,
  examples: ['gavel mcp', 'claude mcp add gavel -- gavel mcp --read-only'],
  run,
};

export default mcpCommand;
