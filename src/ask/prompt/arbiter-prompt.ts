/**
 * The arbiter's prompt: the versioned prompt file, checked, and the model request built from a
 * validated question and the compiled rules.
 * Pure. INVARIANT: the request is built from the kind, the number of options, the recommended index,
 * the typed facts and the rules, and from nothing else; a Question carries no free text or label, so
 * none can reach it. The call is given no tools.
 */

import { canonicalJson, isRecord } from '../../core';
import type { ModelRequest } from '../../model';
import type { Question } from '../question/parse-question';
import type { RuleSet } from '../rules/rule-set';

export interface ArbiterPrompt {
  id: string;
  version: number;
  system: string;
  maxOutputTokens: number;
}

export type PromptLoad = { ok: true; prompt: ArbiterPrompt } | { ok: false; problem: string };

/** The JSON Schema of the answer; the model's reply is still verified in code (verify-answer). */
export const ANSWER_SCHEMA: Readonly<Record<string, unknown>> = Object.freeze({
  type: 'object',
  properties: {
    ruleId: { type: 'string' },
    verdict: { type: 'string', enum: ['allow', 'deny', 'escalate'] },
    option: { type: 'number' },
  },
  required: ['ruleId', 'verdict', 'option'],
  additionalProperties: false,
});

export function loadArbiterPrompt(doc: unknown): PromptLoad {
  if (!isRecord(doc)) return { ok: false, problem: 'the prompt file must be a JSON object' };
  const { id, version, system, maxOutputTokens } = doc;
  if (typeof id !== 'string' || !/^[a-z][a-z0-9-]*$/.test(id))
    return { ok: false, problem: '`id` must be a kebab-case name' };
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    return { ok: false, problem: '`version` must be a positive whole number' };
  }
  if (!Array.isArray(system) || system.length === 0 || !system.every((l) => typeof l === 'string')) {
    return { ok: false, problem: '`system` must be a non-empty list of paragraphs' };
  }
  if (typeof maxOutputTokens !== 'number' || !Number.isInteger(maxOutputTokens) || maxOutputTokens < 16) {
    return { ok: false, problem: '`maxOutputTokens` must be a whole number of at least 16' };
  }
  return { ok: true, prompt: { id, version, system: system.join('\n\n'), maxOutputTokens } };
}

/** `ask-arbiter@1`: the prompt's id and version, part of the cache key and the log line. */
export function promptRef(prompt: ArbiterPrompt): string {
  return `${prompt.id}@${prompt.version}`;
}

export function buildArbiterRequest(
  prompt: ArbiterPrompt,
  question: Question,
  rules: RuleSet,
  timeoutMs: number,
): ModelRequest {
  const payload = {
    question: {
      kind: question.kind,
      options: question.options,
      recommended: question.recommended,
      facts: question.facts,
    },
    rules: rules.rules.map((r) => ({
      id: r.id,
      kinds: r.kinds,
      verdict: r.verdict,
      text: r.text,
      when: r.when,
    })),
  };
  return {
    promptId: promptRef(prompt),
    system: prompt.system,
    user: canonicalJson(payload),
    schema: { ...ANSWER_SCHEMA },
    schemaName: 'arbiter_answer',
    maxOutputTokens: prompt.maxOutputTokens,
    timeoutMs,
  };
}
