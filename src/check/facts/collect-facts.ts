/**
 * Builds the facts of one request: for a shell command from the injected shell analysis, for other tools
 * from their path or host. Pure. Paths are re-classed with the policy's path table (so config's extra
 * sensitive paths count everywhere), and categories that depend on the policy (unstated hosts, package
 * sources) are decided here, where the stated hosts are known.
 */

import type { PathClass, Segment, ShellAnalysis } from '../../shell/types';
import {
  classifyPath,
  isPersistencePoint,
  isSelfModification,
  isUnder,
  type PathEnv,
  resolvePath,
} from '../paths/classify-path';
import type { CompiledPolicy } from '../policy/compiled-policy';
import type { CheckRequest } from '../request/request';
import type { ScopeName } from '../rules/argument-rule';
import { hostMatches } from '../rules/permission-rule';
import type { CategoryFact, Facts, TargetFacts } from './facts';

export function pathEnvOf(request: CheckRequest, policy: CompiledPolicy): PathEnv {
  const roots = [
    ...request.workspaceRoots,
    ...policy.workspaceRoots.map((r) =>
      resolvePath(r, request.workspaceRoots[0] ?? request.cwd, request.home),
    ),
  ];
  return {
    cwd: request.cwd,
    home: request.home,
    workspaceRoots: roots,
    tempDirs: [...request.tempDirs, ...policy.tempDirs.map((t) => resolvePath(t, request.cwd, request.home))],
    sensitive: policy.sensitive,
  };
}

export function scopeTest(policy: CompiledPolicy, env: PathEnv) {
  const writable = policy.writable.map((w) => resolvePath(w, env.workspaceRoots[0] ?? env.cwd, env.home));
  return (scope: ScopeName, cls: PathClass, resolved: string): boolean =>
    scope === 'writable' ? writable.some((w) => isUnder(resolved, w)) : cls === scope;
}

export function hostIsStated(host: string, policy: CompiledPolicy): boolean {
  return [...policy.statedHosts, ...policy.packageSources].some((p) => hostMatches(p.toLowerCase(), host));
}

function pathFacts(
  abs: string,
  role: 'read' | 'write' | 'delete',
  env: PathEnv,
  policy: CompiledPolicy,
  inScope: ReturnType<typeof scopeTest>,
): { cls: PathClass; categories: CategoryFact[]; outOfScope: string[] } {
  const cls = classifyPath(abs, env, policy.paths);
  const categories: CategoryFact[] = [];
  const outOfScope: string[] = [];
  if (role === 'read') {
    if (cls === 'sensitive')
      categories.push({
        category: 'secret_material_read',
        reason: 'reads a sensitive path (keys, tokens or credentials)',
      });
    else if (!policy.readScopes.some((s) => inScope(s, cls, abs)))
      outOfScope.push(`reads outside the workspace (${cls})`);
    return { cls, categories, outOfScope };
  }
  if (isSelfModification(abs, env, policy.paths)) {
    categories.push({
      category: 'agent_self_modification',
      reason: "changes the agent's or gavel's own configuration or hooks",
    });
  }
  if (isPersistencePoint(abs, env, policy.paths)) {
    categories.push({
      category: 'persistence',
      reason: 'changes a shell start-up file, scheduled job, service or authorized key',
    });
  }
  if (!policy.writeScopes.some((s) => inScope(s, cls, abs)))
    outOfScope.push(`${role === 'delete' ? 'deletes' : 'writes'} outside the workspace (${cls})`);
  return { cls, categories, outOfScope };
}

function shellTargets(
  request: CheckRequest,
  analysis: ShellAnalysis,
  policy: CompiledPolicy,
  env: PathEnv,
): TargetFacts[] {
  const inScope = scopeTest(policy, env);
  return analysis.segments.map((raw, index) => {
    const categories: CategoryFact[] = [];
    const outOfScope: string[] = [];
    const paths = raw.paths.map((p) => {
      if (p.resolved === undefined) return p;
      if (p.role === 'read' || p.role === 'write' || p.role === 'delete') {
        const f = pathFacts(p.resolved, p.role, env, policy, inScope);
        categories.push(...f.categories);
        outOfScope.push(...f.outOfScope.filter(() => p.role !== 'read'));
        return { ...p, class: f.cls };
      }
      return { ...p, class: classifyPath(p.resolved, env, policy.paths) };
    });
    const segment: Segment = { ...raw, paths };
    const remote = raw.hosts.filter((h) => !h.local);
    const allStated = remote.every((h) => hostIsStated(h.host, policy));
    for (const hit of analysis.hits) {
      if (hit.segment !== index) continue;
      const policyDecided =
        hit.category === 'outbound_network_to_unstated_host' ||
        hit.category === 'package_install_from_unstated_source';
      if (policyDecided && remote.length > 0 && allStated) continue;
      categories.push({ category: hit.category, reason: hit.reason });
    }
    if (!allStated)
      categories.push({
        category: 'outbound_network_to_unstated_host',
        reason: 'reaches a host no config or goal has stated',
      });
    const text = raw.argv.join(' ');
    return {
      index,
      label: `\`${raw.argv[0] ?? '?'}\``,
      target: {
        kind: 'shell',
        toolName: request.toolName,
        text,
        wrappedText: [...raw.wrappers, ...raw.argv].join(' '),
      },
      segment,
      categories: dedupe(categories),
      outOfScope: [...new Set(outOfScope)],
    };
  });
}

function dedupe(list: CategoryFact[]): CategoryFact[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    if (seen.has(c.category)) return false;
    seen.add(c.category);
    return true;
  });
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

/** The facts of a request; `analysis` is required for a shell request and ignored otherwise. */
export function collectFacts(
  request: CheckRequest,
  analysis: ShellAnalysis | undefined,
  policy: CompiledPolicy,
): Facts {
  const env = pathEnvOf(request, policy);
  const input = request.input;
  const base = {
    index: 0,
    label: `\`${request.toolName}\``,
    categories: [] as CategoryFact[],
    outOfScope: [] as string[],
  };
  switch (input.kind) {
    case 'shell': {
      if (!analysis)
        return {
          targets: [],
          uncertain: [{ code: 'no-analysis', reason: 'the shell command was not analysed' }],
        };
      const targets = shellTargets(request, analysis, policy, env);
      if (analysis.sensitiveToNetwork) {
        const at = targets.find((t) => (t.segment?.hosts.length ?? 0) > 0) ?? targets[0];
        at?.categories.push({
          category: 'credential_exfiltration',
          reason: 'sends data read from a sensitive path over the network',
        });
      }
      const uncertain = [...analysis.uncertain];
      if (targets.length === 0 && uncertain.length === 0)
        uncertain.push({ code: 'empty', reason: 'the command has nothing to run' });
      return { targets, uncertain };
    }
    case 'read':
    case 'write':
    case 'edit': {
      const abs = resolvePath(input.path, request.cwd, request.home);
      const role = input.kind === 'read' ? 'read' : 'write';
      const f = pathFacts(abs, role, env, policy, scopeTest(policy, env));
      return {
        targets: [
          {
            ...base,
            target: { kind: role, toolName: request.toolName, path: abs },
            categories: f.categories,
            outOfScope: f.outOfScope,
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
      const categories: CategoryFact[] =
        LOCAL_HOSTS.has(host) || hostIsStated(host, policy)
          ? []
          : [
              {
                category: 'outbound_network_to_unstated_host',
                reason: 'fetches from a host no config or goal has stated',
              },
            ];
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
