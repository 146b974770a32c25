/**
 * `--estimate`: what a model run would attach, send and cost, per unit, sending nothing. Tokens are
 * counted with the model layer's one estimator (3 bytes per token); prices come from the price entry handed
 * in (from the model layer's one catalogue). Calls are admitted in priority order (security, governance, quality, then unit order; one
 * adjudicator call per reviewed unit) until a cap would be passed. Pure.
 */

import { BYTES_PER_TOKEN, type PriceEntry, tokensOfBytes } from '../../model';
import type { Attachment, JudgeCategory, Unit } from '../types';

export { BYTES_PER_TOKEN, type PriceEntry };
/** File text one reviewer call may carry. */
export const CALL_BUDGET_TOKENS = 24_000;
export const MAX_CHUNKS_PER_CATEGORY = 8;
/** Role prompt, trust-tier markers, evidence contract and output schema of one call (estimated). */
export const PROMPT_OVERHEAD_TOKENS = 1_500;
export const MAX_OUTPUT_TOKENS = 6_144;
export const EXPECTED_OUTPUT_TOKENS = 800;
/** An unconditional rule sent as an index of its headings is counted at this many tokens at most. */
export const RULE_INDEX_TOKENS_SENT = 600;

export interface EstimateCaps {
  maxCostUsd: number;
  maxCalls: number;
  maxTokens: number;
}

export interface UnitEstimate {
  path: string;
  withheld: boolean;
  sentFiles: { path: string; bytes: number }[];
  notSent: { path: string; reason: string }[];
  attached: Attachment[];
  calls: Record<JudgeCategory | 'adjudicator', number>;
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

function cost(price: PriceEntry | undefined, input: number, output: number): number | null {
  if (!price) return null;
  return (input * price.inputUsdPerMTok + output * price.outputUsdPerMTok) / 1_000_000;
}

interface PlannedCall {
  unit: number;
  priority: number;
  input: number;
}

export function estimateRun(
  planned: readonly { unit: Unit; attached: readonly Attachment[]; withheld: boolean }[],
  categories: readonly JudgeCategory[],
  price: PriceEntry | undefined,
  caps: EstimateCaps,
  maxUnits: number,
): RunEstimate {
  const calls: PlannedCall[] = [];
  const units: UnitEstimate[] = planned.map((p, i) => {
    const sentFiles = p.withheld
      ? []
      : p.unit.files.filter((f) => f.text !== undefined).map((f) => ({ path: f.path, bytes: f.bytes }));
    const notSent = p.unit.files
      .filter((f) => p.withheld || f.text === undefined)
      .map((f) => ({ path: f.path, reason: p.withheld ? 'secret-withheld' : (f.gap ?? 'unreadable') }));
    const fileTokens = tokensOf(sentFiles.reduce((n, f) => n + f.bytes, 0));
    const chunks = p.withheld
      ? 0
      : Math.min(MAX_CHUNKS_PER_CATEGORY, Math.max(1, Math.ceil(fileTokens / CALL_BUDGET_TOKENS)));
    const perChunk = chunks === 0 ? 0 : Math.ceil(fileTokens / chunks);
    const attachTokens = p.attached.reduce(
      (n, a) =>
        n + (a.sentAs === 'index' ? Math.min(tokensOf(a.bytes), RULE_INDEX_TOKENS_SENT) : tokensOf(a.bytes)),
      0,
    );
    const governs = p.attached.length > 0 || p.unit.kind === 'rule';
    const c: UnitEstimate['calls'] = { security: 0, governance: 0, quality: 0, adjudicator: 0 };
    let input = 0;
    const plan = (cat: JudgeCategory, priority: number, extra: number) => {
      if (!categories.includes(cat) || chunks === 0) return;
      c[cat] = chunks;
      for (let k = 0; k < chunks; k++) {
        const t = PROMPT_OVERHEAD_TOKENS + perChunk + extra;
        calls.push({ unit: i, priority, input: t });
        input += t;
      }
    };
    plan('security', 0, 0);
    if (governs) plan('governance', 1, attachTokens);
    plan('quality', 2, 0);
    if (c.security + c.governance + c.quality > 0) {
      c.adjudicator = 1;
      const t = PROMPT_OVERHEAD_TOKENS + 2 * 200;
      calls.push({ unit: i, priority: 3, input: t });
      input += t;
    }
    const n = c.security + c.governance + c.quality + c.adjudicator;
    return {
      path: p.unit.path,
      withheld: p.withheld,
      sentFiles,
      notSent,
      attached: [...p.attached],
      calls: c,
      inputTokens: input,
      worstCostUsd: cost(price, input, n * MAX_OUTPUT_TOKENS),
      expectedCostUsd: cost(price, input, n * EXPECTED_OUTPUT_TOKENS),
    };
  });
  calls.sort((a, b) => a.priority - b.priority || a.unit - b.unit);
  let fit = 0;
  let spent = 0;
  let tokens = 0;
  for (const call of calls) {
    const next = cost(price, call.input, EXPECTED_OUTPUT_TOKENS) ?? 0;
    if (
      fit + 1 > caps.maxCalls ||
      spent + next > caps.maxCostUsd ||
      tokens + call.input + EXPECTED_OUTPUT_TOKENS > caps.maxTokens
    )
      break;
    fit += 1;
    spent += next;
    tokens += call.input + EXPECTED_OUTPUT_TOKENS;
  }
  const sum = (pick: (u: UnitEstimate) => number | null) =>
    price ? units.reduce((n, u) => n + (pick(u) ?? 0), 0) : null;
  const expected = sum((u) => u.expectedCostUsd);
  const notes: string[] = [];
  if (!price) notes.push('no price for the model: costs are unknown (set a model with a known price)');
  if (planned.length > maxUnits)
    notes.push(
      `${planned.length} units match; a real run takes at most ${maxUnits} and would be refused: name paths or use --changed`,
    );
  if (fit < calls.length)
    notes.push(
      `${calls.length - fit} of ${calls.length} calls would not fit under the caps; those units would be partial`,
    );
  return {
    units,
    calls: calls.length,
    callsFit: fit,
    inputTokens: units.reduce((n, u) => n + u.inputTokens, 0),
    worstCostUsd: sum((u) => u.worstCostUsd),
    expectedCostUsd: expected,
    model: price?.model ?? null,
    overCap: expected !== null && expected > caps.maxCostUsd,
    notes,
  };
}
