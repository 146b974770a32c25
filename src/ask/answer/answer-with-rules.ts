/**
 * The embedded answerer: the deterministic evaluator of the rules file (`--model rules`), so the
 * arbiter works with no model at all. Pure.
 */

import type { RunState } from '../limits/run-state';
import type { Question } from '../question/parse-question';
import { rulesVerdict } from '../rules/rule-holds';
import type { RuleSet } from '../rules/rule-set';
import type { Settled } from './settled';

export function answerWithRules(question: Question, rules: RuleSet, run: RunState): Settled {
  const got = rulesVerdict(rules, question);
  if (!got.rule) {
    return {
      verdict: 'escalate',
      basis: 'rule',
      reason: `no rule holds for this \`${question.kind}\` question, so a person decides`,
      run,
    };
  }
  const others = got.holding.length > 1 ? ` (strictest of ${got.holding.map((r) => r.id).join(', ')})` : '';
  return {
    verdict: got.verdict,
    basis: 'rule',
    ruleId: got.rule.id,
    reason: `rule ${got.rule.id} holds for this \`${question.kind}\` question: ${got.verdict}${others}`,
    run,
  };
}
