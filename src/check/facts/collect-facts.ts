/**
 * Builds the facts of one request: for a shell command from the injected shell analysis, for other tools
 * from their path or host. Pure. Every path class and category comes from src/shell (the analysis, or
 * `pathCategories`/`hostCategories` for file and web tools) on the request's one ShellEnv, which carries the
 * path table, `[check] sensitive`, stated hosts and package sources: nothing is re-decided here. What is added
 * here is policy, not analysis: which scopes a target leaves.
 */

import type { Category } from '../../shell/category';
import { hostCategories, pathCategories } from '../../shell/path-categories';
import { type PathRef, SCRIPT_FILE_WRAPPER, type ShellAnalysis, type ShellEnv } from '../../shell/types';
import type { CompiledPolicy } from '../policy/compiled-policy';
import type { CheckRequest } from '../request/request';
import type { InScope } from '../rules/argument-rule';
import { pinnedText } from '../rules/pinned-text';
import { CATEGORY_REASONS } from './category-reasons';
import type { CategoryFact, Facts, TargetFacts } from './facts';

const fact = (category: Category): CategoryFact => ({ category, reason: CATEGORY_REASONS[category] });

/**
 * Why a path leaves the scopes the policy grants. Writes and deletes always count; reads only for file tools
 * (a shell read is judged by its class: a sensitive read is a category, other reads are routine).
 */
function leavesScope(
  p: PathRef,
  policy: CompiledPolicy,
  inScope: InScope,
  reads = false,
): string | undefined {
  const resolved = p.resolved;
  if (resolved === undefined) return undefined;
  if (p.role === 'read') {
    if (!reads || p.class === 'sensitive' || policy.readScopes.some((s) => inScope(s, p.class, resolved)))
      return undefined;
    return `reads outside the workspace (${p.class})`;
  }
  if (p.role !== 'write' && p.role !== 'delete') return undefined;
  if (policy.writeScopes.some((s) => inScope(s, p.class, resolved))) return undefined;
  return `${p.role === 'delete' ? 'deletes' : 'writes'} outside the workspace (${p.class})`;
}

function shellTargets(
  request: CheckRequest,
  analysis: ShellAnalysis,
  policy: CompiledPolicy,
  inScope: InScope,
): TargetFacts[] {
  const hits = analysis.hits;
  return analysis.segments.map((segment, index) => {
    // The segment's categories in hit order, each once.
    const categories: CategoryFact[] = [];
    for (const hit of hits) {
      if (hit.segment === index && !categories.some((c) => c.category === hit.category))
        categories.push(fact(hit.category));
    }
    // The scopes it leaves, each once.
    const outOfScope: string[] = [];
    for (const p of segment.paths) {
      const why = leavesScope(p, policy, inScope);
      if (why !== undefined && !outOfScope.includes(why)) outOfScope.push(why);
    }
    const argv = segment.argv;
    const text = argv.join(' ');
    const wrappers = segment.wrappers;
    // A segment read from a script file on disk is named by the command-line program that runs the file: the
    // file's own words are untrusted text and never reach a reason (or the audit line that keeps it).
    const fromFile = wrappers.find((w) => w.endsWith(SCRIPT_FILE_WRAPPER));
    const { pinned, redirected } = pinnedText(wrappers, argv, segment.paths);
    return {
      index,
      label: `\`${fromFile ?? argv[0] ?? '?'}\``,
      target: {
        kind: 'shell',
        toolName: request.toolName,
        text,
        wrappedText:
          wrappers.length === 0
            ? text
            : argv.length === 0
              ? wrappers.join(' ')
              : `${wrappers.join(' ')} ${text}`,
        pinned,
        redirected,
      },
      segment,
      categories,
      outOfScope,
    };
  });
}

const outOfScopeOf = (why: string | undefined): string[] => (why === undefined ? [] : [why]);

/** The facts of a request; `analysis` is required for a shell request and ignored otherwise. */
export function collectFacts(
  request: CheckRequest,
  analysis: ShellAnalysis | undefined,
  policy: CompiledPolicy,
  env: ShellEnv,
  inScope: InScope,
): Facts {
  const input = request.input;
  if (input.kind === 'shell') {
    if (!analysis)
      return {
        targets: [],
        uncertain: [{ code: 'no-analysis', reason: 'the shell command was not analysed' }],
      };
    const targets = shellTargets(request, analysis, policy, inScope);
    const uncertain = analysis.uncertain.slice();
    if (targets.length === 0 && uncertain.length === 0)
      uncertain.push({ code: 'empty', reason: 'the command has nothing to run' });
    return { targets, uncertain };
  }
  const base = {
    index: 0,
    label: `\`${request.toolName}\``,
    categories: [] as CategoryFact[],
    outOfScope: [] as string[],
  };
  switch (input.kind) {
    case 'read':
    case 'write':
    case 'edit': {
      const role = input.kind === 'read' ? 'read' : 'write';
      const v = pathCategories(input.path, role, env);
      const path = v.ref.resolved ?? input.path;
      return {
        targets: [
          {
            ...base,
            target: { kind: role, toolName: request.toolName, path },
            categories: v.categories.map(fact),
            outOfScope: outOfScopeOf(leavesScope(v.ref, policy, inScope, true)),
          },
        ],
        uncertain: [],
      };
    }
    case 'web_fetch': {
      let host: string;
      try {
        host = new URL(input.url).hostname.toLowerCase();
      } catch {
        return { targets: [], uncertain: [{ code: 'invalid-url', reason: 'the URL could not be parsed' }] };
      }
      const categories = hostCategories(host, env).map(fact);
      return {
        targets: [{ ...base, target: { kind: 'web_fetch', toolName: request.toolName, host }, categories }],
        uncertain: [],
      };
    }
    case 'mcp':
      return {
        targets: [
          {
            ...base,
            target: { kind: 'mcp', toolName: request.toolName, server: input.server, tool: input.tool },
          },
        ],
        uncertain: [],
      };
    case 'other':
      return { targets: [{ ...base, target: { kind: 'other', toolName: input.name } }], uncertain: [] };
    default: {
      const never: never = input;
      return never;
    }
  }
}
