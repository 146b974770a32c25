/**
 * Builds one Signal from its id and evidence with the policy's weight, penalty and floor. Pure.
 * INVARIANT: risk points and confidence penalties are never negative: no signal lowers risk.
 */

import type { RoutePolicy } from '../route-policy';
import type { Signal, SignalId } from '../types';

export interface SignalOptions {
  /** Multiplies the weight (a count capped by the caller, or a 0..1 fraction of a scale). */
  scale?: number;
  /** Multiplies the confidence penalty; defaults to 1. */
  penaltyScale?: number;
  files?: readonly string[];
  /** Leave the rules' floor out (the caller decided it does not apply). */
  noFloor?: boolean;
}

export function makeSignal(
  policy: RoutePolicy,
  id: SignalId,
  evidence: string[],
  options: SignalOptions = {},
): Signal {
  const scale = Math.max(0, options.scale ?? 1);
  const signal: Signal = {
    id,
    risk: Math.round(Math.max(0, policy.weight(id)) * scale),
    confidence: round2(Math.max(0, policy.penalty(id)) * Math.max(0, options.penaltyScale ?? 1)),
    evidence,
  };
  const floor = policy.rules.floors[id];
  if (floor !== undefined && !options.noFloor) signal.floor = floor;
  if (options.files && options.files.length > 0) signal.files = [...options.files].sort();
  return signal;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** A fraction 0..1 of where `value` sits between `low` and `high`. */
export function fractionOf(value: number, low: number, high: number): number {
  if (value <= low) return 0;
  if (value >= high) return 1;
  return (value - low) / (high - low);
}

/** At most `n` items, and a count of the rest. */
export function listSome(items: readonly string[], n = 5): string {
  const shown = items.slice(0, n).join(', ');
  return items.length > n ? `${shown} and ${items.length - n} more` : shown;
}
