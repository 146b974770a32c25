/**
 * Which model a stage with a model of its own uses (the action reviewer: `[check] reviewer_model`): the run's
 * `--model` flag first; else the stage's own key; else the light tier of the hosted provider `[model] model`
 * names (a cheap default: a reviewer runs on many tool calls); else `[model] model` itself: a scripted or replay
 * client, a local server (`ollama`, or any provider at a `base_url` of the user's, which may not serve the
 * tier's model), a provider with no light tier. Pure: the catalogue is passed in; reads no config and no environment.
 */

import type { ModelCatalog } from '../catalog/model-catalog';
import type { ModelSource } from './egress';
import { parseModelSpec } from './model-spec';

export interface StageModelInput {
  /** `--model`, when the run has the flag. */
  flag?: string;
  /** The stage's own key (user scope only). */
  stage?: string;
  /** `[model] model`, and where it came from. */
  model?: string;
  modelSource: ModelSource;
  /** `[model] base_url` is set: the endpoint is the user's own, so the tier's model may not exist there. */
  customEndpoint: boolean;
}

export interface StageModel {
  spec: string | undefined;
  source: ModelSource;
  /** How it was chosen, for `gavel model` and `gavel doctor`. */
  via: 'flag' | 'stage' | 'light-tier' | 'model' | 'none';
}

export function chooseStageModel(input: StageModelInput, catalog: ModelCatalog): StageModel {
  if (input.flag !== undefined) return { spec: input.flag, source: 'flag', via: 'flag' };
  if (input.stage !== undefined) return { spec: input.stage, source: 'config', via: 'stage' };
  if (input.model === undefined) return { spec: undefined, source: input.modelSource, via: 'none' };
  const parsed = parseModelSpec(input.model, catalog);
  const hosted = parsed.ok && parsed.spec.kind === 'provider' && parsed.spec.provider !== 'ollama';
  if (
    hosted &&
    !input.customEndpoint &&
    parsed.spec.kind === 'provider' &&
    catalog.tier(parsed.spec.provider, 'light')
  )
    return { spec: `${parsed.spec.provider}/light`, source: input.modelSource, via: 'light-tier' };
  return { spec: input.model, source: input.modelSource, via: 'model' };
}
