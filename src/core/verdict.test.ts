import { describe, expect, it } from 'vitest';
import { isVerdict, strictest, VERDICTS, type Verdict, verdictRank } from './verdict';

/** Every sequence of verdicts of length 0..max, in every order. */
function sequences(max: number): Verdict[][] {
  let level: Verdict[][] = [[]];
  const all: Verdict[][] = [[]];
  for (let n = 1; n <= max; n++) {
    level = level.flatMap((seq) => VERDICTS.map((v) => [...seq, v]));
    all.push(...level);
  }
  return all;
}

/** The rule stated independently of the implementation: deny beats escalate beats allow, nothing is escalate. */
function expected(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes('deny')) return 'deny';
  if (verdicts.includes('escalate')) return 'escalate';
  return verdicts.length === 0 ? 'escalate' : 'allow';
}

describe('strictest', () => {
  const cases = sequences(4);

  it('covers 121 sequences (lengths 0 to 4)', () => {
    expect(cases).toHaveLength(1 + 3 + 9 + 27 + 81);
  });

  it.each(cases.map((seq) => [seq.length === 0 ? '(none)' : seq.join(', '), seq] as const))(
    'strictest(%s)',
    (_name, seq) => {
      expect(strictest(...seq)).toBe(expected(seq));
    },
  );

  it.each([
    ['no verdict at all escalates, never allows', [], 'escalate'],
    ['a single allow allows', ['allow'], 'allow'],
    ['one deny among allows denies', ['allow', 'allow', 'deny', 'allow'], 'deny'],
    ['escalate beats allow', ['allow', 'escalate'], 'escalate'],
    ['deny beats escalate', ['escalate', 'deny'], 'deny'],
  ] as const)('%s', (_name, seq, want) => {
    expect(strictest(...seq)).toBe(want);
  });

  it('accepts a spread array (the rest parameter is readonly and not mutated)', () => {
    const input: Verdict[] = ['deny', 'allow'];
    expect(strictest(...input)).toBe('deny');
    expect(input).toEqual(['deny', 'allow']);
  });
});

describe('verdictRank', () => {
  it.each([
    ['allow', 0],
    ['escalate', 1],
    ['deny', 2],
  ] as const)('%s ranks %i', (verdict, rank) => {
    expect(verdictRank(verdict)).toBe(rank);
  });

  it('lists VERDICTS from least to most strict', () => {
    expect(VERDICTS.map(verdictRank)).toEqual([0, 1, 2]);
  });
});

describe('isVerdict', () => {
  it.each([
    ['allow', true],
    ['deny', true],
    ['escalate', true],
    ['Allow', false],
    [' allow', false],
    ['block', false],
    ['approve', false],
    ['', false],
    [null, false],
    [undefined, false],
    [0, false],
    [['allow'], false],
    [{ verdict: 'allow' }, false],
  ])('isVerdict(%j) is %s', (value, want) => {
    expect(isVerdict(value)).toBe(want);
  });
});
