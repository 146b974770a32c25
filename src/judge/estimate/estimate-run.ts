/**
 * `--estimate`: what a model run would attach, send and cost, per unit, sending nothing. Owns only the
 * arrangement: which files each unit would send (or why not), what attaches, and the figures the review stage
 * reported for the requests it built (`ReviewRunSummary.estimate`: calls per role, input tokens and cost, each
 * call priced by the model layer's estimate layer, the one formula). It counts and prices nothing itself, so
 * the estimate is the run's requests. Pure.
 */

import { BYTES_PER_TOKEN, type PriceEntry, tokensOfBytes } from '../../model';
import type { ReviewRunSummary } from '../review-stage';
import type { Attachment, JudgeCategory, Unit } from '../types';

export { BYTES_PER_TOKEN, type PriceEntry };

export interface EstimateCaps {
  maxCostUsd: number;
  maxCalls: number;
  maxTokens: number;
}

export type UnitCalls = Record<JudgeCategory | 'adjudicator', number>;

export interface UnitEstimate {
  path: string;
  withheld: boolean;
  sentFiles: { path: string; bytes: number }[];
  notSent: { path: string; reason: string }[];
  attached: Attachment[];
  calls: UnitCalls;
  inputTokens: number;
  worstCostUsd: number | null;
  expectedCostUsd: number | null;
}

export interface RunEstimate {
  units: UnitEstimate[];
  calls: number;
  callsFit: number;
  inputTokens: number;
  worstCostUsd: number | null;
  expectedCostUsd: number | null;
  model: string | null;
  overCap: boolean;
  notes: string[];
}

export const tokensOf = tokensOfBytes;

const NO_CALLS: UnitCalls = { security: 0, governance: 0, quality: 0, adjudicator: 0 };
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The run's estimate from the stage's built requests (`built`, undefined when no model would be called: then
 * no request is built, nothing is priced, and a note says so). `price` names the model and says whether the
 * catalogue knows its price (costs are null when it does not).
 */
export function estimateRun(
  planned: readonly { unit: Unit; attached: readonly Attachment[]; withheld: boolean }[],
  built: ReviewRunSummary['estimate'] | undefined,
  price: PriceEntry | undefined,
  caps: EstimateCaps,
  maxUnits: number,
): RunEstimate {
  const byUnit = new Map((built?.units ?? []).map((u) => [u.path, u] as const));
  const priced = price !== undefined && built !== undefined;
  const units: UnitEstimate[] = planned.map((p) => {
    const b = p.withheld ? undefined : byUnit.get(p.unit.path);
    return {
      path: p.unit.path,
      withheld: p.withheld,
      sentFiles: p.withheld
        ? []
        : p.unit.files.filter((f) => f.text !== undefined).map((f) => ({ path: f.path, bytes: f.bytes })),
      notSent: p.unit.files
        .filter((f) => p.withheld || f.text === undefined)
        .map((f) => ({ path: f.path, reason: p.withheld ? 'secret-withheld' : (f.gap ?? 'unreadable') })),
      attached: [...p.attached],
      calls: { ...NO_CALLS, ...(b?.calls ?? {}) },
      inputTokens: b?.inputTokens ?? 0,
      worstCostUsd: priced ? round(b?.worstCostUsd ?? 0) : null,
      expectedCostUsd: priced ? round(b?.expectedCostUsd ?? 0) : null,
    };
  });
  const notes: string[] = [];
  if (built === undefined)
    notes.push(
      'no model: no request was built or priced (name one with --model to see the calls and the cost)',
    );
  else if (!price) notes.push('no price for the model: costs are unknown (set a model with a known price)');
  if (planned.length > maxUnits)
    notes.push(
      `${planned.length} units match; a real run takes at most ${maxUnits} and would be refused: name paths or use --changed`,
    );
  const calls = built?.calls ?? 0;
  const callsFit = built?.callsFit ?? 0;
  if (callsFit < calls)
    notes.push(
      `${calls - callsFit} of ${calls} calls would not fit under the caps; those units would be partial`,
    );
  const expected = priced ? round(built.expectedCostUsd) : null;
  return {
    units,
    calls,
    callsFit,
    inputTokens: built?.inputTokens ?? 0,
    worstCostUsd: priced ? round(built.worstCostUsd) : null,
    expectedCostUsd: expected,
    model: price?.model ?? null,
    overCap: (built?.overCap ?? false) || (expected !== null && expected > caps.maxCostUsd),
    notes,
  };
}
