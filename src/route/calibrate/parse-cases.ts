/**
 * Reads calibration cases (JSON Lines). Each line carries an `id`, the `outcome` that was right, and
 * either its signals (`signals`: [{id, risk, confidence, floor?}], optional `guarded` outcome and `binary`
 * verdict), a whole `route` result as `gavel route --json` prints it, or a range to route (`repo`, with
 * optional `base`, `head`, `pr`, `findings`, `run_log`, `run_id`, `tier`; paths relative to the cases file).
 * Pure. A line that is none of these is refused with its line number.
 */

import { isOutcome, isRecord, OUTCOMES, type Outcome } from '../../core';
import { inputError } from '../inputs/route-input-error';
import { scoreSignals } from '../score/score-signals';
import { isSignalId, type RouteResult, type Signal } from '../types';
import type { ScoredCase } from './fit-thresholds';

export interface RangeCase {
  id: string;
  right: Outcome;
  repo: string;
  base?: string;
  head?: string;
  pr?: string;
  findings?: string;
  runLog?: string;
  /** Only this run's or session's records in the run log count. */
  runId?: string;
  tier?: 0 | 1 | 2 | 3;
}

export type CaseLine = { kind: 'scored'; scored: ScoredCase } | { kind: 'range'; range: RangeCase };

export function parseCases(text: string, file: string): CaseLine[] {
  const out: CaseLine[] = [];
  const ids = new Set<string>();
  for (const [i, raw] of text.split('\n').entries()) {
    if (raw.trim() === '') continue;
    const where = `line ${i + 1}`;
    let doc: unknown;
    try {
      doc = JSON.parse(raw);
    } catch {
      throw inputError(file, '', `${where} is not valid JSON`);
    }
    if (!isRecord(doc)) throw inputError(file, '', `${where} is not a JSON object`);
    if (typeof doc.id !== 'string' || doc.id === '' || ids.has(doc.id))
      throw inputError(file, 'id', `on ${where} must be a unique string`);
    ids.add(doc.id);
    if (!isOutcome(doc.outcome))
      throw inputError(file, 'outcome', `on ${where} must be one of ${OUTCOMES.join(', ')}`);
    const id = doc.id;
    const right = doc.outcome;
    if (isRecord(doc.route)) {
      out.push({
        kind: 'scored',
        scored: fromResult(id, right, doc.route as unknown as RouteResult, file, where),
      });
    } else if (Array.isArray(doc.signals)) {
      const signals = doc.signals.map((s, j) => signal(s, file, `signals.${j}`, where));
      const scored: ScoredCase = {
        id,
        right,
        score: scoreSignals(signals),
        binary: binaryOf(doc.binary, signals, file, where),
      };
      if (doc.guarded !== undefined && doc.guarded !== null) {
        if (!isOutcome(doc.guarded)) throw inputError(file, 'guarded', `on ${where} must be an outcome`);
        scored.guarded = doc.guarded;
      }
      out.push({ kind: 'scored', scored });
    } else if (typeof doc.repo === 'string') {
      const range: RangeCase = { id, right, repo: doc.repo };
      for (const key of ['base', 'head', 'pr', 'findings'] as const) {
        const v = doc[key];
        if (v === undefined) continue;
        if (typeof v !== 'string') throw inputError(file, key, `on ${where} must be a string`);
        range[key] = v;
      }
      if (doc.run_log !== undefined) {
        if (typeof doc.run_log !== 'string')
          throw inputError(file, 'run_log', `on ${where} must be a string`);
        range.runLog = doc.run_log;
      }
      if (doc.run_id !== undefined) {
        if (typeof doc.run_id !== 'string' || doc.run_id === '')
          throw inputError(file, 'run_id', `on ${where} must be a non-empty string`);
        range.runId = doc.run_id;
      }
      if (doc.tier !== undefined) {
        if (doc.tier !== 0 && doc.tier !== 1 && doc.tier !== 2 && doc.tier !== 3)
          throw inputError(file, 'tier', `on ${where} must be 0, 1, 2 or 3`);
        range.tier = doc.tier;
      }
      out.push({ kind: 'range', range });
    } else {
      throw inputError(file, '', `${where} carries no \`signals\`, \`route\` or \`repo\``);
    }
  }
  if (out.length === 0) throw inputError(file, '', 'holds no case');
  return out;
}

function signal(value: unknown, file: string, key: string, where: string): Signal {
  if (!isRecord(value) || !isSignalId(value.id))
    throw inputError(file, `${key}.id`, `on ${where} must be a known signal id`);
  const risk = value.risk;
  const confidence = value.confidence ?? 0;
  if (typeof risk !== 'number' || risk < 0 || risk > 100)
    throw inputError(file, `${key}.risk`, `on ${where} must be a number from 0 to 100`);
  if (typeof confidence !== 'number' || confidence < 0 || confidence > 1)
    throw inputError(file, `${key}.confidence`, `on ${where} must be a number from 0 to 1`);
  const s: Signal = { id: value.id, risk, confidence, evidence: [] };
  if (value.floor !== undefined) {
    if (!isOutcome(value.floor)) throw inputError(file, `${key}.floor`, `on ${where} must be an outcome`);
    s.floor = value.floor;
  }
  return s;
}

function binaryOf(
  value: unknown,
  signals: readonly Signal[],
  file: string,
  where: string,
): 'approve' | 'block' {
  if (value === 'approve' || value === 'block') return value;
  if (value !== undefined) throw inputError(file, 'binary', `on ${where} must be \`approve\` or \`block\``);
  return signals.some((s) => s.id === 'finding-high' || s.id === 'finding-critical') ? 'block' : 'approve';
}

/** A routed result as a calibration case: the rest's signals, the guarded part's outcome, the binary verdict. */
export function fromResult(
  id: string,
  right: Outcome,
  r: RouteResult,
  file = '(route result)',
  where = '',
): ScoredCase {
  if (!isRecord(r.rest) || !Array.isArray(r.rest.signals))
    throw inputError(file, 'route.rest.signals', `on ${where} is missing`);
  const signals = r.rest.signals.map((s, j) => signal(s, file, `route.rest.signals.${j}`, where));
  const scored: ScoredCase = {
    id,
    right,
    score: scoreSignals(signals),
    binary: r.binary?.verdict === 'block' ? 'block' : binaryOf(undefined, signals, file, where),
  };
  if (r.guarded && isOutcome(r.guarded.outcome)) scored.guarded = r.guarded.outcome;
  return scored;
}
