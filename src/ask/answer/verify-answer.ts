/**
 * Checks a model's answer in code before it counts: the reply parses as exactly
 * `{ruleId, verdict, option}`, the rule exists, covers the question's kind, has the verdict the model
 * gave, holds for the facts (rule-holds.ts), and an allow takes the recommended option. Then the
 * strictest rule that holds wins, whatever the model cited.
 * Pure. INVARIANT: an answer that fails any check is escalate/invalid-output; nothing is half used,
 * and no part of the reply is ever copied into a reason.
 */

import { isVerdict, type Verdict } from '../../core';
import type { Question } from '../question/parse-question';
import { holdingRules, ruleCovers, rulesVerdict } from '../rules/rule-holds';
import { RULE_ID, type RuleSet } from '../rules/rule-set';

export const ANSWER_FAULTS = [
  'not-json',
  'wrong-shape',
  'unknown-rule',
  'kind-not-covered',
  'verdict-mismatch',
  'conditions-not-holding',
  'not-recommended-option',
] as const;
export type AnswerFault = (typeof ANSWER_FAULTS)[number];

export type Verified =
  | { ok: true; verdict: Verdict; ruleId: string; citedRuleId: string; overruled: boolean }
  | { ok: false; fault: AnswerFault; reason: string };

const FAULT_WORDS: Record<AnswerFault, string> = {
  'not-json': 'the answer is not one JSON object',
  'wrong-shape': 'the answer is not exactly {ruleId, verdict, option}',
  'unknown-rule': 'the answer cites a rule the rules file does not have',
  'kind-not-covered': 'the cited rule does not cover this kind of question',
  'verdict-mismatch': 'the answer gives a verdict other than the cited rule’s',
  'conditions-not-holding': 'the cited rule does not hold for the facts',
  'not-recommended-option': 'the answer allows an option other than the recommended one',
};

const fault = (f: AnswerFault): Verified => ({ ok: false, fault: f, reason: FAULT_WORDS[f] });

/** Verifies a reply given as text: it must be one JSON object and nothing else. */
export function verifyAnswer(text: string, question: Question, rules: RuleSet): Verified {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.trim());
  } catch {
    return fault('not-json');
  }
  return verifyReply(parsed, question, rules);
}

/** Verifies a reply already parsed (by the model runner, which checked its shape too). */
export function verifyReply(parsed: unknown, question: Question, rules: RuleSet): Verified {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fault('not-json');
  const answer = parsed as Record<string, unknown>;
  const keys = Object.keys(answer).sort().join(',');
  if (keys !== 'option,ruleId,verdict') return fault('wrong-shape');
  const { ruleId, verdict, option } = answer;
  if (
    typeof ruleId !== 'string' ||
    !isVerdict(verdict) ||
    typeof option !== 'number' ||
    !Number.isInteger(option)
  ) {
    return fault('wrong-shape');
  }
  const rule = RULE_ID.test(ruleId) ? rules.rules.find((r) => r.id === ruleId) : undefined;
  if (!rule) return fault('unknown-rule');
  if (!ruleCovers(rule, question)) return fault('kind-not-covered');
  if (rule.verdict !== verdict) return fault('verdict-mismatch');
  if (!holdingRules(rules, question).includes(rule)) return fault('conditions-not-holding');
  if (verdict === 'allow' && option !== question.recommended) return fault('not-recommended-option');
  // The cited rule holds; a stricter rule that also holds wins (deny > escalate > allow).
  const strictestHolding = rulesVerdict(rules, question);
  if (strictestHolding.rule && strictestHolding.verdict !== verdict) {
    return {
      ok: true,
      verdict: strictestHolding.verdict,
      ruleId: strictestHolding.rule.id,
      citedRuleId: rule.id,
      overruled: true,
    };
  }
  return { ok: true, verdict, ruleId: rule.id, citedRuleId: rule.id, overruled: false };
}
