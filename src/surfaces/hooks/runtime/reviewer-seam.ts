/**
 * The seam where the model reviewer for mode `auto` is chosen for every surface of action review.
 * LEAD: return the reviewer from src/check/reviewer (a `Reviewer`: ReviewInput + AbortSignal -> checked
 * Decision) when a model is configured in user scope. Until then there is none, and mode `auto` escalates with
 * basis `no-model`.
 */

import type { Reviewer } from '../../../check';
import type { Config } from '../../../config';

export function reviewerForSurfaces(
  _config: Config,
  _env: Readonly<Record<string, string | undefined>>,
): Reviewer | undefined {
  return undefined;
}
