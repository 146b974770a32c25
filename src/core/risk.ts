/**
 * Risk and authorization levels, each a closed, ordered set.
 * Pure. risk: low < medium < high < critical; authorization: unknown < low < medium < high.
 */

export const RISKS = ['low', 'medium', 'high', 'critical'] as const;
export type Risk = (typeof RISKS)[number];

export const AUTHORIZATIONS = ['unknown', 'low', 'medium', 'high'] as const;
export type Authorization = (typeof AUTHORIZATIONS)[number];

export function isRisk(value: unknown): value is Risk {
  return typeof value === 'string' && (RISKS as readonly string[]).includes(value);
}

export function isAuthorization(value: unknown): value is Authorization {
  return typeof value === 'string' && (AUTHORIZATIONS as readonly string[]).includes(value);
}

export function riskRank(risk: Risk): number {
  return RISKS.indexOf(risk);
}

export function authorizationRank(authorization: Authorization): number {
  return AUTHORIZATIONS.indexOf(authorization);
}

/** The higher of the given risks; none at all is `critical` (unknown risk is never low). */
export function highestRisk(...risks: readonly Risk[]): Risk {
  if (risks.length === 0) return 'critical';
  let top: Risk = 'low';
  for (const r of risks) if (riskRank(r) > riskRank(top)) top = r;
  return top;
}
