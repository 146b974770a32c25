/**
 * A call's worst case: its estimated input plus the whole output cap, in tokens and priced from the catalogue
 * (a model with no entry at the catalogue's dearest `unknown` rate, so caps stay safe). Pure.
 */

import type { ModelCatalog, PricePerMillion } from '../../catalog/model-catalog';
import { worstInputUsd } from '../../catalog/prompt-cache-price';
import type { ModelRequest } from '../../client';
import { estimateInputTokens } from '../../structured/estimate-tokens';
import type { CallCost } from '../run-budget';
import type { Caller } from './call-step';

export interface Priced {
  inputTokens: number;
  price: PricePerMillion;
  worst: CallCost;
}

export function priceCall(request: ModelRequest, caller: Caller, catalog: ModelCatalog): Priced {
  const inputTokens = estimateInputTokens(request);
  const price = catalog.price(caller.provider, caller.model);
  return {
    inputTokens,
    price,
    worst: {
      tokens: inputTokens + request.maxOutputTokens,
      costUsd:
        worstInputUsd(request, inputTokens, price) + (request.maxOutputTokens * price.output) / 1_000_000,
    },
  };
}
