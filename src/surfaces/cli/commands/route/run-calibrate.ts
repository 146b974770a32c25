/**
 * `gavel route calibrate --cases FILE.jsonl`: scores each labelled case (routing the ranges it names),
 * fits the thresholds and prints the report. Reads the cases file and the files it names; writes no
 * audit line (calibration routes nothing for real).
 */

import { dirname, resolve } from 'node:path';
import { EXIT, UsageError } from '../../../../core';
import {
  type CaseLine,
  type Costs,
  calibrate,
  DEFAULT_COSTS,
  fromResult,
  nodeGitRunner,
  parseCases,
  ROUTE_INPUT_LIMITS,
  type RoutePolicy,
  route,
  type ScoredCase,
} from '../../../../route';
import type { CommandContext, ParsedArgs } from '../../command';
import { readInput, readRouteRequest } from './read-route-request';
import { str } from './route-setup';

export async function runCalibrate(
  ctx: CommandContext,
  args: ParsedArgs,
  policy: RoutePolicy,
): Promise<number> {
  const file = str(args, 'cases');
  if (file === undefined) throw new UsageError('calibrate needs --cases FILE.jsonl');
  const path = resolve(ctx.cwd, file);
  const lines = parseCases(readInput(path, file, ROUTE_INPUT_LIMITS.cases), file);
  const costs: Costs = {
    ...DEFAULT_COSTS,
    approveBad: cost(args, 'cost-approve-bad', DEFAULT_COSTS.approveBad),
    escalateGood: cost(args, 'cost-escalate-good', DEFAULT_COSTS.escalateGood),
    missedFlag: cost(args, 'cost-missed-flag', DEFAULT_COSTS.missedFlag),
  };
  if (costs.approveBad <= costs.escalateGood)
    throw new UsageError('--cost-approve-bad must be above --cost-escalate-good');
  const cases: ScoredCase[] = [];
  for (const line of lines) cases.push(await scoreCase(ctx, line, policy, dirname(path)));
  const result = calibrate(cases, policy.thresholds, costs);
  if (args.values.json === true || str(args, 'format') === 'json') {
    const { fit, binary, current, fitted } = result;
    const json = {
      thresholds: fit.thresholds,
      cost: fit.cost,
      currentCost: fit.currentCost,
      binary,
      current,
      fitted,
    };
    ctx.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    ctx.stdout.write(result.text);
  }
  return EXIT.ok;
}

async function scoreCase(
  ctx: CommandContext,
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
  const result = await route(request, policy, { git: nodeGitRunner(ctx.env), clock: ctx.clock });
  return fromResult(c.id, c.right, result);
}

function cost(args: ParsedArgs, name: string, fallback: number): number {
  const v = str(args, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name} must be a number 0 or above`);
  return n;
}
