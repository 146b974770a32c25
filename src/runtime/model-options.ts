/**
 * The model options a run was given (by `--model`, `--no-cache`, `--cache-readonly`, `--estimate` on the CLI,
 * or nothing in a hook), as a plain value, and what they choose: the model, the per-run caps, the runner's
 * settings. Precedence: an option beats GAVEL_* variables, which beat the user file; a repository never sets
 * any of it. Reads the cache folder's secret file's existence only; never opens a model nor sends anything.
 */

import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { Config, Source } from '../config';
import type { Clock } from '../core';
import { type CacheMode, type ModelSource, type RunCaps, type RunSettings, userCacheDir } from '../model';

/** What a run's flags chose; each field left out defers to GAVEL_* and the user file. */
export interface ModelOptions {
  /** `--model`, with a `scripted:`/`replay:` path made absolute from the working directory. */
  model?: string;
  cacheMode?: CacheMode;
  estimate: boolean;
}

export const NO_MODEL_OPTIONS: ModelOptions = Object.freeze({ estimate: false });

/** `scripted:` and `replay:` paths are taken from the working directory, like every other path flag. */
export function anchorSpec(spec: string, cwd: string): string {
  for (const prefix of ['scripted:', 'replay:']) {
    if (!spec.startsWith(prefix)) continue;
    const path = spec.slice(prefix.length);
    return path === '' || isAbsolute(path) ? spec : `${prefix}${resolve(cwd, path)}`;
  }
  return spec;
}

/** The model a run uses and where the choice came from: the flag, else `[model] model` (env or user file). */
export function chooseRunModel(
  flags: ModelOptions,
  config: Config,
  configSource: Source | undefined,
): { spec: string | undefined; source: ModelSource } {
  if (flags.model !== undefined) return { spec: flags.model, source: 'flag' };
  const source: ModelSource =
    configSource === 'env' ? 'environment' : configSource === 'user' ? 'config' : 'default';
  return { spec: config.model.model, source };
}

/** The `[caps]` table as the runner's per-run caps. */
export function capsOf(config: Config): RunCaps {
  const caps = config.caps;
  return {
    maxCalls: caps.max_calls,
    maxTokens: caps.max_tokens,
    maxCostUsd: caps.max_cost_usd,
    maxCallTokens: caps.max_call_tokens,
  };
}

/**
 * The runner's settings: `[caps]`, the cache mode (flag, else `[model] cache`) and estimate.
 * A read-only cache with no secret yet holds nothing it could serve: it is not opened, so that the run
 * writes nothing at all (opening would create the folder and the secret).
 */
export function runSettingsFor(input: {
  flags: ModelOptions;
  config: Config;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  clock: Clock;
  concurrency?: number;
}): RunSettings {
  const { flags, config } = input;
  const cacheDir = userCacheDir(input.env, input.home);
  let cacheMode = flags.cacheMode ?? config.model.cache;
  if (cacheMode === 'read-only' && !existsSync(join(cacheDir, 'secret.key'))) cacheMode = 'off';
  return {
    caps: capsOf(config),
    concurrency: input.concurrency ?? config.caps.concurrency,
    rpm: config.caps.rpm,
    cacheMode,
    cacheDir,
    estimate: flags.estimate,
    clock: input.clock,
  };
}
