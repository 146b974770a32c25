/**
 * The composition root of graduated approval: given a routing request (a git range, the names of the PR,
 * findings and run-log files, trusted flags), opens the config at the base of the range (a change never
 * configures its own routing), reads the inputs, routes, and records the audit line before the result is
 * returned (an approval that cannot be recorded escalates). Every surface (`gavel route`, later HTTP and
 * MCP) calls `routeChange` with a value and gets a value back; no argv, no stdout: notices go to `notice`.
 */

import { type Clock, UsageError } from '../../core';
import { nodeGitRunner, type RouteResult, route } from '../../route';
import { readRouteRequest } from './read-route-request';
import { recordRouting } from './record-routing';
import { loadRouteSetupAtBase, type RouteWorld } from './route-setup';

/** A login, a team (`@org/team`) or an e-mail-free handle. */
const HANDLE = /^@?[A-Za-z0-9][A-Za-z0-9._/:-]{0,99}$/;

export interface RouteCall extends RouteWorld {
  /** A directory in the repository (absolute). */
  repo: string;
  /** Where the input file names are taken from. */
  cwd: string;
  clock: Clock;
  base?: string | undefined;
  head?: string | undefined;
  /** A GitHub pull_request event payload file. */
  pr?: string | undefined;
  /** A review findings file. */
  findings?: string | undefined;
  /** A gavel audit log of the run that made the change. */
  runLog?: string | undefined;
  /** With `runLog`: only this run's or session's records count; also the audit line's runId. */
  runId?: string | undefined;
  /** The intent tier `0`-`3`, when known (trusted input). */
  tier?: string | undefined;
  /** Someone to tell about a flag (adds to `[route] notify`). */
  notify?: readonly string[];
  /** The caller posts the result on the pull request (`--tell-pr`): with `pr`, the pull request is told of a flag. */
  tellPr?: boolean;
}

/** The recorded result, or the one-line problem of an invalid config (nothing was routed nor recorded). */
export type RouteRun = { ok: true; result: RouteResult } | { ok: false; problem: string };

export async function routeChange(call: RouteCall): Promise<RouteRun> {
  const loaded = await loadRouteSetupAtBase(call, call.repo, { base: call.base, head: call.head });
  if (!loaded.ok) return loaded;
  const request = readRouteRequest(call.cwd, {
    repo: call.repo,
    base: call.base,
    head: call.head,
    pr: call.pr,
    findings: call.findings,
    runLog: call.runLog,
    runId: call.runId,
    tier: call.tier,
  });
  const notify = call.notify ?? [];
  for (const n of notify) {
    if (!HANDLE.test(n))
      throw new UsageError('--notify takes a login, a team (`@org/team`) or an e-mail-free handle');
  }
  if (notify.length > 0) request.notify = [...notify];
  if (call.tellPr) request.tellPullRequest = true;
  const routed = await route(request, loaded.setup.policy, {
    git: nodeGitRunner(call.env),
    clock: call.clock,
  });
  const result = recordRouting({
    result: routed,
    auditLog: loaded.setup.auditLog,
    runId: call.runId,
    clock: call.clock,
    notice: call.notice,
  });
  return { ok: true, result };
}
