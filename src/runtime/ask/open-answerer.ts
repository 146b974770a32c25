/**
 * Who answers a `gavel ask` question: the rules evaluator, or a model opened through the model
 * layer. `--model`, `[ask] model` (or GAVEL_ASK_MODEL) and `[ask] tier` against `[model] model`
 * choose (chooseModel, over the bundled catalogue); openModel builds the client with the user's
 * `[model] base_url` and key variable; the runner applies the `[caps]` table and the reply cache;
 * the egress line goes to the caller's notice sink just before the first call. `--no-cache`, `--cache-readonly` and
 * `--estimate` (the shared model flags) set the runner's cache mode and estimate. Reads user scope only.
 * A bad `--model` is a usage error; a pin that cannot be opened escalates (`config-invalid`).
 */

import { type Answerer, type ArbiterSource, chooseModel } from '../../ask';
import { type Config, userHome } from '../../config';
import { type Clock, UsageError } from '../../core';
import {
  announceEgress,
  bundledCatalog,
  type Egress,
  type ModelSource,
  openModel,
  openRunner,
} from '../../model';
import { anchorSpec, type ModelOptions, runSettingsFor } from '../model-options';
import { readOptional } from './ask-files';

/** What the answerer is opened in: the working directory, the environment, the clock, a notice sink. */
export interface AskWorld {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  clock: Clock;
  /** One line, no prefix, no newline: a notice for the person running the question (stderr on the CLI). */
  notice(line: string): void;
}

export interface AnswererInput {
  config: Config | undefined;
  /** Where each config key came from (`env`, `user`, `project`, `default`). */
  sources: Readonly<Record<string, string>>;
  /** The model flags; `--model` already anchored at the working directory. */
  flags: ModelOptions;
}

export interface OpenedAnswerer {
  answerer: Answerer;
  /** The model that answers (or, with `--estimate`, would): for the estimate's report. */
  egress?: Egress;
}

/** What the egress line says the choice came from. */
function egressSource(
  source: Exclude<ArbiterSource, 'rules'>,
  sources: AnswererInput['sources'],
): ModelSource {
  if (source === 'flag') return 'flag';
  const key = source === 'pin' ? 'ask.model' : 'model.model';
  return sources[key] === 'env' ? 'environment' : 'config';
}

export function openAnswerer(ctx: AskWorld, input: AnswererInput): OpenedAnswerer {
  const { config, flags } = input;
  const flag = flags.model;
  const catalog = bundledCatalog();
  const choice = chooseModel({
    flag,
    pin: config?.ask.model,
    tier: config?.ask.tier ?? 'light',
    sessionModel: config?.model.model,
    catalog,
  });
  switch (choice.use) {
    case 'rules':
      return { answerer: { kind: 'rules' } };
    case 'refused':
      return { answerer: { kind: 'refused', source: choice.source, why: choice.why } };
    case 'none':
      return { answerer: { kind: 'none', basis: 'no-model', reason: choice.reason } };
    case 'model':
      break;
    default: {
      const never: never = choice;
      throw new Error(`unreachable: ${JSON.stringify(never)}`);
    }
  }
  if (config === undefined)
    return {
      answerer: {
        kind: 'none',
        basis: 'config-invalid',
        reason: 'the config did not validate: no model is opened',
      },
    };
  const home = userHome(ctx.env);
  const opened = openModel({
    spec: anchorSpec(choice.spec, ctx.cwd),
    source: egressSource(choice.source, input.sources),
    ...(config.model.base_url ? { baseUrl: config.model.base_url } : {}),
    ...(config.model.api_key_env ? { apiKeyEnv: config.model.api_key_env } : {}),
    env: ctx.env,
    readFile: readOptional,
    homeDir: home,
    now: () => ctx.clock.now(),
    catalog,
  });
  if (!opened.ok) {
    if (choice.source === 'flag') throw new UsageError(`\`--model\`: ${opened.problem}`);
    const where = choice.source === 'pin' ? '[ask] model' : '[model] model';
    ctx.notice(`${where}: ${opened.problem}`);
    return {
      answerer: {
        kind: 'none',
        basis: opened.basis,
        reason: `the arbiter model cannot be opened: ${opened.problem}`,
      },
    };
  }
  const client = announceEgress(opened.client, opened.egress, (line) => ctx.notice(line));
  const { runner, notices } = openRunner(
    client,
    catalog,
    runSettingsFor({ flags, config, env: ctx.env, home, clock: ctx.clock, concurrency: 1 }),
  );
  for (const notice of notices) ctx.notice(notice);
  return { answerer: { kind: 'model', runner, source: choice.source }, egress: opened.egress };
}
