/**
 * The compiled form of an arbiter rules file, and the one-line problem a file that does not load has.
 * Types only, plus the problem's formatting.
 */

import type { Verdict } from '../../core';
import type { FactValue, Kind } from '../question/kinds';

export const OPS = ['==', '<=', '>=', '<', '>'] as const;
export type Op = (typeof OPS)[number];

export interface Condition {
  fact: string;
  op: Op;
  value: FactValue;
}

export type RuleKinds = readonly Kind[] | readonly ['*'];

export interface Rule {
  id: string;
  kinds: RuleKinds;
  verdict: Verdict;
  /** What the model reads; at most 600 characters. */
  text: string;
  /** All must hold. Empty: the rule has no conditions. */
  when: readonly Condition[];
}

export interface RuleSet {
  version: number;
  /** sha256 of the canonical JSON of the whole file, so reformatting does not change it. */
  sha256: string;
  rules: readonly Rule[];
}

export interface RulesProblem {
  /** Where in the file: `rules[2].when[0].op`; empty for the file as a whole. */
  path: string;
  message: string;
}

export type RulesLoad =
  | { ok: true; rules: RuleSet; notices: string[] }
  | { ok: false; problem: RulesProblem };

export function formatRulesProblem(problem: RulesProblem): string {
  return problem.path ? `\`${problem.path}\`: ${problem.message}` : problem.message;
}

export const RULE_ID = /^R-\d{2,3}$/;
export const MAX_RULE_TEXT = 600;
