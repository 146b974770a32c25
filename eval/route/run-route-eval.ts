/**
 * Runs the route eval corpus: builds each case as a real git repository, routes it with the shipped rules
 * and the repository's own gavel.toml, and compares the binary verdict (approve unless a finding is high
 * or worse) and the graduated outcome with the right one. Returns the rows and both error rates.
 */

import { join } from 'node:path';
import defaults from '../../rules/route-defaults.json' with { type: 'json' };
import signalRules from '../../rules/route-signals.json' with { type: 'json' };
import { formatAuditLine } from '../../src/audit';
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
  scoreSignals,
} from '../../src/route';
import { type BuiltCase, ROUTE_CASES, type RouteCase, tempRoot } from '../corpora/route';

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
  /** The findings document the case gave `--findings`, as written. */
  findings?: unknown;
  /** The run-log records the case gave `--run-log`. */
  runLog?: unknown[];
}

export interface EvalReport {
  rows: EvalRow[];
  binary: ErrorRates;
  graduated: ErrorRates;
  /** Thresholds fitted on all cases but one, tried on the one left out (weights stay as shipped). */
  leaveOneOut?: ErrorRates;
  sensitivity?: Sensitivity;
}

export interface Sensitivity {
  trials: number;
  spread: number;
  exactMean: number;
  exactWorst: number;
  aggressiveWorst: number;
  conservativeWorst: number;
  /** Trials in which graduated routing still beats the binary verdict on both error rates. */
  beatsBinary: number;
}

/**
 * Robustness of the shipped weights: each signal's weight is scaled by a seeded random factor in
 * [1 - spread, 1 + spread] per trial, and the corpus is routed again from its recorded signals.
 */
export function weightSensitivity(report: EvalReport, trials = 50, spread = 0.25): Sensitivity {
  const t = defaults.thresholds;
  const thresholds = {
    approveBelow: t.approve_below,
    escalateAt: t.escalate_at,
    blockAt: t.block_at,
    minConfidence: t.min_confidence,
    escalateConfidence: t.escalate_confidence,
  };
  let seed = 20261129;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const out: Sensitivity = {
    trials,
    spread,
    exactMean: 0,
    exactWorst: Number.POSITIVE_INFINITY,
    aggressiveWorst: 0,
    conservativeWorst: 0,
    beatsBinary: 0,
  };
  for (let i = 0; i < trials; i++) {
    const factor = new Map<string, number>();
    const f = (id: string) => {
      if (!factor.has(id)) factor.set(id, 1 + spread * (2 * next() - 1));
      return factor.get(id) as number;
    };
    const pairs = report.rows.map((r) => {
      const c = fromResult(r.id, r.right, r.result);
      const signals = r.result.rest.signals.map((s) => ({ ...s, risk: Math.round(s.risk * f(s.id)) }));
      return { predicted: outcomeFor({ ...c, score: scoreSignals(signals) }, thresholds), right: r.right };
    });
    const rates = errorRates(pairs);
    out.exactMean += rates.exact / trials;
    out.exactWorst = Math.min(out.exactWorst, rates.exact);
    out.aggressiveWorst = Math.max(out.aggressiveWorst, rates.aggressiveRate);
    out.conservativeWorst = Math.max(out.conservativeWorst, rates.conservativeRate);
    if (
      rates.aggressiveRate < report.binary.aggressiveRate &&
      rates.conservativeRate < report.binary.conservativeRate
    )
      out.beatsBinary++;
  }
  return out;
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

export async function routeCase(
  c: RouteCase,
  root: string,
): Promise<{ result: RouteResult; built: BuiltCase }> {
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
    request.runLog = parseRunLog(built.runLog.map((l) => formatAuditLine(l)).join(''), 'run.ndjson');
  if (built.tier !== undefined) request.tier = built.tier;
  return {
    result: await route(request, policy, { git: nodeGitRunner(process.env), clock: systemClock }),
    built,
  };
}

export async function runRouteEval(cases: readonly RouteCase[] = ROUTE_CASES): Promise<EvalReport> {
  const rows: EvalRow[] = [];
  for (const c of cases) {
    const tmp = tempRoot(`gavel-route-${c.id}-`);
    try {
      const { result: r, built } = await routeCase(c, tmp.root);
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
        ...(built.findings !== undefined ? { findings: built.findings } : {}),
        ...(built.runLog !== undefined ? { runLog: built.runLog } : {}),
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
  if (report.sensitivity) {
    const s = report.sensitivity;
    lines.push(
      '',
      `Weight sensitivity: every signal weight scaled by a seeded random factor in [${1 - s.spread}, ${1 + s.spread}], ${s.trials} trials: exact ${s.exactMean.toFixed(1)}/${report.rows.length} on average (worst ${s.exactWorst}); worst too-aggressive rate ${pct(s.aggressiveWorst)}, worst too-conservative rate ${pct(s.conservativeWorst)}; graduated still beats binary on both rates in ${s.beatsBinary} of ${s.trials} trials.`,
    );
  }
  return `${lines.join('\n')}\n`;
}
