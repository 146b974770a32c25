import { describe, expect, it } from 'vitest';
import type { Facts, Kind } from '../question/kinds';
import { loadRules } from './load-rules';
import { conditionHolds, holdingRules, rulesVerdict } from './rule-holds';
import type { RuleSet } from './rule-set';

function rules(list: unknown[]): RuleSet {
  const got = loadRules({ version: 1, rules: list });
  if (!got.ok) throw new Error(got.problem.message);
  return got.rules;
}

const fallback = { id: 'R-99', kinds: ['*'], verdict: 'escalate', text: 'A person decides.' };
const budgetAllow = {
  id: 'R-20',
  kinds: ['budget'],
  verdict: 'allow',
  text: 'Allow under 90 percent.',
  when: [{ fact: 'budgetUsedPercent', op: '<=', value: 90 }],
};
const q = (kind: Kind, facts: Facts) => ({ kind, facts });
const budget = (p: number, raises = false) => q('budget', { budgetUsedPercent: p, raisesBudget: raises });

describe('conditionHolds', () => {
  it.each([
    ['== on a boolean', { fact: 'raisesBudget', op: '==', value: false }, true],
    ['== on a boolean that differs', { fact: 'raisesBudget', op: '==', value: true }, false],
    ['<= at the bound', { fact: 'budgetUsedPercent', op: '<=', value: 50 }, true],
    ['< at the bound', { fact: 'budgetUsedPercent', op: '<', value: 50 }, false],
    ['>= at the bound', { fact: 'budgetUsedPercent', op: '>=', value: 50 }, true],
    ['> at the bound', { fact: 'budgetUsedPercent', op: '>', value: 50 }, false],
    ['== on a number', { fact: 'budgetUsedPercent', op: '==', value: 50 }, true],
    ['a fact the question does not carry', { fact: 'filesInScope', op: '>=', value: 0 }, false],
  ] as const)('%s', (_name, condition, want) => {
    expect(conditionHolds(condition, { budgetUsedPercent: 50, raisesBudget: false })).toBe(want);
  });
});

describe('what holds', () => {
  it.each([
    ['a rule whose conditions all hold', [budgetAllow, fallback], budget(50), ['R-20']],
    ['the fallback when nothing else holds', [budgetAllow, fallback], budget(95), ['R-99']],
    [
      'a rule for another kind never',
      [budgetAllow, fallback],
      q('slice_order', { blockersFirst: true, sliceCount: 2 }),
      ['R-99'],
    ],
    [
      'an unconditional rule naming the kind, always',
      [budgetAllow, { id: 'R-21', kinds: ['budget'], verdict: 'deny', text: 'No spending.' }, fallback],
      budget(50),
      ['R-20', 'R-21'],
    ],
    [
      'a `*` rule with conditions like any other rule',
      [
        {
          id: 'R-30',
          kinds: ['*'],
          verdict: 'deny',
          text: 'Over budget.',
          when: [{ fact: 'budgetUsedPercent', op: '>', value: 100 }],
        },
        fallback,
      ],
      budget(120),
      ['R-30'],
    ],
  ])('%s', (_name, list, question, ids) => {
    expect(holdingRules(rules(list), question).map((r) => r.id)).toEqual(ids);
  });

  it('gives the strictest verdict of the holding rules and names the first rule that gives it', () => {
    const set = rules([
      budgetAllow,
      {
        id: 'R-21',
        kinds: ['budget'],
        verdict: 'escalate',
        text: 'Raising needs a person.',
        when: [{ fact: 'raisesBudget', op: '==', value: true }],
      },
      {
        id: 'R-22',
        kinds: ['budget'],
        verdict: 'deny',
        text: 'No raise past 40.',
        when: [
          { fact: 'budgetUsedPercent', op: '>', value: 40 },
          { fact: 'raisesBudget', op: '==', value: true },
        ],
      },
      {
        id: 'R-23',
        kinds: ['budget'],
        verdict: 'deny',
        text: 'Also no.',
        when: [{ fact: 'raisesBudget', op: '==', value: true }],
      },
      fallback,
    ]);
    expect(rulesVerdict(set, budget(50, true))).toMatchObject({ verdict: 'deny', rule: { id: 'R-22' } });
    expect(rulesVerdict(set, budget(30, true))).toMatchObject({ verdict: 'deny', rule: { id: 'R-23' } });
    expect(rulesVerdict(set, budget(30, false))).toMatchObject({ verdict: 'allow', rule: { id: 'R-20' } });
  });

  it('escalates with no rule when none holds and there is no fallback', () => {
    const got = rulesVerdict(rules([budgetAllow]), budget(95));
    expect(got).toEqual({ verdict: 'escalate', holding: [] });
  });
});
