/**
 * `gavel route`: routes a change (a git range) to approve, approve_with_flag, escalate or block, and
 * `gavel route calibrate --cases FILE.jsonl` fits the thresholds to labelled cases. Reads the config, the
 * input files and the rules at this seam; decides nothing itself.
 */

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import signalRulesJson from '../../../../rules/route-signals.json' with { type: 'json' };
import { formatProblem, loadConfig } from '../../../config';
import { EXIT, exitForOutcome, UsageError } from '../../../core';
import {
  buildRoutePolicy,
  type CaseLine,
  type Costs,
  calibrate,
  DEFAULT_COSTS,
  fromResult,
  loadSignalRules,
  nodeGitRunner,
  parseCases,
  parseFindings,
  parsePullRequest,
  parseRunLog,
  type RoutePolicy,
  type RouteRequest,
  renderMarkdown,
  renderText,
  route,
  type ScoredCase,
} from '../../../route';
import type { CommandContext, CommandSpec, ParsedArgs } from '../command';

const FORMATS = ['text', 'json', 'markdown'] as const;

export const routeCommand: CommandSpec = {
  name: 'route',
  summary: 'route a change (a git range) to approve, approve_with_flag, escalate or block',
  usage: 'gavel route [options]  |  gavel route calibrate --cases FILE.jsonl [options]',
  description: [
    'Reads risk signals from a real git range (default: the merge-base with the default branch to HEAD),',
    'and optionally the pull request event payload, the review findings and the run\u2019s audit log. Each',
    'signal is listed with its evidence and contribution; risk 0-100 and confidence 0-1 come from the',
    '[route] weights and thresholds. Paths guarded by CODEOWNERS (read at the base) always go to their owners;',
    'the top-level outcome is the stricter of the guarded part and the rest. Nothing written in a PR lowers risk.',
    '',
    'calibrate: fits approve_below, escalate_at, block_at and min_confidence to labelled cases, and prints',
    'the confusion table of a binary verdict (approve unless a finding is high or worse) beside graduated routing.',
  ].join('\n'),
  options: {
    repo: {
      type: 'string',
      valueName: 'DIR',
      description: 'a directory in the repository (default: the current one)',
    },
    base: {
      type: 'string',
      valueName: 'REV',
      description: 'base of the range (default: merge-base with the default branch)',
    },
    head: { type: 'string', valueName: 'REV', description: 'head of the range (default: HEAD)' },
    pr: {
      type: 'string',
      valueName: 'FILE',
      description: 'GitHub pull_request event payload (as GitHub sends it)',
    },
    findings: {
      type: 'string',
      valueName: 'FILE',
      description: 'review findings: {"findings": [...], "challenges": [...]}',
    },
    'run-log': {
      type: 'string',
      valueName: 'FILE',
      description: 'gavel audit log (NDJSON) of the run that made the change',
    },
    tier: {
      type: 'string',
      valueName: 'N',
      description: 'intent tier 0-3 of the change, when known (trusted input)',
    },
    notify: {
      type: 'string',
      multiple: true,
      valueName: 'WHO',
      description: 'someone to tell about a flag (adds to [route] notify)',
    },
    json: { type: 'boolean', description: 'print the result as JSON (same as --format json)' },
    format: {
      type: 'string',
      valueName: 'FMT',
      description: 'text (default), json, or markdown (a ready PR comment)',
    },
    cases: {
      type: 'string',
      valueName: 'FILE',
      description: 'calibrate: labelled cases, one JSON object a line',
    },
    'cost-approve-bad': {
      type: 'string',
      valueName: 'N',
      description: `calibrate: cost of approving a change that needed a person (default ${DEFAULT_COSTS.approveBad})`,
    },
    'cost-escalate-good': {
      type: 'string',
      valueName: 'N',
      description: `calibrate: cost of escalating a change that could proceed (default ${DEFAULT_COSTS.escalateGood})`,
    },
    'cost-missed-flag': {
      type: 'string',
      valueName: 'N',
      description: `calibrate: cost of approving a change that needed a flag (default ${DEFAULT_COSTS.missedFlag})`,
    },
  },
  positionals: [
    { name: 'calibrate', description: 'fit thresholds to labelled cases instead of routing', optional: true },
  ],
  exits: [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.configInvalid, EXIT.deny, EXIT.escalate, EXIT.flag],
  examples: [
    'gavel route --json',
    'gavel route --base origin/main --pr "$GITHUB_EVENT_PATH" --format markdown',
    'gavel route --findings review.json --run-log .gavel/logs/run.ndjson',
    'gavel route calibrate --cases labelled.jsonl --cost-approve-bad 20',
  ],
  async run(ctx, args) {
    const sub = args.positionals[0];
    if (sub !== undefined && sub !== 'calibrate')
      throw new UsageError(`unknown subcommand \`${sub.slice(0, 40)}\``);
    const repo = resolve(ctx.cwd, str(args, 'repo') ?? '.');
    const policy = loadPolicy(ctx, repo);
    if (typeof policy === 'number') return policy;
    return sub === 'calibrate' ? runCalibrate(ctx, args, policy, repo) : runRoute(ctx, args, policy, repo);
  },
};

