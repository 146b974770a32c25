/**
 * What one run remembers between questions: model calls made (for the call cap) and verified answers
 * by question (the run's cache). Pure values; the caller stores them between processes.
 * The cache key is a hash of the validated question, the rules hash and the prompt version; it holds
 * no question text, and a cached entry is only ever a verified answer.
 */

import { contentHash, isVerdict, type Verdict } from '../../core';
import type { Question } from '../question/parse-question';
import type { RuleSet } from '../rules/rule-set';

export interface CachedAnswer {
  verdict: Verdict;
  ruleId: string;
  provider: string;
  model: string;
}

export interface RunState {
  calls: number;
  cache: Readonly<Record<string, CachedAnswer>>;
}

export const EMPTY_RUN: RunState = Object.freeze({ calls: 0, cache: Object.freeze({}) });

export function questionCacheKey(question: Question, rules: RuleSet, promptRef: string): string {
  return contentHash({
    kind: question.kind,
    facts: question.facts,
    options: question.options,
    recommended: question.recommended,
    rules: rules.sha256,
    prompt: promptRef,
  });
}

export function withCall(run: RunState): RunState {
  return { calls: run.calls + 1, cache: run.cache };
}

export function withCached(run: RunState, key: string, answer: CachedAnswer): RunState {
  return { calls: run.calls, cache: { ...run.cache, [key]: answer } };
}

/** Reads a stored run state; anything malformed is `undefined` and the caller fails closed. */
export function readRunState(doc: unknown): RunState | undefined {
  if (typeof doc !== 'object' || doc === null) return undefined;
  const { calls, cache } = doc as Record<string, unknown>;
  if (typeof calls !== 'number' || !Number.isSafeInteger(calls) || calls < 0) return undefined;
  if (typeof cache !== 'object' || cache === null || Array.isArray(cache)) return undefined;
  const out: Record<string, CachedAnswer> = {};
  for (const [key, value] of Object.entries(cache)) {
    if (!/^[0-9a-f]{64}$/.test(key) || typeof value !== 'object' || value === null) return undefined;
    const v = value as Record<string, unknown>;
    if (
      !isVerdict(v.verdict) ||
      typeof v.ruleId !== 'string' ||
      typeof v.provider !== 'string' ||
      typeof v.model !== 'string'
    ) {
      return undefined;
    }
    out[key] = { verdict: v.verdict, ruleId: v.ruleId, provider: v.provider, model: v.model };
  }
  return { calls, cache: out };
}
