/**
 * What `--estimate` prints and how the command exits: the model (its egress line, though nothing was
 * sent), requests built, how many fit the caps, tokens, worst-case and expected cost against the caps.
 * Exit 0 within every cap, 1 over one. Pure: the runner's report and the caps come in.
 */

import { EXIT } from '../../core';
import { type Egress, type EstimateReport, formatEgress, type RunCaps } from '../../model';

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

const usd = (n: number): string => `$${n.toFixed(n !== 0 && n < 0.01 ? 6 : 4)}`;

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

/** The estimate of an action-review run (check, explain): the reviewer's plan, or why none is asked. */
export function reviewEstimate(input: {
  review: { egress: Egress | undefined; report(): { estimate?: EstimateReport } | undefined } | undefined;
  mode: string;
  caps: RunCaps;
}): EstimateView {
  const { review, caps } = input;
  if (!review) {
    const none =
      input.mode === 'auto'
        ? 'no model configured (GAVEL_MODEL, [model] model or --model)'
        : `mode is \`${input.mode}\`: the model reviewer runs only in mode \`auto\``;
    return { plan: undefined, egress: undefined, caps, none };
  }
  if (!review.egress)
    return {
      plan: undefined,
      egress: undefined,
      caps,
      none: 'the model cannot be opened (see the decision)',
    };
  return { plan: review.report()?.estimate, egress: review.egress, caps };
}
