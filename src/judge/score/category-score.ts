/**
 * The score of one category: 100 - sum(points x confidence weight x decay). Points are 40 critical,
 * 20 high, 8 medium, 3 low (info 0); confidence weights 1.0 high, 0.6 medium, 0.3 low; the deductions are
 * sorted, largest first, and weighted 1, 0.5 and 0.25; a fourth adds nothing. A category that did not run
 * is null, never 100. Pure.
 */

import type { Confidence, Finding, Severity } from '../types';

export const POINTS: Record<Severity, number> = { critical: 40, high: 20, medium: 8, low: 3, info: 0 };
export const CONFIDENCE_WEIGHT: Record<Confidence, number> = { high: 1.0, medium: 0.6, low: 0.3 };
export const DECAY = [1, 0.5, 0.25] as const;

export function categoryScore(findings: readonly Finding[], ran: boolean): number | null {
  if (!ran) return null;
  const deductions = findings
    .map((f) => POINTS[f.severity] * CONFIDENCE_WEIGHT[f.confidence])
    .sort((a, b) => b - a);
  let total = 0;
  deductions.forEach((d, i) => {
    total += d * (DECAY[i] ?? 0);
  });
  return Math.max(0, Math.round((100 - total) * 10) / 10);
}
