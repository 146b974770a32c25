/**
 * The model flags every command that may call a model takes: `--model`, `--no-cache`,
 * `--cache-readonly` and `--estimate`, declared once (spread `modelFlagOptions` into a CommandSpec) and
 * read into the model layer's settings. Precedence: a flag beats GAVEL_* variables, which beat the user
 * file; a repository never sets any of it (config already ignores it there). Reads argv and the cache
 * folder's secret file; never opens a model nor sends anything.
 */

import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { Config, Source } from '../../config';
import { type Clock, UsageError } from '../../core';
import {
  bundledCatalog,
  type CacheMode,
  type ModelSource,
  parseModelSpec,
  type RunCaps,
  type RunSettings,
  userCacheDir,
} from '../../model';
import type { OptionSpec, ParsedArgs } from './command';

export const modelFlagOptions = {
  model: {
    type: 'string',
    valueName: 'SPEC',
    description:
      'the model for this run: `provider/model`, `provider/<tier>`, `scripted:<file>` or `replay:<dir>` (beats GAVEL_MODEL and [model] model)',
  },
  'no-cache': { type: 'boolean', description: 'neither read nor write the reply cache' },
  'cache-readonly': { type: 'boolean', description: 'read the reply cache, never write it' },
  estimate: {
    type: 'boolean',
    description: 'send nothing: build and price every model request, print the estimate against the caps',
  },
} as const satisfies Record<string, OptionSpec>;

/** What a run's flags chose; each field left out defers to GAVEL_* and the user file. */
export interface ModelFlags {
  /** `--model`, with a `scripted:`/`replay:` path made absolute from the working directory. */
  model?: string;
  cacheMode?: CacheMode;
  estimate: boolean;
}

export const NO_MODEL_FLAGS: ModelFlags = Object.freeze({ estimate: false });

/** `scripted:` and `replay:` paths are taken from the working directory, like every other path flag. */
export function anchorSpec(spec: string, cwd: string): string {
  for (const prefix of ['scripted:', 'replay:']) {
    if (!spec.startsWith(prefix)) continue;
    const path = spec.slice(prefix.length);
    return path === '' || isAbsolute(path) ? spec : `${prefix}${resolve(cwd, path)}`;
  }
  return spec;
}

/**
 * Reads the flags. `checkSpec: false` leaves `--model` to a command with its own vocabulary (`gavel ask`
 * also takes `rules` and `tier`, and refuses some names before any provider check).
 * Throws UsageError: both cache flags, an empty or malformed `--model`.
 */
export function readModelFlags(
  args: ParsedArgs,
  cwd: string,
  options: { checkSpec?: boolean } = {},
): ModelFlags {
  const v = args.values;
  if (v['no-cache'] === true && v['cache-readonly'] === true)
    throw new UsageError('`--no-cache` and `--cache-readonly` exclude each other');
  const flags: ModelFlags = { estimate: v.estimate === true };
  if (v['no-cache'] === true) flags.cacheMode = 'off';
  if (v['cache-readonly'] === true) flags.cacheMode = 'read-only';
  const model = v.model;
  if (typeof model === 'string') {
    if (model.trim() === '') throw new UsageError('`--model` needs a value');
    if (options.checkSpec !== false) {
      const parsed = parseModelSpec(model, bundledCatalog());
      if (!parsed.ok) throw new UsageError(`\`--model\`: ${parsed.problem}`);
    }
    flags.model = anchorSpec(model.trim(), cwd);
  }
  return flags;
}

/** The model a run uses and where the choice came from: the flag, else `[model] model` (env or user file). */
export function chooseRunModel(
  flags: ModelFlags,
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
  flags: ModelFlags;
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

/** A model named by `--model` that cannot be opened (a missing key, an unreadable script) is bad input. */
export function openedOrUsageError(
  flags: ModelFlags,
  review: { egress: unknown; problem?: string } | undefined,
): void {
  if (flags.model !== undefined && review && review.egress === undefined)
    throw new UsageError(`\`--model\`: ${review.problem ?? 'the model cannot be opened'}`);
}

/** A notice when `--model` or a cache flag cannot matter: action review asks a model only in mode `auto`. */
export function modelFlagsUnused(flags: ModelFlags, mode: string): string | undefined {
  if (mode === 'auto') return undefined;
  const given = [
    flags.model !== undefined ? '--model' : undefined,
    flags.cacheMode === 'off' ? '--no-cache' : undefined,
    flags.cacheMode === 'read-only' ? '--cache-readonly' : undefined,
  ].filter((f) => f !== undefined);
  if (given.length === 0) return undefined;
  return `${given.map((f) => `\`${f}\``).join(', ')} not used: mode is \`${mode}\`, the model reviewer runs only in mode \`auto\``;
}
