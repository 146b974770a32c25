/**
 * What `--estimate` prints for a model run, for every command that has one (check, explain, ask): the model
 * (its egress line, though nothing was sent), requests built, how many fit the caps, tokens, worst-case and
 * expected cost against the caps; the same as JSON; and the exit: 0 within every cap, 1 over one. Also the one
 * way money is printed (`formatUsd`). Pure: the runner's report and the caps come in.
 */

import { EXIT } from '../../core';
import { type Egress, formatEgress } from '../select/egress';
import type { RunCaps } from './run-budget';
import type { EstimateReport } from './run-report';

export interface EstimateView {
  /** The runner's plan; undefined when no model would be called at all. */
  plan: EstimateReport | undefined;
  egress: Egress | undefined;
  caps: RunCaps;
  /** Why no model would be called, when none would. */
  none?: string;
}

const NOTHING: EstimateReport = {
  calls: 0,
  callsFit: 0,
  inputTokens: 0,
  worstOutputTokens: 0,
  worstCostUsd: 0,
  expectedCostUsd: 0,
  overCap: false,
  unpricedModels: [],
};

/** Dollars with 4 decimals, 6 under a cent (so a tiny cost never shows as $0.0000). */
export const formatUsd = (n: number): string => `$${n.toFixed(n !== 0 && n < 0.01 ? 6 : 4)}`;
const usd = formatUsd;

export function estimateOf(view: EstimateView): EstimateReport {
  return view.plan ?? NOTHING;
}

/** The estimate as data for `--json` output. */
export function estimateJson(view: EstimateView): Record<string, unknown> {
  return {
    ...estimateOf(view),
    sent: 0,
    model: view.egress ? `${view.egress.provider}/${view.egress.model}` : null,
    modelSource: view.egress?.source ?? null,
    host: view.egress?.host ?? null,
    caps: view.caps,
    ...(view.none ? { none: view.none } : {}),
  };
}

export function renderEstimate(view: EstimateView): string {
  const e = estimateOf(view);
  const c = view.caps;
  const lines = ['estimate: nothing was sent'];
  if (view.egress)
    lines.push(
      `  model   ${formatEgress(view.egress)
        .replace(/^model /, '')
        .replace(' sends ', ' would send ')}`,
    );
  else lines.push(`  model   none: ${view.none ?? 'no model would be called'}`);
  lines.push(`  calls   ${e.calls} built, ${e.callsFit} within the caps (max ${c.maxCalls} a run)`);
  const total = e.inputTokens + e.worstOutputTokens;
  lines.push(
    `  tokens  ${e.inputTokens} input (estimated) + ${e.worstOutputTokens} output at most = ${total} (max ${c.maxTokens} a run, ${c.maxCallTokens} a call)`,
  );
  lines.push(
    `  cost    worst case ${usd(e.worstCostUsd)}, expected ${usd(e.expectedCostUsd)} (max ${usd(c.maxCostUsd)} a run)`,
  );
  if (e.unpricedModels.length > 0)
    lines.push(`  priced at the dearest rate (no price entry): ${e.unpricedModels.join(', ')}`);
  lines.push(
    e.overCap
      ? `  over a cap: ${e.callsFit} of ${e.calls} calls fit; the rest would end with basis \`cap\``
      : '  within the caps',
  );
  return `${lines.join('\n')}\n`;
}

/** 0 when every built request fits the caps, 1 when one does not. */
export function estimateExit(view: EstimateView): number {
  return estimateOf(view).overCap ? EXIT.internal : EXIT.ok;
}
