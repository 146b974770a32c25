/**
 * Who answers a `gavel ask` question: the rules evaluator, or a model opened through the model
 * layer. `--model`, `[ask] model` (or GAVEL_ASK_MODEL) and `[ask] tier` against `[model] model`
 * choose (chooseModel, over the bundled catalogue); openModel builds the client with the user's
 * `[model] base_url` and key variable; the runner applies the `[caps]` table and the reply cache;
 * the egress line goes to stderr just before the first call. Reads user scope only.
 * A bad `--model` is a usage error; a pin that cannot be opened escalates (`config-invalid`).
 */

import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { type Answerer, type ArbiterSource, chooseModel } from '../../../../ask';
import type { Config } from '../../../../config';
import { UsageError } from '../../../../core';
import {
  announceEgress,
  bundledCatalog,
  type ModelSource,
  openModel,
  openRunner,
  userCacheDir,
} from '../../../../model';
import type { CommandContext } from '../../command';
import { readOptional } from './ask-files';

export interface AnswererInput {
  config: Config | undefined;
  /** Where each config key came from (`env`, `user`, `project`, `default`). */
  sources: Readonly<Record<string, string>>;
  flag: string | undefined;
}

/** `scripted:` and `replay:` paths are taken from the working directory, like every other path flag. */
function anchored(ctx: CommandContext, spec: string): string {
  for (const prefix of ['scripted:', 'replay:']) {
    if (!spec.startsWith(prefix)) continue;
    const path = spec.slice(prefix.length);
    return isAbsolute(path) ? spec : `${prefix}${resolve(ctx.cwd, path)}`;
  }
  return spec;
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

export function openAnswerer(ctx: CommandContext, input: AnswererInput): Answerer {
  const { config, flag } = input;
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
      return { kind: 'rules' };
    case 'refused':
      return { kind: 'refused', source: choice.source, why: choice.why };
    case 'none':
      return { kind: 'none', basis: 'no-model', reason: choice.reason };
    case 'model':
      break;
    default: {
      const never: never = choice;
      throw new Error(`unreachable: ${JSON.stringify(never)}`);
    }
  }
  if (config === undefined)
    return {
      kind: 'none',
      basis: 'config-invalid',
      reason: 'the config did not validate: no model is opened',
    };
  const home = ctx.env.HOME ?? homedir();
  const opened = openModel({
    spec: anchored(ctx, choice.spec),
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
    ctx.stderr.write(`gavel ask: ${where}: ${opened.problem}\n`);
    return {
      kind: 'none',
      basis: opened.basis,
      reason: `the arbiter model cannot be opened: ${opened.problem}`,
    };
  }
  const client = announceEgress(opened.client, opened.egress, (line) =>
    ctx.stderr.write(`gavel ask: ${line}\n`),
  );
  const caps = config.caps;
  const { runner, notices } = openRunner(client, catalog, {
    caps: {
      maxCalls: caps.max_calls,
      maxTokens: caps.max_tokens,
      maxCostUsd: caps.max_cost_usd,
      maxCallTokens: caps.max_call_tokens,
    },
    concurrency: 1,
    rpm: caps.rpm,
    cacheMode: config.model.cache,
    cacheDir: userCacheDir(ctx.env, home),
    estimate: false,
    clock: ctx.clock,
  });
  for (const notice of notices) ctx.stderr.write(`gavel ask: ${notice}\n`);
  return { kind: 'model', runner, source: choice.source };
}
