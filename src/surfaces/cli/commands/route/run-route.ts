/**
 * `gavel route`: reads the request, routes the range, records the routing in the audit log (an approval
 * that cannot be recorded escalates), prints the result and returns the outcome's exit code.
 */

import { exitForOutcome, UsageError } from '../../../../core';
import { nodeGitRunner, renderMarkdown, renderText, route } from '../../../../route';
import type { CommandContext, ParsedArgs } from '../../command';
import { readRouteRequest } from './read-route-request';
import { recordRouting } from './record-routing';
import { type RouteSetup, str } from './route-setup';

const FORMATS = ['text', 'json', 'markdown'] as const;
const CALIBRATE_ONLY = ['cases', 'cost-approve-bad', 'cost-escalate-good', 'cost-missed-flag'];
const HANDLE = /^@?[A-Za-z0-9][A-Za-z0-9._/:-]{0,99}$/;

export async function runRoute(
  ctx: CommandContext,
  args: ParsedArgs,
  setup: RouteSetup,
  repo: string,
): Promise<number> {
  const format = args.values.json === true ? 'json' : (str(args, 'format') ?? 'text');
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  for (const only of CALIBRATE_ONLY) {
    if (args.values[only] !== undefined)
      throw new UsageError(`--${only} belongs to \`gavel route calibrate\``);
  }
  const request = readRouteRequest(ctx.cwd, {
    repo,
    base: str(args, 'base'),
    head: str(args, 'head'),
    pr: str(args, 'pr'),
    findings: str(args, 'findings'),
    runLog: str(args, 'run-log'),
    runId: str(args, 'run-id'),
    tier: str(args, 'tier'),
  });
  const notify = (args.values.notify as string[] | undefined) ?? [];
  for (const n of notify) {
    if (!HANDLE.test(n))
      throw new UsageError('--notify takes a login, a team (`@org/team`) or an e-mail-free handle');
  }
  if (notify.length > 0) request.notify = notify;
  const routed = await route(request, setup.policy, { git: nodeGitRunner(ctx.env), clock: ctx.clock });
  const result = recordRouting({
    result: routed,
    auditLog: setup.auditLog,
    runId: str(args, 'run-id'),
    clock: ctx.clock,
    stderr: ctx.stderr,
  });
  if (format === 'json') ctx.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (format === 'markdown') ctx.stdout.write(renderMarkdown(result));
  else ctx.stdout.write(renderText(result));
  return exitForOutcome(result.outcome);
}
