/**
 * The estimate of an action-review run (check, explain): the reviewer's plan, or why none is asked. What an
 * estimate prints and how the command exits live in the model layer (src/model/run/render-estimate.ts), shared
 * by every command; they are re-exported here for the CLI's commands.
 */

import {
  type Egress,
  type EstimateReport,
  type EstimateView,
  estimateExit,
  estimateJson,
  type RunCaps,
  renderEstimate,
} from '../../model';

export { type EstimateView, estimateExit, estimateJson, renderEstimate };

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
