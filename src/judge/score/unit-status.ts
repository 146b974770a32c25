/**
 * A unit's status and the run's decision, computed in code. A unit is skipped (generated), error (a stage
 * failed), withheld_secret (it holds a credential: nothing of it is sent), fail (a --fail-on rule is met),
 * partial (not fully reviewed), warn (findings below the gate) or pass. The run is fail when any unit
 * meets the gate, incomplete when any unit was not fully reviewed, else pass.
 * INVARIANT: a partial review is never a pass.
 */

import {
  type CategoryScores,
  type Finding,
  JUDGE_CATEGORIES,
  type RunDecision,
  severityRank,
  type UnitStatus,
} from '../types';
import type { Gate } from './fail-on';

export interface StatusInput {
  findings: readonly Finding[];
  scores: CategoryScores;
  gate: Gate;
  skipped: boolean;
  error: boolean;
  withheld: boolean;
  /** Files, chunks or calls left unreviewed. */
  gaps: number;
}

export function meetsGate(findings: readonly Finding[], scores: CategoryScores, gate: Gate): boolean {
  for (const f of findings) {
    const min = gate.severity[f.category];
    if (min !== 'none' && severityRank(f.severity) >= severityRank(min)) return true;
  }
  for (const cat of JUDGE_CATEGORIES) {
    const min = gate.minScore[cat];
    const s = scores[cat];
    if (min !== undefined && s !== null && s < min) return true;
  }
  return false;
}

export function unitStatus(input: StatusInput): { status: UnitStatus; gated: boolean } {
  if (input.skipped) return { status: 'skipped', gated: false };
  if (input.error) return { status: 'error', gated: false };
  const gated = meetsGate(input.findings, input.scores, input.gate);
  if (input.withheld) return { status: 'withheld_secret', gated };
  if (gated) return { status: 'fail', gated };
  if (input.gaps > 0) return { status: 'partial', gated };
  // Info findings are facts for the reader (a host named in docs), not something to act on.
  if (input.findings.some((f) => f.severity !== 'info')) return { status: 'warn', gated };
  return { status: 'pass', gated };
}

export function runDecision(units: readonly { status: UnitStatus; gated: boolean }[]): RunDecision {
  if (units.some((u) => u.gated)) return 'fail';
  if (units.some((u) => u.status === 'partial' || u.status === 'error' || u.status === 'withheld_secret'))
    return 'incomplete';
  return 'pass';
}
