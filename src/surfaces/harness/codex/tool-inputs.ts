/**
 * Codex's tools to normalized tool inputs: Bash (shell, unified exec), apply_patch (its patch in `command`:
 * every file it names is a target), mcp__*, others. Pure; a missing field is a problem, never a guess.
 */

import type { AdaptResult } from '../../../check';
import { field, mcpOrOther, one, rewriteTargets } from '../tool-fields';
import { rewritePath } from './rewrite-path';

/** File paths named by a Codex `apply_patch` body (`*** Add File:`, `*** Update File:`, `*** Delete File:`, `*** Move to:`). */
export function patchPaths(patch: string): string[] {
  const paths: string[] = [];
  for (const line of patch.split('\n')) {
    const m = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/.exec(line.trimEnd());
    if (m?.[1]) paths.push(m[1].trim());
  }
  return paths;
}

export function fromCodex(toolName: string, input: unknown, cwd = ''): AdaptResult {
  return rewriteTargets(read(toolName, input), (path) => rewritePath(path, cwd));
}

function read(toolName: string, input: unknown): AdaptResult {
  switch (toolName) {
    case 'Bash':
    case 'shell':
    case 'exec_command':
    case 'local_shell':
      return one(field(input, toolName, 'command', 'cmd'), (command) => ({ kind: 'shell', command }));
    case 'apply_patch': {
      const body = field(input, toolName, 'command', 'patch', 'input');
      if (!body.ok) return body;
      const paths = patchPaths(body.value);
      if (paths.length === 0) return { ok: false, problem: 'tool `apply_patch`: the patch names no file' };
      return { ok: true, inputs: paths.map((path) => ({ kind: 'edit', path })) };
    }
    default:
      return mcpOrOther(toolName, input);
  }
}
