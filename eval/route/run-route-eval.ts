/**
 * Runs the route eval corpus: builds each case as a real git repository, routes it with the shipped rules
 * and the repository's own gavel.toml, and compares the binary verdict (approve unless a finding is high
 * or worse) and the graduated outcome with the right one. Returns the rows and both error rates.
 */

import { join } from 'node:path';
import defaults from '../../rules/route-defaults.json' with { type: 'json' };
import signalRules from '../../rules/route-signals.json' with { type: 'json' };
import { loadConfig } from '../../src/config';
import { type Outcome, systemClock } from '../../src/core';
import {
  buildRoutePolicy,
  DEFAULT_COSTS,
  type ErrorRates,
  errorKind,
  errorRates,
  fitThresholds,
  fromResult,
  loadSignalRules,
  nodeGitRunner,
  outcomeFor,
  parseFindings,
  parsePullRequest,
  parseRunLog,
  type RouteRequest,
  type RouteResult,
  type RouteSettings,
  route,
} from '../../src/route';
import { ROUTE_CASES, type RouteCase, tempRoot } from '../corpora/route';

export interface EvalRow {
  id: string;
  mode: string;
  right: Outcome;
  binary: Outcome;
  graduated: Outcome;
  risk: number;
  confidence: number;
  binaryError: string;
  graduatedError: string;
  /** The whole result, for `--cases-out` (a calibration case per line). */
  result: RouteResult;
}

export interface EvalReport {
  rows: EvalRow[];
  binary: ErrorRates;
  graduated: ErrorRates;
  /** Thresholds fitted on all cases but one, tried on the one left out (weights stay as shipped). */
  leaveOneOut?: ErrorRates;
}

/** Leave-one-out check of `gavel route calibrate`: how well do thresholds fitted on the others route a case? */
export function leaveOneOut(rows: readonly EvalRow[]): ErrorRates {
  const t = defaults.thresholds;
  const current = {
    approveBelow: t.approve_below,
    escalateAt: t.escalate_at,
    blockAt: t.block_at,
    minConfidence: t.min_confidence,
    escalateConfidence: t.escalate_confidence,
  };
  const cases = rows.map((r) => fromResult(r.id, r.right, r.result));
  const pairs = cases.map((held, i) => {
    const fit = fitThresholds(
      cases.filter((_, j) => j !== i),
      current,
      DEFAULT_COSTS,
    );
    return { predicted: outcomeFor(held, fit.thresholds), right: held.right };
  });
  return errorRates(pairs);
}

export async function routeCase(c: RouteCase, root: string): Promise<RouteResult> {
  const built = c.build(root);
  const config = loadConfig({ cwd: built.repo, env: { HOME: root, XDG_CONFIG_HOME: join(root, 'xdg') } });
  if (!config.ok) throw new Error(`case ${c.id}: config invalid`);
  const policy = buildRoutePolicy(config.config.route as RouteSettings, loadSignalRules(signalRules));
  const request: RouteRequest = { cwd: built.repo };
  if (built.base) request.base = built.base;
  if (built.head) request.head = built.head;
  if (built.pr) request.pr = parsePullRequest(JSON.stringify(built.pr), 'pr.json');
  if (built.findings) request.review = parseFindings(JSON.stringify(built.findings), 'findings.json');
  if (built.runLog)
    request.runLog = parseRunLog(built.runLog.map((l) => JSON.stringify(l)).join('\n'), 'run.ndjson');
  if (built.tier !== undefined) request.tier = built.tier;
  return route(request, policy, { git: nodeGitRunner, clock: systemClock });
}

export async function runRouteEval(cases: readonly RouteCase[] = ROUTE_CASES): Promise<EvalReport> {
  const rows: EvalRow[] = [];
  for (const c of cases) {
    const tmp = tempRoot(`gavel-route-${c.id}-`);
    try {
      const r = await routeCase(c, tmp.root);
      const binary: Outcome = r.binary.verdict;
      rows.push({
        id: c.id,
        mode: c.mode,
        right: c.right,
        binary,
        graduated: r.outcome,
        risk: r.rest.risk,
        confidence: r.rest.confidence,
        binaryError: errorKind(binary, c.right),
        graduatedError: errorKind(r.outcome, c.right),
        result: r,
      });
    } finally {
      tmp.cleanup();
    }
  }
  return {
    rows,
    binary: errorRates(rows.map((r) => ({ predicted: r.binary, right: r.right }))),
    graduated: errorRates(rows.map((r) => ({ predicted: r.graduated, right: r.right }))),
  };
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const mark = (e: string) => (e === 'ok' ? 'ok' : e);

export function formatEvalMarkdown(report: EvalReport): string {
  const lines = [
    '| case | failure mode | right | binary | graduated | risk | confidence |',
    '|---|---|---|---|---|---:|---:|',
    ...report.rows.map(
      (r) =>
        `| ${r.id} | ${r.mode} | ${r.right} | ${r.binary} (${mark(r.binaryError)}) | ${r.graduated} (${mark(r.graduatedError)}) | ${r.risk} | ${r.confidence.toFixed(2)} |`,
    ),
    '',
    '| verdict | exact | too aggressive | too conservative |',
    '|---|---:|---:|---:|',
    `| binary (approve unless a finding is high or worse) | ${report.binary.exact}/${report.binary.cases} | ${report.binary.aggressive} (${pct(report.binary.aggressiveRate)}) | ${report.binary.conservative} (${pct(report.binary.conservativeRate)}) |`,
    `| graduated routing | ${report.graduated.exact}/${report.graduated.cases} | ${report.graduated.aggressive} (${pct(report.graduated.aggressiveRate)}) | ${report.graduated.conservative} (${pct(report.graduated.conservativeRate)}) |`,
    ...(report.leaveOneOut
      ? [
          `| graduated, thresholds fitted leave-one-out | ${report.leaveOneOut.exact}/${report.leaveOneOut.cases} | ${report.leaveOneOut.aggressive} (${pct(report.leaveOneOut.aggressiveRate)}) | ${report.leaveOneOut.conservative} (${pct(report.leaveOneOut.conservativeRate)}) |`,
        ]
      : []),
  ];
  return `${lines.join('\n')}\n`;
}
