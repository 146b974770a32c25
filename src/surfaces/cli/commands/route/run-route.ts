/**
 * `gavel route`: reads the flags, calls the route runtime (routeChange: config at the base, inputs, routing,
 * the audit line), prints the result (text, JSON or markdown) and returns the outcome's exit code (3 when
 * the config is invalid). Protocol in, runtime call, render out.
 */

import { EXIT, exitForOutcome, UsageError } from '../../../../core';
import { renderMarkdown, renderText } from '../../../../route';
import { routeChange } from '../../../../runtime';
import type { CommandContext, ParsedArgs } from '../../command';
import { str } from './route-flags';

const FORMATS = ['text', 'json', 'markdown'] as const;
const CALIBRATE_ONLY = ['cases', 'cost-approve-bad', 'cost-escalate-good', 'cost-missed-flag'];

export async function runRoute(ctx: CommandContext, args: ParsedArgs, repo: string): Promise<number> {
  const format = args.values.json === true ? 'json' : (str(args, 'format') ?? 'text');
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  for (const only of CALIBRATE_ONLY) {
    if (args.values[only] !== undefined)
      throw new UsageError(`--${only} belongs to \`gavel route calibrate\``);
  }
  const run = await routeChange({
    repo,
    cwd: ctx.cwd,
    env: ctx.env,
    clock: ctx.clock,
    notice: (line) => ctx.stderr.write(`gavel route: ${line}\n`),
    base: str(args, 'base'),
    head: str(args, 'head'),
    pr: str(args, 'pr'),
    findings: str(args, 'findings'),
    runLog: str(args, 'run-log'),
    runId: str(args, 'run-id'),
    tier: str(args, 'tier'),
    notify: (args.values.notify as string[] | undefined) ?? [],
    tellPr: args.values['tell-pr'] === true,
  });
  if (!run.ok) {
    ctx.stderr.write(`gavel route: ${run.problem}\n`);
    return EXIT.configInvalid;
  }
  const result = run.result;
  if (format === 'json') ctx.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (format === 'markdown') ctx.stdout.write(renderMarkdown(result));
  else ctx.stdout.write(renderText(result));
  return exitForOutcome(result.outcome);
}
