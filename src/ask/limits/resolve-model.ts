/**
 * Which answerer the arbiter uses: the rules evaluator, a pinned model spec (`provider/model`,
 * `provider/<tier>`, `scripted:<file>`, `replay:<dir>`), or the `[ask] tier` resolved against the
 * session model's provider in the model catalogue; and the refusals, checked before any call.
 * Pure: the catalogue and the session model are passed in; opening the model is the surface's job.
 * INVARIANT: a refused name is refused as a flag, a pin, a tier result and a session fallback alike;
 * the flagship tier (`deep`) is never resolved nor accepted as `provider/deep`.
 */

export const TIERS = ['light', 'standard'] as const;
export type Tier = (typeof TIERS)[number];

/** What the catalogue must answer: a provider's model of a tier, and why a model is refused. */
export interface ArbiterCatalog {
  tier(provider: string, tier: Tier): string | undefined;
  refusal(model: string): string | undefined;
}

/** Where the arbiter's answerer came from, as written to the audit line (`modelSource`). */
export type ArbiterSource = 'rules' | 'flag' | 'pin' | 'tier' | 'session-fallback';

export type ModelChoice =
  | { use: 'rules'; source: 'rules' }
  | { use: 'model'; spec: string; source: Exclude<ArbiterSource, 'rules'> }
  | { use: 'refused'; spec: string; source: Exclude<ArbiterSource, 'rules'>; why: string }
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
  /** `[ask] model` from user scope (or GAVEL_ASK_MODEL): `rules`, `tier` or a model spec. */
  pin?: string | undefined;
  tier: Tier;
  /** The session's model (`[model] model`): a model spec. */
  sessionModel?: string | undefined;
  catalog: ArbiterCatalog;
}

export function chooseModel(input: ModelChoiceInput): ModelChoice {
  const [value, source] =
    input.flag !== undefined ? [input.flag, 'flag' as const] : [input.pin ?? 'rules', 'pin' as const];
  if (value === 'rules') return { use: 'rules', source: 'rules' };
  if (value !== 'tier') return named(value, source, input.catalog);
  const session = input.sessionModel;
  if (session === undefined)
    return { use: 'none', reason: 'the tier is resolved against the session model, and none is configured' };
  const slash = session.indexOf('/');
  const provider = slash > 0 && !session.startsWith('scripted:') ? session.slice(0, slash) : '';
  const found = provider ? input.catalog.tier(provider, input.tier) : undefined;
  if (found) return named(`${provider}/${found}`, 'tier', input.catalog);
  // Nothing of that tier at this provider: the session model itself answers, and the log says so.
  return named(session, 'session-fallback', input.catalog);
}

function named(spec: string, source: Exclude<ArbiterSource, 'rules'>, catalog: ArbiterCatalog): ModelChoice {
  if (isRefusedModel(spec))
    return { use: 'refused', spec, source, why: 'the arbiter never calls this model' };
  if (spec.startsWith('scripted:') || spec.startsWith('replay:')) return { use: 'model', spec, source };
  const model = spec.slice(spec.indexOf('/') + 1);
  if (model === 'deep') {
    return {
      use: 'refused',
      spec,
      source,
      why: 'the flagship tier `deep` is refused: the arbiter runs below it',
    };
  }
  const refusal = catalog.refusal(model);
  if (refusal !== undefined) return { use: 'refused', spec, source, why: 'the model catalogue refuses it' };
  return { use: 'model', spec, source };
}
