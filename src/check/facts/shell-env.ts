/**
 * The one ShellEnv of a request: where it runs (cwd, home, workspace and temp roots from the harness and
 * `[check]`), the path table (rules/check-paths.json, part of the compiled policy), the sensitive additions,
 * stated hosts and package sources of the policy, and the surface's symlink resolver and script reader when it gives them. Shell analysis decides every path class and every
 * category with it; action review never re-decides them. Also the scope test of argument rules. Pure.
 */

import { isUnder } from '../../core';
import type { PathClass, ShellEnv } from '../../shell';
import { valueInert } from '../catalogue';
import { resolveConfigPath } from '../paths/resolve-path';
import type { CompiledPolicy } from '../policy/compiled-policy';
import type { CheckRequest } from '../request/request';
import type { InScope, ScopeName } from '../rules/argument-rule';

/**
 * The analyzer caches its path scope per ShellEnv object: one object per request and policy (the policy it was
 * last built for; a request checked under another policy gets a new one, with the same content as before).
 */
/**
 * A caller that gives no script reader (a library caller of check() without the runtime): no file a command
 * would run or read can be read, so scripts runners run (`npm test`, `make`, a shell script) are unknown, never
 * judged by name alone (docs/check.md, "Library callers").
 */
const unreadable: NonNullable<ShellEnv['readScript']> = () => ({ kind: 'unreadable', why: 'error' });

/**
 * The environment last made, for the request and policy it was made for: a decision asks for it several times. One
 * slot, not a WeakMap keyed by every request: an entry per request in a weak table cost each in-process decision
 * more than building the environment again, and its collector work (ADR 0094). A request met again after another
 * gets a new environment with the same content.
 */
let last: { request: CheckRequest; policy: CompiledPolicy; env: ShellEnv } | undefined;

export function shellEnvOf(request: CheckRequest, policy: CompiledPolicy): ShellEnv {
  if (last?.request === request && last.policy === policy) return last.env;
  const base = request.workspaceRoots[0] ?? request.cwd;
  // The request's own roots as given when the policy adds none (the default): no copy per request.
  const env: { -readonly [K in keyof ShellEnv]: ShellEnv[K] } = {
    paths: policy.paths,
    cwd: request.cwd,
    home: request.home,
    workspaceRoots:
      policy.workspaceRoots.length === 0
        ? request.workspaceRoots
        : [
            ...request.workspaceRoots,
            ...policy.workspaceRoots.map((r) => resolveConfigPath(r, base, request.home)),
          ],
    tempDirs:
      policy.tempDirs.length === 0
        ? request.tempDirs
        : [
            ...request.tempDirs,
            ...policy.tempDirs.map((t) => resolveConfigPath(t, request.cwd, request.home)),
          ],
    sensitivePaths: policy.sensitive,
    statedHosts: policy.statedHosts,
    packageSources: policy.packageSources,
    modelled: policy.catalogue.byProgram,
    inertValue: (name, value) => valueInert(policy.catalogue, name, value),
  };
  if (request.realpath) env.realpath = request.realpath;
  if (request.selfPaths) env.selfPaths = request.selfPaths;
  if (request.pathFolders) env.pathFolders = request.pathFolders;
  if (policy.scriptFiles !== 'name') {
    env.readScript = request.readScript ?? unreadable;
    if (request.gitPaths) env.gitPaths = request.gitPaths;
    env.scriptFiles = policy.scriptFiles;
  }
  last = { request, policy, env };
  return env;
}

/**
 * Whether a path of class `cls` at `resolved` is in a scope the policy names (`writable` is config's list).
 * The writable folders are resolved on the first `writable` question only: most requests never ask one.
 */
export function scopeTest(policy: CompiledPolicy, env: ShellEnv): InScope {
  let writable: string[] | undefined;
  return (scope: ScopeName, cls: PathClass, resolved: string): boolean => {
    if (scope !== 'writable') return cls === scope;
    writable ??= policy.writable.map((w) => resolveConfigPath(w, env.workspaceRoots[0] ?? env.cwd, env.home));
    return writable.some((w) => isUnder(resolved, w));
  };
}
