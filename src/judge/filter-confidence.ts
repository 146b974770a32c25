/**
 * `--min-confidence`: drops findings below a confidence. Pure; returns what it dropped as a count so the
 * summary can say so.
 */

import { type Confidence, confidenceRank, type Finding } from './types';

export function filterConfidence(
  findings: readonly Finding[],
  min: Confidence,
): { kept: Finding[]; dropped: number } {
  const kept = findings.filter((f) => confidenceRank(f.confidence) >= confidenceRank(min));
  return { kept, dropped: findings.length - kept.length };
}
