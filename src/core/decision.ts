/**
 * Decision: the one typed record every surface returns and the audit log stores.
 * Pure. `decide()` builds one and keeps verdict and outcome consistent; a reason is one sentence a
 * person can act on, written by gavel (never untrusted text, never a secret).
 */

import type { Basis } from './basis';
import { type Outcome, outcomeOfVerdict, verdictOfOutcome } from './outcome';
import type { Authorization, Risk } from './risk';
import type { Verdict } from './verdict';

/** The four capabilities that decide. */
export const CAPABILITIES = ['check', 'ask', 'route', 'judge'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export interface PolicyRef {
  /** Version number the policy or rules file declares. */
  version: number;
  /** sha256 of the canonical JSON of the policy or rules that decided. */
  sha256: string;
}

export interface ModelUse {
  provider: string;
  model: string;
  tokens: { input: number; output: number };
  costUsd: number;
  /** sha256 of the system prompt sent (the action reviewer's, with the user's appends or override). */
  promptSha256?: string;
}

export interface Decision {
  verdict: Verdict;
  outcome: Outcome;
  basis: Basis;
  reason: string;
  ruleId?: string;
  categories: string[];
  risk?: Risk;
  authorization?: Authorization;
  model?: ModelUse;
  ms: number;
  policy: PolicyRef;
}

export interface DecisionInput {
  verdict: Verdict;
  /** Omit to take the verdict's own outcome; when given it must carry the same verdict. */
  outcome?: Outcome;
  basis: Basis;
  reason: string;
  ruleId?: string;
  categories?: readonly string[];
  risk?: Risk;
  authorization?: Authorization;
  model?: ModelUse;
  ms?: number;
  policy: PolicyRef;
}

export class DecisionError extends Error {
  readonly code = 'decision';
}

/** Builds a Decision; categories are sorted and deduplicated so the same input prints the same. */
export function decide(input: DecisionInput): Decision {
  const outcome = input.outcome ?? outcomeOfVerdict(input.verdict);
  if (verdictOfOutcome(outcome) !== input.verdict) {
    throw new DecisionError(`outcome \`${outcome}\` does not carry verdict \`${input.verdict}\``);
  }
  const decision: Decision = {
    verdict: input.verdict,
    outcome,
    basis: input.basis,
    reason: input.reason,
    categories: sortedUnique(input.categories),
    ms: input.ms ?? 0,
    policy: input.policy,
  };
  if (input.ruleId !== undefined) decision.ruleId = input.ruleId;
  if (input.risk !== undefined) decision.risk = input.risk;
  if (input.authorization !== undefined) decision.authorization = input.authorization;
  if (input.model !== undefined) decision.model = input.model;
  return decision;
}

/** A fresh sorted, deduplicated copy; the common empty and one-element lists skip the Set and the sort. */
function sortedUnique(list: readonly string[] | undefined): string[] {
  if (list === undefined || list.length === 0) return [];
  if (list.length === 1) return [list[0] as string];
  return [...new Set(list)].sort();
}

/** The policy reference used when no policy could be read (config or rules invalid). */
export const NO_POLICY: PolicyRef = Object.freeze({ version: 0, sha256: '' });
