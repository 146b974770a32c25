/**
 * The catalogue shipped in the package: rules/model-*.json, bundled at build time so the hook path
 * reads no file for it. Throws only if the shipped data is broken (a bug, caught by its test).
 */

import prices from '../../../rules/model-prices.json';
import quirks from '../../../rules/model-quirks.json';
import refused from '../../../rules/model-refused.json';
import tiers from '../../../rules/model-tiers.json';
import { buildCatalog, type ModelCatalog } from './model-catalog';

let cached: ModelCatalog | undefined;

export function bundledCatalog(): ModelCatalog {
  if (cached) return cached;
  const result = buildCatalog({ prices, tiers, refused, quirks });
  if (!result.ok) throw new Error(`shipped ${result.file} is invalid: ${result.problem}`);
  cached = result.catalog;
  return cached;
}
