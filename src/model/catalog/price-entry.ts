/**
 * The price of a model choice as `--estimate` prints it, from the one price catalogue
 * (rules/model-prices.json): `provider/model`, `provider/<tier>`, or a bare model id tried against the
 * hosted providers in turn (never `ollama`, whose catch-all local entry would price any name at zero). Pure: the catalogue is passed in. Never guesses: a choice no catalogue entry matches
 * has no entry (the caller says its cost is unknown), unlike the runner, which prices it at the dearest rate.
 */

import { type ProviderId, parseModelSpec } from '../select/model-spec';
import type { ModelCatalog } from './model-catalog';

export interface PriceEntry {
  /** `provider/model`, as resolved (a tier becomes its model). */
  model: string;
  inputUsdPerMTok: number;
  outputUsdPerMTok: number;
}

const HOSTED: readonly ProviderId[] = ['anthropic', 'openai', 'bedrock'];

export function priceEntryOf(choice: string | undefined, catalog: ModelCatalog): PriceEntry | undefined {
  const text = choice?.trim();
  if (!text) return undefined;
  const bare = !text.includes('/');
  // `scripted:<file>` and `replay:<dir>` are test clients: nothing to price.
  if (bare && text.includes(':')) return undefined;
  const candidates = bare ? HOSTED.map((p) => `${p}/${text}`) : [text];
  for (const candidate of candidates) {
    const parsed = parseModelSpec(candidate, catalog);
    if (!parsed.ok || parsed.spec.kind !== 'provider') continue;
    const { provider, model } = parsed.spec;
    const price = catalog.price(provider, model);
    if (price.known)
      return { model: `${provider}/${model}`, inputUsdPerMTok: price.input, outputUsdPerMTok: price.output };
  }
  return undefined;
}
