/**
 * What `gavel check` and `gavel explain` share around action review: loading the runtime with the model
 * flags (the egress line on stderr), checking the flags against what was opened, and the estimate of a
 * run (`reviewEstimate`: the reviewer's plan, or why none is asked; what an estimate prints is the model
 * layer's, src/model/run/render-estimate.ts). Reads config and rules through the seam; judges nothing and prints
 * only notices on stderr.
 */

import type { Egress, EstimateReport, EstimateView, RunCaps } from '../../model';
import { capsOf, loadRuntime, type ModelOptions, type Runtime } from '../../runtime';
import type { CommandContext } from './command';
import { modelFlagsUnused, openedOrUsageError } from './model-flags';

export type LoadedRuntime = Extract<Runtime, { ok: true }>;

/** The action-review runtime for `cwd`, with the model flags; the model's egress line goes to stderr. */
export function loadReviewRuntime(ctx: CommandContext, cwd: string, flags: ModelOptions): Promise<Runtime> {
  return loadRuntime({
    cwd,
    env: ctx.env,
    clock: ctx.clock,
    announce: (line) => ctx.stderr.write(`gavel: ${line}\n`),
    modelFlags: flags,
  });
}

/**
 * A usage error when `--model` names a model that cannot be opened; a notice on stderr, prefixed
 * `gavel <command>:`, when a model flag cannot matter in the runtime's mode.
 */
export function checkModelFlags(
  ctx: CommandContext,
  command: string,
  flags: ModelOptions,
  runtime: LoadedRuntime,
): void {
  openedOrUsageError(flags, runtime.review);
  const unused = modelFlagsUnused(flags, runtime.deps.policy.mode);
  if (unused) ctx.stderr.write(`gavel ${command}: ${unused}\n`);
}

/** The estimate of the run just made with this runtime (its reviewer's plan, or why none is asked). */
export function runtimeEstimate(runtime: LoadedRuntime): EstimateView {
  return reviewEstimate({
    review: runtime.review,
    mode: runtime.deps.policy.mode,
    caps: capsOf(runtime.config),
  });
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
