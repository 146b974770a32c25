/**
 * The seam of `gavel route`: loads the effective config of the repository once, and gives the routing
 * policy (with the shipped signal rules) and the audit log's path. Reads config files; decides nothing.
 * The project's gavel.toml is the one of the base revision (a change never configures its own routing);
 * `gavel route calibrate` reads the working tree's.
 */

import signalRulesJson from '../../../../../rules/route-signals.json' with { type: 'json' };
import { auditLogPath } from '../../../../audit';
import { formatProblem, loadConfig, MAX_CONFIG_BYTES } from '../../../../config';
import { EXIT } from '../../../../core';
import {
  buildRoutePolicy,
  loadSignalRules,
  nodeGitRunner,
  type RoutePolicy,
  readAtBase,
} from '../../../../route';
import type { CommandContext, ParsedArgs } from '../../command';

export interface RouteSetup {
  policy: RoutePolicy;
  /** `<audit.dir>/decisions.ndjson`, or `<project root>/.gavel/logs/decisions.ndjson`. */
  auditLog: string;
}

/** The setup, or the exit code after a one-line problem on stderr (invalid config). */
export function loadRouteSetup(
  ctx: CommandContext,
  repo: string,
  projectText?: { label: string; text: string | undefined },
): RouteSetup | number {
  const config = loadConfig({ cwd: repo, env: ctx.env, ...(projectText ? { projectText } : {}) });
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

/** The setup of a routing, with the project's gavel.toml read from the base of the range. */
export async function loadRouteSetupAtBase(
  ctx: CommandContext,
  repo: string,
  range: { base: string | undefined; head: string | undefined },
): Promise<RouteSetup | number> {
  const read = await readAtBase(
    nodeGitRunner(ctx.env),
    { cwd: repo, ...range },
    'gavel.toml',
    MAX_CONFIG_BYTES,
  );
  const label = `gavel.toml at the base ${read.base.slice(0, 12)}`;
  if (!read.ok) {
    ctx.stderr.write(`gavel route: ${label} ${read.why}\n`);
    return EXIT.configInvalid;
  }
  return loadRouteSetup(ctx, repo, { label, text: read.text });
}

/** A string flag's value, or undefined. */
export function str(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}
