/**
 * The model flags every command that may call a model takes: `--model`, `--no-cache`,
 * `--cache-readonly` and `--estimate`, declared once (spread `modelFlagOptions` into a CommandSpec) and
 * read into the plain `ModelOptions` value the runtime takes (src/runtime/model-options.ts). Precedence: a flag beats GAVEL_* variables, which beat the user
 * file; a repository never sets any of it (config already ignores it there). Reads argv and the cache
 * folder's secret file; never opens a model nor sends anything.
 */

import { UsageError } from '../../core';
import { bundledCatalog, parseModelSpec } from '../../model';
import { anchorSpec, type ModelOptions } from '../../runtime';
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

/**
 * Reads the flags. `checkSpec: false` leaves `--model` to a command with its own vocabulary (`gavel ask`
 * also takes `rules` and `tier`, and refuses some names before any provider check).
 * Throws UsageError: both cache flags, an empty or malformed `--model`.
 */
export function readModelFlags(
  args: ParsedArgs,
  cwd: string,
  options: { checkSpec?: boolean } = {},
): ModelOptions {
  const v = args.values;
  if (v['no-cache'] === true && v['cache-readonly'] === true)
    throw new UsageError('`--no-cache` and `--cache-readonly` exclude each other');
  const flags: ModelOptions = { estimate: v.estimate === true };
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

/** A model named by `--model` that cannot be opened (a missing key, an unreadable script) is bad input. */
export function openedOrUsageError(
  flags: ModelOptions,
  review: { egress: unknown; problem?: string } | undefined,
): void {
  if (flags.model !== undefined && review && review.egress === undefined)
    throw new UsageError(`\`--model\`: ${review.problem ?? 'the model cannot be opened'}`);
}

/** A notice when `--model` or a cache flag cannot matter: action review asks a model only in mode `auto`. */
export function modelFlagsUnused(flags: ModelOptions, mode: string): string | undefined {
  if (mode === 'auto') return undefined;
  const given = [
    flags.model !== undefined ? '--model' : undefined,
    flags.cacheMode === 'off' ? '--no-cache' : undefined,
    flags.cacheMode === 'read-only' ? '--cache-readonly' : undefined,
  ].filter((f) => f !== undefined);
  if (given.length === 0) return undefined;
  return `${given.map((f) => `\`${f}\``).join(', ')} not used: mode is \`${mode}\`, the model reviewer runs only in mode \`auto\``;
}
