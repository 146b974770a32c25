/**
 * The non-shell tools corpus (eval/corpora/check/tools.json): one harness tool call per case, read by that
 * harness's own adapter (its tool names and path rules, from the harness registry) and decided through the full
 * action-review pipeline by `decide`. Shared by its test (tools-corpus.test.ts) and `npm run eval:check`
 * (run-tools.ts). block = deny or escalate on any target; a call the adapter cannot read is a block (every hook
 * denies it as `invalid-input`).
 */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AdaptResult } from '../../src/check';
import { harnessNamed } from '../../src/surfaces/harness';
import type { DecideRequest } from './decide-request';

export interface ToolCase {
  id: string;
  harness: 'claude-code' | 'codex' | 'pi' | 'cursor' | 'gemini' | 'opencode' | 'copilot';
  tool_name: string;
  tool_input: unknown;
  expected: 'allow' | 'block';
  category?: string;
  class: string;
}

/** Where every case runs: the corpus holds calls, not workspaces. */
export const TOOLS_WORKSPACE = '/workspace/project';
export const TOOLS_HOME = '/home/dev';

export function loadToolCases(root: string): ToolCase[] {
  return JSON.parse(readFileSync(resolve(root, 'eval/corpora/check/tools.json'), 'utf8')) as ToolCase[];
}

/** The case's harness adapter, read as its hook reads the call. */
export function adaptToolCase(c: ToolCase): AdaptResult {
  const harness = harnessNamed(c.harness);
  if (!harness) throw new Error(`tools.json: case \`${c.id}\` names an unknown harness \`${c.harness}\``);
  return harness.toolInputs(
    { event: 'PreToolUse', toolName: c.tool_name, toolInput: c.tool_input, cwd: TOOLS_WORKSPACE },
    TOOLS_WORKSPACE,
  );
}

/** The case's verdict and the categories found on any target. */
export async function decideToolCase(
  c: ToolCase,
  decide: DecideRequest,
): Promise<{ verdict: 'allow' | 'block'; categories: string[] }> {
  const where = {
    cwd: TOOLS_WORKSPACE,
    home: TOOLS_HOME,
    workspaceRoots: [TOOLS_WORKSPACE],
    tempDirs: [],
    // An empty workspace (ADR 0083): a runner's files are missing.
    files: new Map<string, string>(),
  };
  const v = await decide(c.tool_name, c.tool_input, where, () => adaptToolCase(c));
  return { verdict: v.verdict === 'allow' ? 'allow' : 'block', categories: v.categories };
}
