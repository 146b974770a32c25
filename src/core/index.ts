/**
 * core: gavel's vocabulary as types and pure functions. Imports nothing of gavel's own.
 */

export { BASES, type Basis, isBasis } from './basis';
export { CanonicalJsonError, canonicalJson, contentHash, sha256Hex } from './canonical-json';
export { CATEGORIES, type Category, isCategory, NEVER_GRANT, PRESUMPTION_OF_DENIAL } from './category';
export { type Clock, fixedClock, systemClock } from './clock';
export {
  CAPABILITIES,
  type Capability,
  type Decision,
  DecisionError,
  type DecisionInput,
  decide,
  type ModelUse,
  NO_POLICY,
  type PolicyRef,
} from './decision';
export {
  checkDerivationTable,
  DEFAULT_DERIVATION,
  type DerivationTable,
  type DerivedVerdict,
  deriveVerdict,
  type TableCheck,
  type Threshold,
} from './derivation';
export { GavelError, IoError, UsageError } from './errors';
export { EXIT, EXIT_HELP, type ExitName, exitForOutcome } from './exit-codes';
export { isRecord } from './is-record';
export { isUnder } from './is-under';
export {
  assertNever,
  isOutcome,
  OUTCOMES,
  type Outcome,
  outcomeOfVerdict,
  outcomeRank,
  strictestOutcome,
  verdictOfOutcome,
} from './outcome';
export {
  AUTHORIZATIONS,
  type Authorization,
  authorizationRank,
  highestRisk,
  isAuthorization,
  isRisk,
  RISKS,
  type Risk,
  riskRank,
} from './risk';
export { isVerdict, strictest, VERDICTS, type Verdict, verdictRank } from './verdict';
