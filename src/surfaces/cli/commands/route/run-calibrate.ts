/**
 * `gavel route calibrate --cases FILE.jsonl`: reads the cost flags, calls the route runtime
 * (calibrateRoutes) and prints the report (text or JSON). Writes no audit line; decides nothing.
 */

import { EXIT, UsageError } from '../../../../core';
import { type Costs, DEFAULT_COSTS, HISTORY_WINDOW_DAYS } from '../../../../route';
import { calibrateRoutes } from '../../../../runtime';
import type { CommandContext, ParsedArgs } from '../../command';
import { str } from './route-flags';

export async function runCalibrate(ctx: CommandContext, args: ParsedArgs, repo: string): Promise<number> {
  const file = str(args, 'cases');
  const fromHistory = args.values['from-history'] === true;
  if (file === undefined && !fromHistory)
    throw new UsageError('calibrate needs --cases FILE.jsonl or --from-history');
  if (file !== undefined && fromHistory)
    throw new UsageError('`--cases` and `--from-history` are two sources: name one');
  const mergesRaw = str(args, 'merges');
  if (mergesRaw !== undefined && !fromHistory) throw new UsageError('`--merges` goes with `--from-history`');
  const merges = mergesRaw === undefined ? 100 : /^\d{1,4}$/.test(mergesRaw) ? Number(mergesRaw) : Number.NaN;
  if (!(merges >= 1 && merges <= 2000))
    throw new UsageError('`--merges` must be a whole number from 1 to 2000');
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
    ...(file !== undefined ? { casesFile: file } : {}),
    ...(fromHistory ? { fromHistory: { limit: merges, windowDays: HISTORY_WINDOW_DAYS } } : {}),
    costs,
  });
  if (!run.ok) {
    ctx.stderr.write(`gavel route: ${run.problem}\n`);
    return EXIT.configInvalid;
  }
  const result = run.result;
  const labels = run.labels;
  if (args.values.json === true || str(args, 'format') === 'json') {
    const { fit, binary, current, fitted } = result;
    const json = {
      thresholds: fit.thresholds,
      cost: fit.cost,
      currentCost: fit.currentCost,
      binary,
      current,
      fitted,
      ...(labels ? { weakLabels: labels } : {}),
    };
    ctx.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    if (labels) {
      const needed = labels.filter((l) => l.right === 'escalate').length;
      ctx.stdout.write(
        `weak labels from ${labels.length} merge(s): ${needed} reverted or hot-fixed within ${HISTORY_WINDOW_DAYS} days (needed a person), ${labels.length - needed} not (could proceed); weak: a merge nobody reverted may still have needed a person\n`,
      );
    }
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
