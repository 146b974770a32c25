/**
 * The seam of `gavel route`: loads the effective config of the repository once, and gives the routing
 * policy (with the shipped signal rules) and the audit log's path. Reads config files; decides nothing.
 */

import signalRulesJson from '../../../../../rules/route-signals.json' with { type: 'json' };
import { auditLogPath } from '../../../../audit';
import { formatProblem, loadConfig } from '../../../../config';
import { EXIT } from '../../../../core';
import { buildRoutePolicy, loadSignalRules, type RoutePolicy } from '../../../../route';
import type { CommandContext, ParsedArgs } from '../../command';

export interface RouteSetup {
  policy: RoutePolicy;
  /** `<audit.dir>/decisions.ndjson`, or `<project root>/.gavel/logs/decisions.ndjson`. */
  auditLog: string;
}

/** The setup, or the exit code after a one-line problem on stderr (invalid config). */
export function loadRouteSetup(ctx: CommandContext, repo: string): RouteSetup | number {
  const config = loadConfig({ cwd: repo, env: ctx.env });
  if (!config.ok) {
    ctx.stderr.write(`gavel route: ${formatProblem(config.problem)}\n`);
    return EXIT.configInvalid;
  }
  for (const n of config.notices)
    if (n.keyPath.startsWith('route.') || n.keyPath.startsWith('audit.'))
      ctx.stderr.write(`gavel route: ${n.file}: \`${n.keyPath}\` ${n.message}\n`);
  const rules = loadSignalRules(signalRulesJson);
  return {
    policy: buildRoutePolicy(config.config.route as Parameters<typeof buildRoutePolicy>[0], rules),
    auditLog: auditLogPath({ dir: config.config.audit.dir, projectRoot: config.projectRoot }),
  };
}

/** A string flag's value, or undefined. */
export function str(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}
