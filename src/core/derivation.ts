/**
 * The risk x authorization derivation table: at each risk, the least authorization that allows.
 * Pure. A model reports risk and authorization; the verdict is derived here, never asserted by it.
 * `never` means no authorization is enough at that risk.
 */

import {
  AUTHORIZATIONS,
  type Authorization,
  authorizationRank,
  isAuthorization,
  RISKS,
  type Risk,
} from './risk';

export type Threshold = Authorization | 'never';
export type DerivationTable = Readonly<Record<Risk, Threshold>>;

/** Seed default: low needs >= unknown, medium >= low, high >= medium, critical never. */
export const DEFAULT_DERIVATION: DerivationTable = Object.freeze({
  low: 'unknown',
  medium: 'low',
  high: 'medium',
  critical: 'never',
});

export type DerivedVerdict = 'allow' | 'deny';

/** The verdict the table gives for one risk and authorization. */
export function deriveVerdict(
  table: DerivationTable,
  risk: Risk,
  authorization: Authorization,
): DerivedVerdict {
  const threshold = table[risk];
  // INVARIANT: `never`, or a threshold the code does not know, is a deny.
  if (threshold === 'never' || !isAuthorization(threshold)) return 'deny';
  return authorizationRank(authorization) >= authorizationRank(threshold) ? 'allow' : 'deny';
}

function thresholdRank(threshold: Threshold): number {
  return threshold === 'never' ? AUTHORIZATIONS.length : authorizationRank(threshold);
}

export type TableCheck = { ok: true; table: DerivationTable } | { ok: false; key: string; problem: string };

/**
 * Checks a table read from data: every risk present, each value a known threshold, nothing extra,
 * and monotone (a higher risk never needs less authorization than a lower one).
 */
export function checkDerivationTable(value: unknown): TableCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, key: '', problem: 'must be a table of risk = threshold' };
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(RISKS as readonly string[]).includes(key)) {
      return { ok: false, key, problem: `unknown risk \`${key}\` (expected one of ${RISKS.join(', ')})` };
    }
  }
  const table: Partial<Record<Risk, Threshold>> = {};
  let previous = -1;
  for (const risk of RISKS) {
    const raw = record[risk];
    if (raw === undefined) return { ok: false, key: risk, problem: 'missing' };
    if (raw !== 'never' && !isAuthorization(raw)) {
      return {
        ok: false,
        key: risk,
        problem: `must be one of ${[...AUTHORIZATIONS, 'never'].join(', ')}`,
      };
    }
    const rank = thresholdRank(raw);
    if (rank < previous) {
      return { ok: false, key: risk, problem: 'needs less authorization than a lower risk' };
    }
    previous = rank;
    table[risk] = raw;
  }
  return { ok: true, table: Object.freeze(table as Record<Risk, Threshold>) };
}
