/**
 * Reads the generic JSON request of `gavel check` (and of any harness without an adapter) into normalized
 * requests. Pure. Two shapes are accepted: gavel's own `{tool, input, cwd?, workspace_roots?, session_id?,
 * context?}` and a Claude Code hook payload `{tool_name, tool_input, cwd?, session_id?}`. Unknown fields in
 * gavel's shape are a problem: a request is read whole or not at all. The request never widens the policy: its
 * `workspace_roots` can only narrow the roots config and the real cwd give.
 */

import * as z from 'zod/mini';
import { isUnder } from '../../core';
import type { AdaptToolCall } from '../adapters/adapt-result';
import { resolveConfigPath } from '../paths/resolve-path';
import { type CheckRequest, TOOL_KINDS, type ToolInput } from './request';

const texts = z.optional(z.array(z.string()));

const GENERIC = z.strictObject({
  tool: z.enum(TOOL_KINDS),
  tool_name: z.optional(z.string()),
  input: z.record(z.string(), z.unknown()),
  cwd: z.optional(z.string().check(z.regex(/^\//, 'must be an absolute path'))),
  workspace_roots: z.optional(z.array(z.string().check(z.regex(/^\//, 'must be an absolute path')))),
  session_id: z.optional(z.string()),
  context: z.optional(
    z.strictObject({
      trusted: z.optional(
        z.strictObject({
          user_goal: z.optional(z.string()),
          session_task: z.optional(z.string()),
          agent_instructions: z.optional(z.string()),
          user_turns: texts,
        }),
      ),
      untrusted: z.optional(
        z.strictObject({
          tool_output: texts,
          file_contents: texts,
          stderr: texts,
          network_responses: texts,
          conversation: z.optional(
            z.array(z.strictObject({ role: z.enum(['user', 'assistant']), text: z.string() })),
          ),
        }),
      ),
    }),
  ),
});

export interface RequestDefaults {
  cwd: string;
  home: string;
  tempDirs: string[];
  /** Workspace roots when the request names none (the project root of cwd). */
  workspaceRoots: (cwd: string) => string[];
  /** Symlink resolution for path classes (see ShellEnv.realpath). */
  realpath?: (abs: string) => string | undefined | null;
  /** Script reader for scripts a shell runs (see ShellEnv.readScript). */
  readScript?: CheckRequest['readScript'];
  /** git name listings (see ShellEnv.gitPaths). */
  gitPaths?: CheckRequest['gitPaths'];
  /** PATH folders (see ShellEnv.pathFolders). */
  pathFolders?: CheckRequest['pathFolders'];
  /** gavel's own installation folders (see ShellEnv.selfPaths). */
  selfPaths?: CheckRequest['selfPaths'];
  /** Reads a harness-shaped request (`tool_name`, `tool_input`); the surface passes its harness adapter's. */
  adaptToolCall?: AdaptToolCall;
}

export type ParsedRequest = { ok: true; requests: CheckRequest[] } | { ok: false; problem: string };

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

function genericInput(
  tool: (typeof TOOL_KINDS)[number],
  input: Record<string, unknown>,
  name: string,
): ToolInput | string {
  switch (tool) {
    case 'shell':
      return str(input.command)
        ? { kind: 'shell', command: input.command as string }
        : '`input.command` must be a non-empty string';
    case 'read':
    case 'write':
    case 'edit':
      return str(input.path)
        ? { kind: tool, path: input.path as string }
        : '`input.path` must be a non-empty string';
    case 'web_fetch':
      return str(input.url)
        ? { kind: 'web_fetch', url: input.url as string }
        : '`input.url` must be a non-empty string';
    case 'mcp':
      return str(input.server) && str(input.tool)
        ? {
            kind: 'mcp',
            server: input.server as string,
            tool: input.tool as string,
            arguments: input.arguments ?? {},
          }
        : '`input.server` and `input.tool` must be non-empty strings';
    case 'other':
      return { kind: 'other', name, arguments: input.arguments ?? {} };
    default: {
      const never: never = tool;
      return never;
    }
  }
}

const CANONICAL: Record<(typeof TOOL_KINDS)[number], string> = {
  shell: 'Bash',
  read: 'Read',
  write: 'Write',
  edit: 'Edit',
  web_fetch: 'WebFetch',
  mcp: 'mcp',
  other: 'other',
};

/**
 * The request may only narrow the workspace: a root it names counts when it lies inside a root the config and
 * the real cwd give; one outside them (`/etc`) is dropped, and with none left the given roots stand.
 */
export function narrowRoots(asked: readonly string[] | undefined, given: readonly string[]): string[] {
  if (asked === undefined) return [...given];
  const inside = asked
    .map((a) => resolveConfigPath(a, '/', '/'))
    .filter((a) => given.some((g) => isUnder(a, g)));
  return inside.length > 0 ? inside : [...given];
}

export function parseRequest(json: unknown, defaults: RequestDefaults): ParsedRequest {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { ok: false, problem: 'the request must be a JSON object' };
  const obj = json as Record<string, unknown>;
  // A folder given must be absolute: a relative one (or another type) is never swapped for gavel's own folder,
  // which would judge the command against files it does not run beside.
  if (obj.cwd !== undefined && !(typeof obj.cwd === 'string' && obj.cwd.startsWith('/')))
    return { ok: false, problem: '`cwd` must be an absolute path' };
  const cwd = typeof obj.cwd === 'string' ? obj.cwd : defaults.cwd;
  const base = {
    cwd,
    home: defaults.home,
    tempDirs: defaults.tempDirs,
    workspaceRoots: defaults.workspaceRoots(cwd),
    ...(defaults.realpath ? { realpath: defaults.realpath } : {}),
    ...(defaults.readScript ? { readScript: defaults.readScript } : {}),
    ...(defaults.gitPaths ? { gitPaths: defaults.gitPaths } : {}),
    ...(defaults.pathFolders ? { pathFolders: defaults.pathFolders } : {}),
    ...(defaults.selfPaths ? { selfPaths: defaults.selfPaths } : {}),
  };
  const empty = {
    trusted: { userTurns: [] },
    untrusted: { toolOutput: [], fileContents: [], stderr: [], networkResponses: [] },
  };
  if (!('tool' in obj) && typeof obj.tool_name === 'string') {
    if (!defaults.adaptToolCall)
      return { ok: false, problem: 'no harness adapter reads `tool_name` requests here' };
    const adapted = defaults.adaptToolCall(obj.tool_name, obj.tool_input, cwd);
    if (!adapted.ok) return adapted;
    const sessionId = str(obj.session_id);
    return {
      ok: true,
      requests: adapted.inputs.map((input) => ({
        ...base,
        toolName: obj.tool_name as string,
        input,
        context: empty,
        ...(sessionId ? { sessionId } : {}),
      })),
    };
  }
  const parsed = GENERIC.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key =
      issue?.path.map(String).join('.') || (issue?.code === 'unrecognized_keys' ? issue.keys[0] : '') || '';
    return {
      ok: false,
      problem: `${key ? `\`${key}\`: ` : ''}${issue?.message.toLowerCase() ?? 'invalid request'}`,
    };
  }
  const r = parsed.data;
  const name =
    r.tool_name ??
    (r.tool === 'mcp' ? `mcp__${String(r.input.server)}__${String(r.input.tool)}` : CANONICAL[r.tool]);
  const input = genericInput(r.tool, r.input, name);
  if (typeof input === 'string') return { ok: false, problem: input };
  const request: CheckRequest = {
    ...base,
    toolName: name,
    input,
    workspaceRoots: narrowRoots(r.workspace_roots, base.workspaceRoots),
    context: {
      trusted: {
        userTurns: r.context?.trusted?.user_turns ?? [],
        ...(r.context?.trusted?.user_goal ? { userGoal: r.context.trusted.user_goal } : {}),
        ...(r.context?.trusted?.session_task ? { sessionTask: r.context.trusted.session_task } : {}),
        ...(r.context?.trusted?.agent_instructions
          ? { agentInstructions: r.context.trusted.agent_instructions }
          : {}),
      },
      untrusted: {
        toolOutput: r.context?.untrusted?.tool_output ?? [],
        fileContents: r.context?.untrusted?.file_contents ?? [],
        stderr: r.context?.untrusted?.stderr ?? [],
        networkResponses: r.context?.untrusted?.network_responses ?? [],
        ...(r.context?.untrusted?.conversation
          ? { conversation: r.context.untrusted.conversation.map((t) => ({ role: t.role, text: t.text })) }
          : {}),
      },
    },
  };
  if (r.session_id) request.sessionId = r.session_id;
  return { ok: true, requests: [request] };
}
