/**
 * Calibration as a runtime call: opens the working tree's config (the current policy), scores each labelled
 * case of a cases file (routing the ranges it names, with their input files taken from the cases file's
 * folder), and fits the thresholds to the costs. Reads the cases file and the files it names; writes no
 * audit line (calibration routes nothing for real); prints nothing.
 */

import { dirname, resolve } from 'node:path';
import type { Clock } from '../../core';
import {
  type CaseLine,
  type Costs,
  calibrate,
  fromResult,
  nodeGitRunner,
  parseCases,
  ROUTE_INPUT_LIMITS,
  type RoutePolicy,
  route,
  type ScoredCase,
} from '../../route';
import { readInput, readRouteRequest } from './read-route-request';
import { loadRouteSetup, type RouteWorld } from './route-setup';

export interface CalibrateCall extends RouteWorld {
  /** A directory in the repository whose config holds the current thresholds (absolute). */
  repo: string;
  /** Where `casesFile` is taken from. */
  cwd: string;
  clock: Clock;
  /** Labelled cases, one JSON object a line, as the user named the file. */
  casesFile: string;
  costs: Costs;
}

export type CalibrateRun =
  | { ok: true; result: ReturnType<typeof calibrate> }
  | { ok: false; problem: string };

export async function calibrateRoutes(call: CalibrateCall): Promise<CalibrateRun> {
  const loaded = loadRouteSetup(call, call.repo);
  if (!loaded.ok) return loaded;
  const policy = loaded.setup.policy;
  const path = resolve(call.cwd, call.casesFile);
  const lines = parseCases(readInput(path, call.casesFile, ROUTE_INPUT_LIMITS.cases), call.casesFile);
  const cases: ScoredCase[] = [];
  for (const line of lines) cases.push(await scoreCase(call, line, policy, dirname(path)));
  return { ok: true, result: calibrate(cases, policy.thresholds, call.costs) };
}

async function scoreCase(
  call: CalibrateCall,
  line: CaseLine,
  policy: RoutePolicy,
  dir: string,
): Promise<ScoredCase> {
  if (line.kind === 'scored') return line.scored;
  const c = line.range;
  const request = readRouteRequest(dir, {
    repo: resolve(dir, c.repo),
    base: c.base,
    head: c.head,
    pr: c.pr,
    findings: c.findings,
    runLog: c.runLog,
    runId: c.runId,
    tier: c.tier?.toString(),
  });
  const result = await route(request, policy, { git: nodeGitRunner(call.env), clock: call.clock });
  return fromResult(c.id, c.right, result);
}
