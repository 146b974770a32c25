/**
 * `gavel mcp`: the MCP server on stdio (docs/mcp.md). Composes the runtime's check service (policy loaded once,
 * audit kind `mcp`), the arbiter's `answerQuestion`, and the runtime's `judgeProject` with the request and the
 * rendering `gavel judge` uses (the same flags, the same JSON); hands them to the MCP surface. Decides nothing.
 * Spending is the user's to allow: `ask` runs on rules only (`--model rules`); `judge` sends nothing to a model
 * unless the call says `allow_llm: true` AND the user's own config says `[judge] allow_llm = true`;
 * `estimate: true` always works. `--read-only` leaves `judge` out.
 */

import { isAbsolute } from 'node:path';
import { EXIT, exitForOutcome, GavelError, UsageError } from '../../../core';
import {
  answerQuestion,
  configProblem,
  fileAuditSink,
  judgeProject,
  openCheckService,
  userAllowsJudgeModel,
} from '../../../runtime';
import { buildMcpServer, type JudgeToolInput, serveStdio, type ToolAnswer } from '../../mcp';
import type { CommandContext, CommandSpec, ParsedArgs } from '../command';
import { type JudgeAnswer, judgeAnswer, judgeRequest } from './judge-command';

/** One MCP `judge` call run as `gavel judge --format json` with the same flags; a usage error is an answer. */
async function judgeTool(ctx: CommandContext, root: string, args: ParsedArgs): Promise<ToolAnswer> {
  const notes: string[] = [];
  let answer: JudgeAnswer;
  try {
    const request = judgeRequest({ ...ctx, cwd: root }, args, (line) => notes.push(line));
    answer = judgeAnswer(await judgeProject(request), 'json', false);
  } catch (error) {
    // gavel's own messages are one line with user values in backticks; anything else is not shown.
    const message = error instanceof GavelError ? error.message : 'internal error';
    return {
      json: { error: message, exit_code: error instanceof UsageError ? EXIT.usage : EXIT.internal },
      isError: true,
    };
  }
  notes.push(...answer.notes);
  let json: unknown = null;
  if (answer.stdout.trim() !== '') {
    try {
      json = JSON.parse(answer.stdout);
    } catch {
      json = answer.stdout;
    }
  }
  return { json: { exit_code: answer.exitCode, result: json, ...(notes.length > 0 ? { notes } : {}) } };
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
  const problem = configProblem({ cwd: ctx.cwd, env: ctx.env });
  if (problem !== undefined) {
    ctx.stderr.write(`gavel mcp: ${problem}\n`);
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
    // Rules only: an MCP caller never makes gavel spend on a model for a question.
    ask: async (question) => {
      const run = await answerQuestion({
        cwd: ctx.cwd,
        env: ctx.env,
        clock: ctx.clock,
        notice: () => {},
        text: JSON.stringify(question),
        model: { model: 'rules', estimate: false },
      });
      const a = run.answer;
      const result = { ...a.decision, mode: a.mode, kind: a.kind, disposition: a.disposition };
      return { json: { exit_code: exitForOutcome(a.decision.outcome), result } };
    },
    judge: async (input) => {
      if (!isAbsolute(input.root))
        return { json: { error: '`root` must be an absolute path' }, isError: true };
      const wantsModel = input.allow_llm === true && input.estimate !== true;
      if (wantsModel && !userAllowsJudgeModel({ cwd: input.root, env: ctx.env })) {
        return {
          json: {
            error:
              'a model review needs `allow_llm = true` under [judge] in your user config (~/.config/gavel/config.toml); nothing was sent',
          },
          isError: true,
        };
      }
      return judgeTool(ctx, input.root, judgeArgs(input, wantsModel));
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
