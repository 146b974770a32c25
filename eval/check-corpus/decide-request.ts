/**
 * The decision the everyday corpora score: a harness tool call (Claude Code's `tool_name` and `tool_input`)
 * through the Claude Code adapter and the full action-review pipeline, `check()`, with the real shell
 * analyzer, the bundled default policy and no config (every `[check]` key at its default, so mode `ask`).
 * A call the adapter turns into several inputs is decided on each; the strictest decision stands, with the
 * categories found on any of them. Reads the
 * three rule files once; never the corpus's workspace (the paths are an example workspace).
 */

import { type AdaptResult, type CheckRequest, check, emptyContext } from '../../src/check';
import type { Config } from '../../src/config';
import { systemClock } from '../../src/core';
import { analyzeShell } from '../../src/shell';
import { fromClaudeCode } from '../../src/surfaces/harness';
import { bundledPolicy } from './bundled-check';
import type { Where } from './corpus-case';

/** One decision, as the approval tables print it: the verdict, its basis and what decided. */
export interface Verdict {
  verdict: 'allow' | 'deny' | 'escalate';
  basis: string;
  ruleId: string;
  categories: string[];
}

/** Where the call runs, and the workspace files a script reader may give (absolute path -> text). */
export interface RequestWhere extends Where {
  files?: ReadonlyMap<string, string>;
}

/**
 * Decides one call; `adapt` reads it as another harness's hook would (default: the Claude Code adapter).
 */
export type DecideRequest = (
  toolName: string,
  toolInput: unknown,
  where: RequestWhere,
  adapt?: () => AdaptResult,
) => Promise<Verdict>;

const RANK = { allow: 0, escalate: 1, deny: 2 } as const;

/**
 * `check()` on the bundled policy; throws when a bundled rule file does not compile (a broken checkout). `settings`:
 * `[check]` keys other than their defaults (`script_files = "strict"`).
 */
export function bundledRequestCheck(root: string, settings: Partial<Config['check']> = {}): DecideRequest {
  const deps = { analyzeShell, policy: bundledPolicy(root, false, settings), clock: systemClock };
  // A case without workspace files describes commands, not a workspace: judged by name (`script_files = "name"`).
  const byName = { ...deps, policy: bundledPolicy(root, true) };
  return async (toolName, toolInput, where, adapt) => {
    const adapted = adapt ? adapt() : fromClaudeCode(toolName, toolInput, where.cwd);
    // Fail closed: a call the adapter cannot read is never counted as allowed.
    if (!adapted.ok) return { verdict: 'deny', basis: 'invalid-request', ruleId: '', categories: [] };
    let worst: Verdict | undefined;
    const found = new Set<string>();
    for (const input of adapted.inputs) {
      const { files, ...at } = where;
      const request: CheckRequest = { toolName, input, ...at, context: emptyContext() };
      // The case's own workspace files, as the hook's script reader would find them; nothing else exists.
      if (files)
        request.readScript = (abs) => {
          const text = files.get(abs);
          if (text !== undefined) return { kind: 'text', text };
          // A folder holding some of the files is listed (its entry names), as the hook's reader lists one.
          const prefix = `${abs.replace(/\/+$/, '')}/`;
          const entries = new Set<string>();
          for (const path of files.keys())
            if (path.startsWith(prefix)) entries.add(path.slice(prefix.length).split('/')[0] as string);
          if (entries.size === 0) return { kind: 'missing' };
          return { kind: 'unreadable', why: 'not-regular', entries: [...entries].sort() };
        };
      const decision = await check(request, files ? deps : byName);
      const v: Verdict = {
        verdict: decision.verdict,
        basis: decision.basis,
        ruleId: decision.ruleId ?? '',
        categories: [...(decision.categories ?? [])],
      };
      for (const c of v.categories) found.add(c);
      if (!worst || RANK[v.verdict] > RANK[worst.verdict]) worst = v;
    }
    // The strictest decision stands, with the categories found on any target.
    return worst
      ? { ...worst, categories: [...found] }
      : { verdict: 'deny', basis: 'invalid-request', ruleId: '', categories: [] };
  };
}
