/**
 * The bundled rule files as this build checked them (src/check/policy/prebuilt-rules.ts), stamped into the
 * bundles by scripts/build.mjs as `__GAVEL_PREBUILT_RULES__` (JSON text). Undefined when running from source:
 * the rule files are then checked whole on every load. Parsed on first use; reads nothing.
 */

import type { PrebuiltRules } from '../../check';

declare const __GAVEL_PREBUILT_RULES__: string | undefined;

let parsed: PrebuiltRules | undefined;

/** This build's record of its rule files, or undefined (running from source). */
export function bundledPrebuiltRules(): PrebuiltRules | undefined {
  if (parsed === undefined && typeof __GAVEL_PREBUILT_RULES__ === 'string')
    parsed = JSON.parse(__GAVEL_PREBUILT_RULES__) as PrebuiltRules;
  return parsed;
}
