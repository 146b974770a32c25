/**
 * How a routed outcome compares with the outcome that was right, and the two error rates seed 002 names.
 * Pure.
 * - too aggressive: the change proceeds (approve, approve_with_flag) when a person had to look
 *   (escalate, block), or is plainly approved when someone had to be told (approve_with_flag);
 * - too conservative: a person is made to look (escalate, block) at a change that could proceed.
 * Rates: aggressive errors over cases whose right outcome is not `approve`; conservative errors over cases
 * whose right outcome proceeds. A binary verdict is read as approve or block.
 */

import { OUTCOMES, type Outcome } from '../../core';

export type ErrorKind = 'ok' | 'exact-miss' | 'aggressive' | 'conservative';

const proceeds = (o: Outcome) => o === 'approve' || o === 'approve_with_flag';

export function errorKind(predicted: Outcome, right: Outcome): ErrorKind {
  if (predicted === right) return 'ok';
  if (proceeds(predicted) && !proceeds(right)) return 'aggressive';
  if (predicted === 'approve' && right === 'approve_with_flag') return 'aggressive';
  if (!proceeds(predicted) && proceeds(right)) return 'conservative';
  return 'exact-miss';
}

export interface ErrorRates {
  cases: number;
  exact: number;
  aggressive: number;
  conservative: number;
  /** aggressive / cases whose right outcome is not approve (NaN-free: 0 when none). */
  aggressiveRate: number;
  /** conservative / cases whose right outcome proceeds. */
  conservativeRate: number;
}

export function errorRates(pairs: readonly { predicted: Outcome; right: Outcome }[]): ErrorRates {
  const needAttention = pairs.filter((p) => p.right !== 'approve').length;
  const canProceed = pairs.filter((p) => proceeds(p.right)).length;
  const kinds = pairs.map((p) => errorKind(p.predicted, p.right));
  const aggressive = kinds.filter((k) => k === 'aggressive').length;
  const conservative = kinds.filter((k) => k === 'conservative').length;
  return {
    cases: pairs.length,
    exact: kinds.filter((k) => k === 'ok').length,
    aggressive,
    conservative,
    aggressiveRate: needAttention === 0 ? 0 : aggressive / needAttention,
    conservativeRate: canProceed === 0 ? 0 : conservative / canProceed,
  };
}

export type Confusion = Record<Outcome, Record<Outcome, number>>;

/** Rows: the right outcome; columns: the predicted one. */
export function confusion(pairs: readonly { predicted: Outcome; right: Outcome }[]): Confusion {
  const table = Object.fromEntries(
    OUTCOMES.map((r) => [r, Object.fromEntries(OUTCOMES.map((p) => [p, 0]))]),
  ) as Confusion;
  for (const p of pairs) table[p.right][p.predicted]++;
  return table;
}

export function renderConfusion(
  title: string,
  table: Confusion,
  columns: readonly Outcome[] = OUTCOMES,
): string[] {
  const w = Math.max(...OUTCOMES.map((o) => o.length), 'right \\ routed'.length);
  const lines = [title, `  ${'right \\ routed'.padEnd(w)}  ${columns.map((c) => c.padStart(19)).join('')}`];
  for (const r of OUTCOMES)
    lines.push(`  ${r.padEnd(w)}  ${columns.map((c) => String(table[r][c]).padStart(19)).join('')}`);
  return lines;
}

export const percent = (n: number) => `${(n * 100).toFixed(1)}%`;
