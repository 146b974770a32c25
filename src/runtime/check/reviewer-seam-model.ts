/**
 * Which model the action reviewer would ask, and with what reasoning effort, as a choice and one line for
 * `gavel model`, `gavel doctor` and `gavel reviewer`: `--model`, else `[check] reviewer_model` (user scope), else
 * the light tier of `[model] model`'s hosted provider, else `[model] model`. Pure: opens no model, reads no
 * file and no environment; the config and its sources are passed in.
 */

import type { Config, Source } from '../../config';
import {
  bundledCatalog,
  chooseStageModel,
  type ModelCatalog,
  type ModelSource,
  parseModelSpec,
  type ReasoningEffort,
  type StageModel,
} from '../../model';

export interface ReviewerModelInput {
  config: Config;
  /** Where `[model] model` came from. */
  modelSource: Source | undefined;
  /** `--model`, when the run has the flag. */
  flag?: string;
  /** The policy's reasoning effort (rules/check-policy.json `reviewer.reasoning_effort`). */
  effort: ReasoningEffort;
  catalog?: ModelCatalog;
}

export interface ReviewerModelView {
  choice: StageModel;
  /** One line, no secret: the spec, how it was chosen, the resolved model and what the effort becomes. */
  line: string;
}

const VIA: Record<StageModel['via'], string> = {
  flag: 'from `--model`',
  stage: 'from `[check] reviewer_model`',
  'light-tier': "the light tier of `[model] model`'s provider",
  model: '`[model] model` itself (scripted, replay, local server, custom endpoint or no light tier)',
  none: 'none',
};

function sourceOf(source: Source | undefined): ModelSource {
  return source === 'env' ? 'environment' : source === 'user' ? 'config' : 'default';
}

export function reviewerModel(input: ReviewerModelInput): ReviewerModelView {
  const catalog = input.catalog ?? bundledCatalog();
  const { config } = input;
  const choice = chooseStageModel(
    {
      ...(input.flag !== undefined ? { flag: input.flag } : {}),
      ...(config.check.reviewer_model !== undefined ? { stage: config.check.reviewer_model } : {}),
      ...(config.model.model !== undefined ? { model: config.model.model } : {}),
      modelSource: sourceOf(input.modelSource),
      customEndpoint: config.model.base_url !== undefined,
    },
    catalog,
  );
  if (choice.spec === undefined)
    return { choice, line: 'none configured (what needs review escalates with basis `no-model`)' };
  const parsed = parseModelSpec(choice.spec, catalog);
  if (!parsed.ok) return { choice, line: `\`${choice.spec}\` (${VIA[choice.via]}): ${parsed.problem}` };
  const spec = parsed.spec;
  if (spec.kind !== 'provider')
    return {
      choice,
      line: `\`${choice.spec}\` (${VIA[choice.via]}); effort ${input.effort}: not sent (${spec.kind} client)`,
    };
  const knob = catalog.quirks(spec.provider, spec.model).effort;
  const effort =
    knob === 'reasoning_effort'
      ? 'sent as `reasoning_effort`'
      : knob === 'thinking'
        ? input.effort === 'low'
          ? 'sent as thinking disabled'
          : 'not sent (a forced answer tool excludes thinking)'
        : 'not sent (the model has no effort knob)';
  return {
    choice,
    line: `${spec.provider} \`${spec.model}\` (${VIA[choice.via]}); effort ${input.effort}: ${effort}`,
  };
}
