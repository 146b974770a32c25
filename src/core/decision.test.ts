import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import { DecisionError, type DecisionInput, decide, NO_POLICY } from './decision';
import { OUTCOMES, verdictOfOutcome } from './outcome';
import { VERDICTS } from './verdict';

const POLICY = { version: 3, sha256: 'a'.repeat(64) };
const base: DecisionInput = {
  verdict: 'allow',
  basis: 'rule',
  reason: 'the rule allows reads',
  policy: POLICY,
};

describe('decide: outcome and verdict', () => {
  it.each([
    ['allow', 'approve'],
    ['escalate', 'escalate'],
    ['deny', 'block'],
  ] as const)('verdict %s without an outcome takes outcome %s', (verdict, outcome) => {
    const decision = decide({ ...base, verdict });
    expect(decision.verdict).toBe(verdict);
    expect(decision.outcome).toBe(outcome);
  });

  const pairs = VERDICTS.flatMap((verdict) => OUTCOMES.map((outcome) => [verdict, outcome] as const));
  const consistent = pairs.filter(([v, o]) => verdictOfOutcome(o) === v);
  const inconsistent = pairs.filter(([v, o]) => verdictOfOutcome(o) !== v);

  it('sorts the 12 pairs into 4 consistent and 8 inconsistent ones', () => {
    expect(consistent).toEqual([
      ['allow', 'approve'],
      ['allow', 'approve_with_flag'],
      ['escalate', 'escalate'],
      ['deny', 'block'],
    ]);
    expect(inconsistent).toHaveLength(8);
  });

  it.each(consistent)('accepts verdict %s with outcome %s', (verdict, outcome) => {
    expect(decide({ ...base, verdict, outcome })).toMatchObject({ verdict, outcome });
  });

  it.each(inconsistent)('throws on verdict %s with outcome %s', (verdict, outcome) => {
    expect(() => decide({ ...base, verdict, outcome })).toThrow(DecisionError);
    expect(() => decide({ ...base, verdict, outcome })).toThrow(
      `outcome \`${outcome}\` does not carry verdict \`${verdict}\``,
    );
  });

  it('gives the error a code', () => {
    try {
      decide({ ...base, verdict: 'deny', outcome: 'approve' });
      expect.unreachable('decide accepted deny with approve');
    } catch (error) {
      expect((error as DecisionError).code).toBe('decision');
    }
  });
});

describe('decide: categories', () => {
  it.each([
    ['none given', undefined, []],
    ['empty', [], []],
    ['sorted', ['net', 'fs-write', 'git'], ['fs-write', 'git', 'net']],
    ['deduplicated', ['git', 'git', 'net', 'git'], ['git', 'net']],
    ['sorted by code unit, upper case first', ['b', 'B', 'a'], ['B', 'a', 'b']],
  ])('%s', (_name, categories, want) => {
    expect(decide({ ...base, ...(categories ? { categories } : {}) }).categories).toEqual(want);
  });

  it('does not sort the caller’s array in place', () => {
    const categories = ['z', 'a'];
    decide({ ...base, categories });
    expect(categories).toEqual(['z', 'a']);
  });

  it('returns a new array, not the caller’s', () => {
    const categories = ['a'];
    const decision = decide({ ...base, categories });
    categories.push('b');
    expect(decision.categories).toEqual(['a']);
  });
});

describe('decide: the record', () => {
  it('holds only the fields given, with ms 0 by default', () => {
    const decision = decide(base);
    expect(decision).toEqual({
      verdict: 'allow',
      outcome: 'approve',
      basis: 'rule',
      reason: 'the rule allows reads',
      categories: [],
      ms: 0,
      policy: POLICY,
    });
    for (const key of ['ruleId', 'risk', 'authorization', 'model'])
      expect(Object.hasOwn(decision, key)).toBe(false);
  });

  it('carries every optional field when given', () => {
    const model = { provider: 'anthropic', model: 'm', tokens: { input: 10, output: 2 }, costUsd: 0.001 };
    const decision = decide({
      ...base,
      verdict: 'deny',
      basis: 'model',
      ruleId: 'R-04',
      risk: 'high',
      authorization: 'low',
      model,
      ms: 12,
    });
    expect(decision).toMatchObject({ ruleId: 'R-04', risk: 'high', authorization: 'low', model, ms: 12 });
  });

  it('is the same canonical record for the same input', () => {
    const input: DecisionInput = { ...base, categories: ['b', 'a', 'b'], risk: 'low' };
    expect(canonicalJson(decide(input))).toBe(canonicalJson(decide({ ...input, categories: ['a', 'b'] })));
  });

  it('NO_POLICY is version 0 with no hash, and frozen', () => {
    expect(NO_POLICY).toEqual({ version: 0, sha256: '' });
    expect(Object.isFrozen(NO_POLICY)).toBe(true);
  });
});
