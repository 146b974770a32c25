/**
 * The sealed floor: categories no mode, rule, config or model can grant. Checked first, before any rule.
 * Pure. INVARIANT: nothing in the policy or config is consulted here except the floor set, which config can
 * only grow (`check.floor_extra`); a floor hit is final.
 */

import type { Facts } from '../facts/facts';

export interface FloorHit {
  target: number;
  label: string;
  category: string;
  reason: string;
}

/** The first floor category hit, in target order; undefined when the floor is clear. */
export function decideFloor(facts: Facts, floor: ReadonlySet<string>): FloorHit | undefined {
  for (const t of facts.targets) {
    for (const c of t.categories) {
      if (floor.has(c.category))
        return { target: t.index, label: t.label, category: c.category, reason: c.reason };
    }
  }
  return undefined;
}