async function runRoute(
  ctx: CommandContext,
  args: ParsedArgs,
  policy: RoutePolicy,
  repo: string,
): Promise<number> {
  const format = args.values.json === true ? 'json' : (str(args, 'format') ?? 'text');
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  for (const only of ['cases', 'cost-approve-bad', 'cost-escalate-good', 'cost-missed-flag']) {
    if (args.values[only] !== undefined)
      throw new UsageError(`--${only} belongs to \`gavel route calibrate\``);
  }
  const request = readRequest(ctx.cwd, {
    repo,
    base: str(args, 'base'),
    head: str(args, 'head'),
    pr: str(args, 'pr'),
    findings: str(args, 'findings'),
    runLog: str(args, 'run-log'),
    tier: str(args, 'tier'),
  });
  const notify = (args.values.notify as string[] | undefined) ?? [];
  for (const n of notify) {
    if (!/^@?[A-Za-z0-9][A-Za-z0-9._/:-]{0,99}$/.test(n))
      throw new UsageError('--notify takes a login, a team (`@org/team`) or an e-mail-free handle');
  }
  if (notify.length > 0) request.notify = notify;
  const result = await route(request, policy, { git: nodeGitRunner(ctx.env), clock: ctx.clock });
  if (format === 'json') ctx.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (format === 'markdown') ctx.stdout.write(renderMarkdown(result));
  else ctx.stdout.write(renderText(result));
  return exitForOutcome(result.outcome);
}

async function runCalibrate(
  ctx: CommandContext,
  args: ParsedArgs,
  policy: RoutePolicy,
  repo: string,
): Promise<number> {
  const file = str(args, 'cases');
  if (file === undefined) throw new UsageError('calibrate needs --cases FILE.jsonl');
  const path = resolve(ctx.cwd, file);
  const lines = parseCases(readInput(path, file), file);
  const costs: Costs = {
    ...DEFAULT_COSTS,
    approveBad: cost(args, 'cost-approve-bad', DEFAULT_COSTS.approveBad),
    escalateGood: cost(args, 'cost-escalate-good', DEFAULT_COSTS.escalateGood),
    missedFlag: cost(args, 'cost-missed-flag', DEFAULT_COSTS.missedFlag),
  };
  if (costs.approveBad <= costs.escalateGood)
    throw new UsageError('--cost-approve-bad must be above --cost-escalate-good');
  const cases: ScoredCase[] = [];
  for (const line of lines) cases.push(await scoreCase(ctx, line, policy, dirname(path), repo));
  const result = calibrate(cases, policy.thresholds, costs);
  if (args.values.json === true || str(args, 'format') === 'json') {
    ctx.stdout.write(
      `${JSON.stringify({ thresholds: result.fit.thresholds, cost: result.fit.cost, currentCost: result.fit.currentCost, binary: result.binary, current: result.current, fitted: result.fitted }, null, 2)}\n`,
    );
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
  _repo: string,
): Promise<ScoredCase> {
  if (line.kind === 'scored') return line.scored;
  const c = line.range;
  const request = readRequest(dir, {
    repo: resolve(dir, c.repo),
    base: c.base,
    head: c.head,
    pr: c.pr,
    findings: c.findings,
    runLog: c.runLog,
    tier: c.tier?.toString(),
  });
  const result = await route(request, policy, { git: nodeGitRunner(ctx.env), clock: ctx.clock });
  return fromResult(c.id, c.right, result);
}

interface RawRequest {
  repo: string;
  base: string | undefined;
  head: string | undefined;
  pr: string | undefined;
  findings: string | undefined;
  runLog: string | undefined;
  tier: string | undefined;
}

function readRequest(dir: string, raw: RawRequest): RouteRequest {
  const request: RouteRequest = { cwd: raw.repo };
  if (raw.base !== undefined) request.base = raw.base;
  if (raw.head !== undefined) request.head = raw.head;
  if (raw.pr !== undefined) request.pr = parsePullRequest(readInput(resolve(dir, raw.pr), raw.pr), raw.pr);
  if (raw.findings !== undefined)
    request.review = parseFindings(readInput(resolve(dir, raw.findings), raw.findings), raw.findings);
  if (raw.runLog !== undefined)
    request.runLog = parseRunLog(readInput(resolve(dir, raw.runLog), raw.runLog), raw.runLog);
  if (raw.tier !== undefined) {
    if (!/^[0-3]$/.test(raw.tier)) throw new UsageError('--tier must be 0, 1, 2 or 3');
    request.tier = Number(raw.tier) as 0 | 1 | 2 | 3;
  }
  return request;
}

function loadPolicy(ctx: CommandContext, repo: string): RoutePolicy | number {
  const config = loadConfig({ cwd: repo, env: ctx.env });
  if (!config.ok) {
    ctx.stderr.write(`gavel route: ${formatProblem(config.problem)}\n`);
    return EXIT.configInvalid;
  }
  for (const n of config.notices)
    if (n.keyPath.startsWith('route.'))
      ctx.stderr.write(`gavel route: ${n.file}: \`${n.keyPath}\` ${n.message}\n`);
  const rules = loadSignalRules(signalRulesJson);
  return buildRoutePolicy(config.config.route as Parameters<typeof buildRoutePolicy>[0], rules);
}

function readInput(path: string, shown: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new UsageError(`cannot read \`${shown.slice(0, 200)}\` (${code})`);
  }
}

function str(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}

function cost(args: ParsedArgs, name: string, fallback: number): number {
  const v = str(args, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name} must be a number 0 or above`);
  return n;
}
