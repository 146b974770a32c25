/**
 * Turns signals into a risk score 0–100, a confidence 0–1 and a floor, and routes them to an outcome with
 * the policy's thresholds. Pure.
 * Routing: by risk (below approve_below: approve; below escalate_at: approve_with_flag; below block_at:
 * escalate; else block), by confidence (below escalate_confidence: escalate; below min_confidence: at
 * least approve_with_flag), and by the strictest floor any signal sets. The strictest of the three wins,
 * except that a score-made block with confidence below min_confidence escalates instead.
 */

import { type Outcome, strictestOutcome } from '../../core';
import type { Thresholds } from '../route-policy';
import type { Signal } from '../types';

export interface Score {
  risk: number;
  confidence: number;
  floor: Outcome;
}

export function scoreSignals(signals: readonly Signal[]): Score {
  const risk = Math.min(
    100,
    Math.max(
      0,
      signals.reduce((n, s) => n + s.risk, 0),
    ),
  );
  const penalty = signals.reduce((n, s) => n + s.confidence, 0);
  const confidence = Math.round(Math.min(1, Math.max(0, 1 - penalty)) * 100) / 100;
  const floor = strictestOutcome('approve', ...signals.flatMap((s) => (s.floor ? [s.floor] : [])));
  return { risk, confidence, floor };
}

export function outcomeByRisk(risk: number, t: Thresholds): Outcome {
  if (risk >= t.blockAt) return 'block';
  if (risk >= t.escalateAt) return 'escalate';
  if (risk >= t.approveBelow) return 'approve_with_flag';
  return 'approve';
}

export function outcomeByConfidence(confidence: number, t: Thresholds): Outcome {
  if (confidence < t.escalateConfidence) return 'escalate';
  if (confidence < t.minConfidence) return 'approve_with_flag';
  return 'approve';
}

export function routeScore(score: Score, t: Thresholds): Outcome {
  let byRisk = outcomeByRisk(score.risk, t);
  // Blocking on a score needs confidence; below it a person decides (a floor of `block` still blocks).
  if (byRisk === 'block' && score.confidence < t.minConfidence) byRisk = 'escalate';
  return strictestOutcome(byRisk, outcomeByConfidence(score.confidence, t), score.floor);
}
