/**
 * What it means for a rule to hold for a question, and which verdict the rules give.
 * Pure: no file, clock or model.
 *
 * - A rule *covers* a question when its `kinds` list the question's kind, or are `["*"]`.
 * - A rule *holds* when it covers the question and every `when` condition is true for the question's
 *   facts. A condition on a fact the question does not carry is false. A rule with no conditions and
 *   named kinds holds for every question of those kinds.
 * - The one exception: a rule for `["*"]` with no conditions is a fallback. It holds only when no
 *   other rule holds, so the final catch-all escalate never outvotes a rule written for the case.
 * - When several rules hold, the strictest verdict wins (deny > escalate > allow); among rules with
 *   that verdict, the first in the file is the one named.
 */

import { strictest, type Verdict } from '../../core';
import type { Facts } from '../question/kinds';
import type { Question } from '../question/parse-question';
import type { Condition, Rule, RuleSet } from './rule-set';

export function conditionHolds(condition: Condition, facts: Facts): boolean {
  const actual = facts[condition.fact];
  if (actual === undefined) return false;
  const want = condition.value;
  if (typeof actual !== typeof want) return false;
  switch (condition.op) {
    case '==':
      return actual === want;
    case '<=':
      return typeof actual === 'number' && actual <= (want as number);
    case '>=':
      return typeof actual === 'number' && actual >= (want as number);
    case '<':
      return typeof actual === 'number' && actual < (want as number);
    case '>':
      return typeof actual === 'number' && actual > (want as number);
    default: {
      const never: never = condition.op;
      throw new Error(`unreachable: operator \`${String(never)}\``);
    }
  }
}

export function ruleCovers(rule: Rule, question: Pick<Question, 'kind'>): boolean {
  return rule.kinds[0] === '*' || (rule.kinds as readonly string[]).includes(question.kind);
}

export function isFallback(rule: Rule): boolean {
  return rule.kinds[0] === '*' && rule.when.length === 0;
}

/** Rules that hold for the question, in file order (fallbacks only when nothing else holds). */
export function holdingRules(rules: RuleSet, question: Pick<Question, 'kind' | 'facts'>): Rule[] {
  const specific = rules.rules.filter(
    (r) =>
      !isFallback(r) && ruleCovers(r, question) && r.when.every((c) => conditionHolds(c, question.facts)),
  );
  if (specific.length > 0) return specific;
  return rules.rules.filter(isFallback);
}

export type RulesVerdict =
  | { verdict: Verdict; rule: Rule; holding: Rule[] }
  | { verdict: 'escalate'; rule?: undefined; holding: [] };

/** The strictest verdict of the holding rules and the first rule that gives it; none holds: escalate. */
export function rulesVerdict(rules: RuleSet, question: Pick<Question, 'kind' | 'facts'>): RulesVerdict {
  const holding = holdingRules(rules, question);
  if (holding.length === 0) return { verdict: 'escalate', holding: [] };
  const verdict = strictest(...holding.map((r) => r.verdict));
  const rule = holding.find((r) => r.verdict === verdict) as Rule;
  return { verdict, rule, holding };
}
