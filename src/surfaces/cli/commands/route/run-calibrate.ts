/**
 * `gavel route calibrate --cases FILE.jsonl`: reads the cost flags, calls the route runtime
 * (calibrateRoutes) and prints the report (text or JSON). Writes no audit line; decides nothing.
 */

import { EXIT, UsageError } from '../../../../core';
import { type Costs, DEFAULT_COSTS } from '../../../../route';
import { calibrateRoutes } from '../../../../runtime';
import type { CommandContext, ParsedArgs } from '../../command';
import { str } from './route-flags';

export async function runCalibrate(ctx: CommandContext, args: ParsedArgs, repo: string): Promise<number> {
  const file = str(args, 'cases');
  if (file === undefined) throw new UsageError('calibrate needs --cases FILE.jsonl');
  const costs: Costs = {
    ...DEFAULT_COSTS,
    approveBad: cost(args, 'cost-approve-bad', DEFAULT_COSTS.approveBad),
    escalateGood: cost(args, 'cost-escalate-good', DEFAULT_COSTS.escalateGood),
    missedFlag: cost(args, 'cost-missed-flag', DEFAULT_COSTS.missedFlag),
  };
  if (costs.approveBad <= costs.escalateGood)
    throw new UsageError('--cost-approve-bad must be above --cost-escalate-good');
  const run = await calibrateRoutes({
    repo,
    cwd: ctx.cwd,
    env: ctx.env,
    clock: ctx.clock,
    notice: (line) => ctx.stderr.write(`gavel route: ${line}\n`),
    casesFile: file,
    costs,
  });
  if (!run.ok) {
    ctx.stderr.write(`gavel route: ${run.problem}\n`);
    return EXIT.configInvalid;
  }
  const result = run.result;
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

function cost(args: ParsedArgs, name: string, fallback: number): number {
  const v = str(args, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name} must be a number 0 or above`);
  return n;
}
