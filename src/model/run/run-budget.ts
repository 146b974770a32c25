/**
 * Caps per run on calls, tokens and cost. A call is admitted only if its worst case (estimated input
 * plus the full output cap, priced) fits what is left, and that worst case is reserved until the call
 * settles with its real usage. Pure state: no clock, no I/O.
 * INVARIANT: spending can never pass a cap, because admission reserves the worst case first.
 */

import type { ModelUsage } from '../client';

export interface RunCaps {
  maxCalls: number;
  maxTokens: number;
  maxCostUsd: number;
  /** The largest worst case (input + output tokens) one call may have. */
  maxCallTokens: number;
}

export interface CallCost {
  tokens: number;
  costUsd: number;
}

export interface Spent {
  calls: number;
  tokens: number;
  costUsd: number;
}

export type Admission = { ok: true; ticket: number } | { ok: false; detail: string };

/**
 * The same caps counted by a store that several processes share (the decision service's replicas): admission
 * reserves the worst case there too, and settling replaces it with what was used. Either may reject (the store
 * is unreachable): the call is then not sent.
 */
export interface SharedCaps {
  admit(
    worst: CallCost,
    caps: RunCaps,
  ): Promise<{ ok: true; ticket: string } | { ok: false; detail: string }>;
  settle(ticket: string, worst: CallCost, usage: ModelUsage): Promise<void>;
}

export class RunBudget {
  private readonly caps: RunCaps;
  private readonly spent: Spent = { calls: 0, tokens: 0, costUsd: 0 };
  private readonly held = new Map<number, CallCost>();
  private next = 1;

  constructor(caps: RunCaps) {
    this.caps = caps;
  }

  /** Reserves a call's worst case, or says which cap it would pass. */
  admit(worst: CallCost): Admission {
    const problem = exceeds(this.caps, this.committed(), worst);
    if (problem) return { ok: false, detail: problem };
    const ticket = this.next++;
    this.held.set(ticket, worst);
    return { ok: true, ticket };
  }

  /** Replaces a reservation with what the call really used (a failed call still counts as a call). */
  settle(ticket: number, usage: ModelUsage): void {
    if (!this.held.delete(ticket)) return;
    this.spent.calls += 1;
    this.spent.tokens += usage.inputTokens + usage.outputTokens;
    this.spent.costUsd += usage.costUsd;
  }

  /** Drops a reservation whose call was never sent (a shared cap refused it): it counts as nothing. */
  release(ticket: number): void {
    this.held.delete(ticket);
  }

  totals(): Spent {
    return { ...this.spent };
  }

  private committed(): Spent {
    const out = { ...this.spent };
    for (const held of this.held.values()) {
      out.calls += 1;
      out.tokens += held.tokens;
      out.costUsd += held.costUsd;
    }
    return out;
  }
}

/** Which cap one more call of cost `worst` would pass, given what is `committed`; undefined if none. */
export function exceeds(caps: RunCaps, committed: Spent, worst: CallCost): string | undefined {
  if (worst.tokens > caps.maxCallTokens) {
    return `one call could use ${worst.tokens} tokens, over the per-call cap of ${caps.maxCallTokens}`;
  }
  if (committed.calls + 1 > caps.maxCalls) return `the cap of ${caps.maxCalls} calls per run is reached`;
  if (committed.tokens + worst.tokens > caps.maxTokens)
    return `the cap of ${caps.maxTokens} tokens per run is reached`;
  if (committed.costUsd + worst.costUsd > caps.maxCostUsd + 1e-12) {
    return `the cap of $${caps.maxCostUsd} per run is reached`;
  }
  return undefined;
}

export interface PlannedCall extends CallCost {
  priority: number;
  /** Order of arrival, to break ties deterministically. */
  seq: number;
}

/**
 * Admission by priority for a whole plan (`--estimate`, batch runs): highest priority first, then
 * arrival order; a call that does not fit is skipped and smaller ones after it may still fit.
 */
export function planAdmission(
  caps: RunCaps,
  calls: readonly PlannedCall[],
): { admitted: Set<number>; refused: Set<number> } {
  const order = [...calls].sort((a, b) => b.priority - a.priority || a.seq - b.seq);
  const committed: Spent = { calls: 0, tokens: 0, costUsd: 0 };
  const admitted = new Set<number>();
  const refused = new Set<number>();
  for (const call of order) {
    if (exceeds(caps, committed, call)) {
      refused.add(call.seq);
      continue;
    }
    admitted.add(call.seq);
    committed.calls += 1;
    committed.tokens += call.tokens;
    committed.costUsd += call.costUsd;
  }
  return { admitted, refused };
}
