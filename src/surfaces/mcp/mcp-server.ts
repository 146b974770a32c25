/**
 * The MCP server of `gavel mcp` (the official TypeScript SDK): tools `check` (one tool call, as `gavel check`
 * reads it), `ask` (a policy question, as `gavel ask` reads it) and `judge` (agent configuration, as `gavel
 * judge` reviews it). Translates MCP tool calls into the services passed in and their answers into tool
 * results; decides nothing, and takes more tools by one more `registerTool` each.
 * The caller of an MCP tool is the agent itself, so nothing it sends is trusted: `check` takes no `context`
 * (a forged user goal could widen what is allowed), and nothing that spends money runs unless the user agreed
 * in their own config (see `judge`). `readOnly`: `judge` is not registered at all.
 */

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/mini';

/** A tool's answer: JSON for the agent, and whether it is an error (a refused or unreadable call). */
export interface ToolAnswer {
  json: unknown;
  isError?: boolean;
}

export interface JudgeToolInput {
  root: string;
  paths?: string[] | undefined;
  categories?: string[] | undefined;
  fail_on?: string[] | undefined;
  min_confidence?: 'low' | 'medium' | 'high' | undefined;
  estimate?: boolean | undefined;
  allow_llm?: boolean | undefined;
  model?: string | undefined;
  max_cost_usd?: number | undefined;
}

export interface McpDeps {
  version: string;
  check: (request: Record<string, unknown>) => Promise<ToolAnswer>;
  ask: (question: Record<string, unknown>) => Promise<ToolAnswer>;
  judge: (input: JudgeToolInput) => Promise<ToolAnswer>;
  readOnly: boolean;
}

const TOOL_KINDS = ['shell', 'read', 'write', 'edit', 'web_fetch', 'mcp', 'other'] as const;
const absolute = () => z.string().check(z.regex(/^\//, 'must be an absolute path'));

const asResult = (a: ToolAnswer) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(a.json) }],
  ...(a.isError ? { isError: true } : {}),
});

export function buildMcpServer(deps: McpDeps): McpServer {
  const server = new McpServer({ name: 'gavel', version: deps.version });

  server.registerTool(
    'check',
    {
      description:
        'Judge one tool call before it runs: allow, deny or escalate (a person must decide), with the reason and the rule. Deterministic; records an audit line.',
      inputSchema: {
        tool: z.enum(TOOL_KINDS),
        input: z.record(z.string(), z.unknown()),
        cwd: z.optional(absolute()),
        workspace_roots: z.optional(z.array(absolute())),
        session_id: z.optional(z.string().check(z.maxLength(128))),
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async (args) => asResult(await deps.check(args as Record<string, unknown>)),
  );

  server.registerTool(
    'ask',
    {
      description:
        'Answer a policy question of an unattended review loop (a kind and its facts) from the numbered rules in force. Rules only here: a question no rule settles escalates.',
      inputSchema: {
        kind: z.string().check(z.minLength(1), z.maxLength(64)),
        facts: z.record(z.string(), z.unknown()),
      },
      annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (args) => asResult(await deps.ask(args as Record<string, unknown>)),
  );

  if (!deps.readOnly) {
    server.registerTool(
      'judge',
      {
        description:
          'Review agent configuration (skills, CLAUDE.md, rules, MCP and settings files) under a project root with static checks; `estimate: true` prices a model review without sending anything. A model review needs `allow_llm: true` here and `allow_llm = true` in the user config `[judge]`.',
        inputSchema: {
          root: absolute(),
          paths: z.optional(z.array(z.string().check(z.minLength(1)))),
          categories: z.optional(z.array(z.enum(['security', 'governance', 'quality']))),
          fail_on: z.optional(z.array(z.string().check(z.minLength(1)))),
          min_confidence: z.optional(z.enum(['low', 'medium', 'high'])),
          estimate: z.optional(z.boolean()),
          allow_llm: z.optional(z.boolean()),
          model: z.optional(z.string().check(z.minLength(1))),
          max_cost_usd: z.optional(z.number().check(z.minimum(0))),
        },
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
      async (args) => asResult(await deps.judge(args as JudgeToolInput)),
    );
  }
  return server;
}
