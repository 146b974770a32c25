/**
 * The one cost formula: dollars for tokens in and out at a catalogue price per million tokens. Every cost gavel
 * prints or caps on (the runner's worst case and expectation, a provider's usage, the judge's admission) comes
 * from it. Pure; never looks a price up (the catalogue does) nor rounds (the caller does).
 */

import type { PricePerMillion } from './model-catalog';

export function tokenCostUsd(
  price: Pick<PricePerMillion, 'input' | 'output'>,
  inputTokens: number,
  outputTokens: number,
): number {
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}
