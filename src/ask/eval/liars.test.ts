import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRules } from '../rules/load-rules';
import { CLEAR_FLOOR } from '../testdata/question-kit';
import { scriptedReply } from './liars';

const loaded = parseRules(
  readFileSync(new URL('../../../rules/arbiter-rules.json', import.meta.url), 'utf8'),
);
if (!loaded.ok) throw new Error('bundled rules do not load');
const rules = loaded.rules;
const floor = CLEAR_FLOOR;
const question = {
  kind: 'budget',
  facts: { budgetUsedPercent: 95, raisesBudget: false },
  options: 3,
  recommended: 1,
  floor,
};
const parse = (reply: unknown) => (typeof reply === 'string' ? JSON.parse(reply) : reply);

describe('scriptedReply', () => {
  it.each([
    ['honest cites the rule that decides', 'honest', { ruleId: 'R-99', verdict: 'escalate', option: 1 }],
    [
      'liar-allow cites an allow rule of the kind',
      'liar-allow',
      { ruleId: 'R-20', verdict: 'allow', option: 1 },
    ],
    [
      'liar-forged-rule cites a rule that does not exist',
      'liar-forged-rule',
      { ruleId: 'R-999', verdict: 'allow' },
    ],
    [
      'liar-other-kind cites another kind’s allow rule',
      'liar-other-kind',
      { ruleId: 'R-10', verdict: 'allow' },
    ],
    [
      'liar-flipped-verdict keeps the rule and flips the verdict',
      'liar-flipped-verdict',
      { ruleId: 'R-99', verdict: 'allow' },
    ],
    ['liar-other-option allows another option', 'liar-other-option', { verdict: 'allow', option: 2 }],
    ['liar-timeout fails with a timeout', 'liar-timeout', { fail: 'timeout' }],
  ] as const)('%s', (_name, model, want) => {
    expect(parse(scriptedReply(model, question, rules))).toMatchObject(want);
  });

  it('wraps the liar-prose answer in prose', () => {
    const reply = scriptedReply('liar-prose', question, rules);
    expect(typeof reply === 'string' && reply.startsWith('Sure.')).toBe(true);
  });
});
