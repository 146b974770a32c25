/**
 * Graduated outcomes and their relation to verdicts.
 * Pure. Every verdict maps to exactly one outcome; `approve_with_flag` is the one outcome with no
 * verdict of its own (it proceeds, so its verdict is `allow`, and someone is told why).
 */

import type { Verdict } from './verdict';

export const OUTCOMES = ['approve', 'approve_with_flag', 'escalate', 'block'] as const;
export type Outcome = (typeof OUTCOMES)[number];

const RANK: Record<Outcome, number> = { approve: 0, approve_with_flag: 1, escalate: 2, block: 3 };

export function isOutcome(value: unknown): value is Outcome {
  return typeof value === 'string' && (OUTCOMES as readonly string[]).includes(value);
}

export function outcomeRank(outcome: Outcome): number {
  return RANK[outcome];
}

/** The outcome a plain verdict stands for. */
export function outcomeOfVerdict(verdict: Verdict): Outcome {
  switch (verdict) {
    case 'allow':
      return 'approve';
    case 'escalate':
      return 'escalate';
    case 'deny':
      return 'block';
    default:
      return assertNever(verdict);
  }
}

/** The verdict an outcome carries: whatever proceeds is `allow`. */
export function verdictOfOutcome(outcome: Outcome): Verdict {
  switch (outcome) {
    case 'approve':
    case 'approve_with_flag':
      return 'allow';
    case 'escalate':
      return 'escalate';
    case 'block':
      return 'deny';
    default:
      return assertNever(outcome);
  }
}

/** The strictest of the given outcomes; none at all is `escalate`. */
export function strictestOutcome(...outcomes: readonly Outcome[]): Outcome {
  if (outcomes.length === 0) return 'escalate';
  let worst: Outcome = 'approve';
  for (const o of outcomes) if (RANK[o] > RANK[worst]) worst = o;
  return worst;
}

export function assertNever(value: never): never {
  throw new Error(`unreachable: unexpected value \`${String(value)}\``);
}
