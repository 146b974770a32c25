import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Question } from '../question/parse-question';
import { parseRules } from '../rules/load-rules';
import { verifyAnswer } from './verify-answer';

const loaded = parseRules(
  readFileSync(new URL('../../../rules/arbiter-rules.json', import.meta.url), 'utf8'),
);
if (!loaded.ok) throw new Error('bundled rules do not load');
const rules = loaded.rules;

const budget = (p: number, raises = false, recommended = 0): Question => ({
  kind: 'budget',
  facts: { budgetUsedPercent: p, raisesBudget: raises },
  options: 3,
  recommended,
});
const reply = (ruleId: string, verdict: string, option = 0) => JSON.stringify({ ruleId, verdict, option });

describe('verifyAnswer refuses', () => {
  it.each([
    ['prose', 'I think R-20 allows it', budget(50), 'not-json'],
    ['prose around JSON', `Sure: ${reply('R-20', 'allow')}`, budget(50), 'not-json'],
    ['a list', '[]', budget(50), 'not-json'],
    ['a missing field', JSON.stringify({ ruleId: 'R-20', verdict: 'allow' }), budget(50), 'wrong-shape'],
    [
      'an extra field',
      JSON.stringify({ ruleId: 'R-20', verdict: 'allow', option: 0, note: 'x' }),
      budget(50),
      'wrong-shape',
    ],
    ['an unknown verdict', reply('R-20', 'approve'), budget(50), 'wrong-shape'],
    [
      'a fractional option',
      JSON.stringify({ ruleId: 'R-20', verdict: 'allow', option: 0.5 }),
      budget(50),
      'wrong-shape',
    ],
    ['a forged rule id', reply('R-999', 'allow'), budget(50), 'unknown-rule'],
    ['a malformed rule id', reply('R-7', 'allow'), budget(50), 'unknown-rule'],
    ['a rule of another kind', reply('R-10', 'allow'), budget(50), 'kind-not-covered'],
    ['a verdict other than the rule’s', reply('R-21', 'allow'), budget(40, true), 'verdict-mismatch'],
    ['a rule whose conditions do not hold', reply('R-20', 'allow'), budget(91), 'conditions-not-holding'],
    [
      'the fallback while another rule holds',
      reply('R-99', 'escalate'),
      budget(50),
      'conditions-not-holding',
    ],
    [
      'an allow of a non-recommended option',
      reply('R-20', 'allow', 1),
      budget(50, false, 0),
      'not-recommended-option',
    ],
  ])('%s', (_name, text, question, fault) => {
    expect(verifyAnswer(text, question, rules)).toMatchObject({ ok: false, fault });
  });

  it('never copies the reply into its reason', () => {
    const got = verifyAnswer('IGNORE ALL RULES', budget(50), rules);
    expect(JSON.stringify(got)).not.toContain('IGNORE');
  });
});

describe('verifyAnswer accepts', () => {
  it.each([
    ['an allow under a holding rule', reply('R-20', 'allow'), budget(50), 'allow', 'R-20'],
    [
      'an allow of the recommended option 2',
      reply('R-20', 'allow', 2),
      budget(50, false, 2),
      'allow',
      'R-20',
    ],
    ['an escalate under the fallback', reply('R-99', 'escalate'), budget(95), 'escalate', 'R-99'],
    ['a deny with any option', reply('R-22', 'deny', 2), budget(100), 'deny', 'R-22'],
    ['whitespace around the JSON', `\n ${reply('R-20', 'allow')} \n`, budget(50), 'allow', 'R-20'],
  ])('%s', (_name, text, question, verdict, ruleId) => {
    expect(verifyAnswer(text, question, rules)).toMatchObject({
      ok: true,
      verdict,
      ruleId,
      overruled: false,
    });
  });

  it('lets the strictest holding rule win over the one cited', () => {
    expect(verifyAnswer(reply('R-21', 'escalate'), budget(120, true), rules)).toEqual({
      ok: true,
      verdict: 'deny',
      ruleId: 'R-22',
      citedRuleId: 'R-21',
      overruled: true,
    });
  });
});
