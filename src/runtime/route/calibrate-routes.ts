/**
 * Calibration as a runtime call: opens the working tree's config (the current policy), scores each labelled
 * case of a cases file (routing the ranges it names, with their input files taken from the cases file's
 * folder), and fits the thresholds to the costs. Reads the cases file and the files it names; writes no
 * audit line (calibration routes nothing for real); prints nothing. With `fromHistory` the cases are the
 * repository's own recent merges on its first-parent line, weakly labelled by labelMerges (reverted or hot-fixed
 * soon after: needed a person; else could proceed), each routed as the range from its first parent to itself.
 */

import { dirname, resolve } from 'node:path';
import type { Clock } from '../../core';
import {
  type CaseLine,
  type Costs,
  calibrate,
  fromResult,
  type GitRunner,
  type HistoryCommit,
  type HistoryLabel,
  type HistoryMerge,
  labelMerges,
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
  casesFile?: string;
  /** Instead of a cases file: the last `limit` merges of `repo`, weakly labelled (see labelMerges). */
  fromHistory?: { limit: number; windowDays: number };
  costs: Costs;
}

export type CalibrateRun =
  | { ok: true; result: ReturnType<typeof calibrate>; labels?: HistoryLabel[] }
  | { ok: false; problem: string };

export async function calibrateRoutes(call: CalibrateCall): Promise<CalibrateRun> {
  const loaded = loadRouteSetup(call, call.repo);
  if (!loaded.ok) return loaded;
  const policy = loaded.setup.policy;
  if (call.fromHistory) {
    const git = nodeGitRunner(call.env);
    const labels = await historyLabels(git, call.repo, call.fromHistory);
    if (!labels.ok) return labels;
    if (labels.labels.length === 0) return { ok: false, problem: `no merge commits in \`${call.repo}\`` };
    const cases: ScoredCase[] = [];
    for (const l of labels.labels) {
      const line: CaseLine = {
        kind: 'range',
        range: { id: l.id, right: l.right, repo: call.repo, base: l.base, head: l.head },
      };
      cases.push(await scoreCase(call, line, policy, call.repo));
    }
    return { ok: true, result: calibrate(cases, policy.thresholds, call.costs), labels: labels.labels };
  }
  if (call.casesFile === undefined)
    return { ok: false, problem: 'calibrate needs --cases FILE.jsonl or --from-history' };
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

const FIELD = '\x00';
const RECORD = '\x1e';
/** The same separators as git's format escapes: an argument cannot hold a NUL byte. */
const F = '%x00';
const R = '%x1e';
/** Commits looked at after the oldest merge, for reverts and hot fixes. */
const LATER_MAX = 20_000;
/** Commits of a merge's side looked at for reverts of one of them. */
const BROUGHT_MAX = 500;

/** The last `limit` merges on the first-parent line of HEAD and the commits after them, labelled. */
async function historyLabels(
  git: GitRunner,
  repo: string,
  options: { limit: number; windowDays: number },
): Promise<{ ok: true; labels: HistoryLabel[] } | { ok: false; problem: string }> {
  const log = await git(
    ['log', '--first-parent', '--merges', `-n${options.limit}`, `--format=%H${F}%P${F}%ct${F}%s${R}`, 'HEAD'],
    repo,
  );
  if (!log.ok)
    return {
      ok: false,
      problem: `cannot read the merge history of \`${repo}\` (git exited ${log.code ?? 'on a signal'})`,
    };
  const merges: HistoryMerge[] = [];
  for (const rec of log.stdout.split(RECORD)) {
    const [sha, parents, time, subject] = rec.trim().split(FIELD);
    const [base, side] = (parents ?? '').split(' ');
    if (!sha || !base || !side) continue;
    const brought = await git(['rev-list', `-n${BROUGHT_MAX}`, `${base}..${side}`], repo);
    merges.push({
      sha,
      base,
      time: Number(time),
      subject: subject ?? '',
      brought: brought.ok ? brought.stdout.split('\n').filter((l) => l !== '') : [],
    });
  }
  if (merges.length === 0) return { ok: true, labels: [] };
  const oldest = Math.min(...merges.map((m) => m.time));
  const after = await git(
    ['log', `-n${LATER_MAX}`, `--since=@${oldest}`, `--format=%H${F}%ct${F}%s${F}%b${R}`, 'HEAD'],
    repo,
  );
  if (!after.ok)
    return {
      ok: false,
      problem: `cannot read the history of \`${repo}\` (git exited ${after.code ?? 'on a signal'})`,
    };
  const later: HistoryCommit[] = [];
  for (const rec of after.stdout.split(RECORD)) {
    const [sha, time, subject, body] = rec.replace(/^\n/, '').split(FIELD);
    if (sha) later.push({ sha, time: Number(time), subject: subject ?? '', body: body ?? '' });
  }
  return { ok: true, labels: labelMerges(merges, later, options.windowDays) };
}
