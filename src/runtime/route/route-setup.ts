/**
 * The setup of a routing: loads the effective config of the repository once, and gives the routing
 * policy (with the shipped signal rules) and the audit log's path. Reads config files; decides nothing.
 * The project's gavel.toml is the one of the base revision (a change never configures its own routing);
 * `gavel route calibrate` reads the working tree's.
 */

import signalRulesJson from '../../../rules/route-signals.json' with { type: 'json' };
import { formatProblem, loadConfig, MAX_CONFIG_BYTES } from '../../config';
import { buildRoutePolicy, loadSignalRules, nodeGitRunner, type RoutePolicy, readAtBase } from '../../route';
import { decisionLogPath } from '../log-location';

/** What a routing runs in: the environment (config, git) and a sink for one-line notices. */
export interface RouteWorld {
  env: Readonly<Record<string, string | undefined>>;
  /** One line, no prefix, no newline (stderr on the CLI). */
  notice(line: string): void;
}

export interface RouteSetup {
  policy: RoutePolicy;
  /** `<audit.dir>/decisions.ndjson`, or `<project root>/.gavel/logs/decisions.ndjson`. */
  auditLog: string;
}

/** The setup, or the one-line problem of an invalid config (the caller's exit 3). */
export type RouteSetupLoad = { ok: true; setup: RouteSetup } | { ok: false; problem: string };

/** The setup from the working tree's config (`gavel route calibrate`), or `projectText` in its place. */
export function loadRouteSetup(
  world: RouteWorld,
  repo: string,
  projectText?: { label: string; text: string | undefined },
): RouteSetupLoad {
  const config = loadConfig({ cwd: repo, env: world.env, ...(projectText ? { projectText } : {}) });
  if (!config.ok) return { ok: false, problem: formatProblem(config.problem) };
  for (const n of config.notices)
    if (n.keyPath.startsWith('route.') || n.keyPath.startsWith('audit.'))
      world.notice(`${n.file}: \`${n.keyPath}\` ${n.message}`);
  const rules = loadSignalRules(signalRulesJson);
  return {
    ok: true,
    setup: {
      policy: buildRoutePolicy(config.config.route as Parameters<typeof buildRoutePolicy>[0], rules),
      auditLog: decisionLogPath({
        dir: config.config.audit.dir,
        projectRoot: config.projectRoot,
        env: world.env,
      }),
    },
  };
}

/** The setup of a routing, with the project's gavel.toml read from the base of the range. */
export async function loadRouteSetupAtBase(
  world: RouteWorld,
  repo: string,
  range: { base: string | undefined; head: string | undefined },
): Promise<RouteSetupLoad> {
  const read = await readAtBase(
    nodeGitRunner(world.env),
    { cwd: repo, ...range },
    'gavel.toml',
    MAX_CONFIG_BYTES,
  );
  const label = `gavel.toml at the base ${read.base.slice(0, 12)}`;
  if (!read.ok) return { ok: false, problem: `${label} ${read.why}` };
  return loadRouteSetup(world, repo, { label, text: read.text });
}
