/**
 * The verdict of one decision and the strictness order between verdicts.
 * Pure: no I/O, no clock. deny > escalate > allow; when sources disagree the strictest wins.
 */

export const VERDICTS = ['allow', 'escalate', 'deny'] as const;
export type Verdict = (typeof VERDICTS)[number];

const RANK: Record<Verdict, number> = { allow: 0, escalate: 1, deny: 2 };

export function isVerdict(value: unknown): value is Verdict {
  return typeof value === 'string' && (VERDICTS as readonly string[]).includes(value);
}

/** Rank of a verdict in the strictness order: allow 0, escalate 1, deny 2. */
export function verdictRank(verdict: Verdict): number {
  return RANK[verdict];
}

/**
 * The strictest of the given verdicts. With no verdict at all the answer is `escalate`:
 * nothing decided is never an allow.
 */
export function strictest(...verdicts: readonly Verdict[]): Verdict {
  // INVARIANT: an empty list fails closed to escalate, never to allow.
  if (verdicts.length === 0) return 'escalate';
  let worst: Verdict = 'allow';
  for (const v of verdicts) if (RANK[v] > RANK[worst]) worst = v;
  return worst;
}
