/**
 * Which answerer the arbiter uses: the rules evaluator, a pinned `provider/model`, or a tier resolved
 * against the session's provider; and the refused model names, checked before any call.
 * Pure: the tier catalogue and the session model are passed in.
 * INVARIANT: a refused name is refused as a flag, a pin, a tier result and a session fallback alike;
 * the flagship tier is never resolved (the config accepts only `light` and `standard`).
 */

export const TIERS = ['light', 'standard'] as const;
export type Tier = (typeof TIERS)[number];

/** A provider's models by tier; `deep` is the flagship tier, listed so it can be told apart and skipped. */
export type TierCatalog = Readonly<Record<string, readonly { model: string; tier: Tier | 'deep' }[]>>;

export type ModelSource = 'rules' | 'flag' | 'pin' | 'tier' | 'session-fallback';

export type ModelChoice =
  | { use: 'rules'; source: 'rules' }
  | { use: 'model'; name: string; source: Exclude<ModelSource, 'rules'> }
  | { use: 'refused'; name: string; source: Exclude<ModelSource, 'rules'> }
  | { use: 'none'; reason: string };

/** Sealed: models the arbiter never calls, whatever provider serves them. Compared without case or punctuation. */
export const REFUSED_MODELS: readonly string[] = Object.freeze(['GPT-6 Astra']);

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export function isRefusedModel(name: string): boolean {
  const flat = squash(name);
  return REFUSED_MODELS.some((refused) => flat.includes(squash(refused)));
}

export interface ModelChoiceInput {
  /** `--model` on the command line. */
  flag?: string | undefined;
  /** `[ask] model` from user scope: `rules`, `tier`, `provider/model` or `scripted:<file>`. */
  pin?: string | undefined;
  tier: Tier;
  /** The session's model (`[model] model`), `provider/model`. */
  sessionModel?: string | undefined;
  catalog: TierCatalog;
}

export function chooseModel(input: ModelChoiceInput): ModelChoice {
  const [value, source] =
    input.flag !== undefined ? [input.flag, 'flag' as const] : [input.pin ?? 'rules', 'pin' as const];
  if (value === 'rules') return { use: 'rules', source: 'rules' };
  if (value !== 'tier') return named(value, source);
  const session = input.sessionModel;
  if (session === undefined)
    return { use: 'none', reason: 'the tier is resolved against the session model, and none is configured' };
  const provider = session.split('/')[0] ?? '';
  const found = input.catalog[provider]?.find((m) => m.tier === input.tier);
  if (found) return named(`${provider}/${found.model}`, 'tier');
  // Nothing of that tier at this provider: the session model itself answers, and the log says so.
  return named(session, 'session-fallback');
}

function named(name: string, source: Exclude<ModelSource, 'rules'>): ModelChoice {
  return isRefusedModel(name) ? { use: 'refused', name, source } : { use: 'model', name, source };
}
