import { describe, expect, it } from 'vitest';
import {
  assertNever,
  isOutcome,
  OUTCOMES,
  type Outcome,
  outcomeOfVerdict,
  outcomeRank,
  strictestOutcome,
  verdictOfOutcome,
} from './outcome';
import { strictest, VERDICTS } from './verdict';

function sequences(max: number): Outcome[][] {
  let level: Outcome[][] = [[]];
  const all: Outcome[][] = [[]];
  for (let n = 1; n <= max; n++) {
    level = level.flatMap((seq) => OUTCOMES.map((o) => [...seq, o]));
    all.push(...level);
  }
  return all;
}

const ORDER: readonly Outcome[] = ['approve', 'approve_with_flag', 'escalate', 'block'];

function expected(outcomes: readonly Outcome[]): Outcome {
  if (outcomes.length === 0) return 'escalate';
  return ORDER[Math.max(...outcomes.map((o) => ORDER.indexOf(o)))] as Outcome;
}

describe('outcomeOfVerdict', () => {
  it.each([
    ['allow', 'approve'],
    ['escalate', 'escalate'],
    ['deny', 'block'],
  ] as const)('%s -> %s', (verdict, outcome) => {
    expect(outcomeOfVerdict(verdict)).toBe(outcome);
  });

  it('maps every verdict to a different outcome', () => {
    expect(new Set(VERDICTS.map(outcomeOfVerdict)).size).toBe(VERDICTS.length);
  });

  it('throws on a value outside the union rather than guessing', () => {
    expect(() => outcomeOfVerdict('maybe' as never)).toThrow(/unexpected value `maybe`/);
  });
});

describe('verdictOfOutcome', () => {
  it.each([
    ['approve', 'allow'],
    ['approve_with_flag', 'allow'],
    ['escalate', 'escalate'],
    ['block', 'deny'],
  ] as const)('%s -> %s', (outcome, verdict) => {
    expect(verdictOfOutcome(outcome)).toBe(verdict);
  });

  it.each(VERDICTS.map((v) => [v]))('round-trips verdict %s through its outcome', (verdict) => {
    expect(verdictOfOutcome(outcomeOfVerdict(verdict))).toBe(verdict);
  });

  it('throws on a value outside the union rather than guessing', () => {
    expect(() => verdictOfOutcome('allow' as never)).toThrow(/unexpected value `allow`/);
  });
});

describe('outcomeRank', () => {
  it('orders approve < approve_with_flag < escalate < block', () => {
    expect(ORDER.map(outcomeRank)).toEqual([0, 1, 2, 3]);
    expect([...OUTCOMES]).toEqual(ORDER);
  });
});

describe('strictestOutcome', () => {
  const cases = sequences(3);

  it('covers 85 sequences (lengths 0 to 3)', () => {
    expect(cases).toHaveLength(1 + 4 + 16 + 64);
  });

  it.each(cases.map((seq) => [seq.length === 0 ? '(none)' : seq.join(', '), seq] as const))(
    'strictestOutcome(%s)',
    (_name, seq) => {
      expect(strictestOutcome(...seq)).toBe(expected(seq));
    },
  );

  it.each(cases.map((seq) => [seq.length === 0 ? '(none)' : seq.join(', '), seq] as const))(
    'agrees with strictest() on verdicts: %s',
    (_name, seq) => {
      expect(verdictOfOutcome(strictestOutcome(...seq))).toBe(strictest(...seq.map(verdictOfOutcome)));
    },
  );

  it.each([
    ['nothing at all escalates', [], 'escalate'],
    ['a flag beats a plain approve', ['approve', 'approve_with_flag'], 'approve_with_flag'],
    ['escalate beats a flag', ['approve_with_flag', 'escalate'], 'escalate'],
    ['block beats everything', ['block', 'escalate', 'approve_with_flag', 'approve'], 'block'],
  ] as const)('%s', (_name, seq, want) => {
    expect(strictestOutcome(...seq)).toBe(want);
  });
});

describe('isOutcome', () => {
  it.each([
    ['approve', true],
    ['approve_with_flag', true],
    ['escalate', true],
    ['block', true],
    ['approve-with-flag', false],
    ['allow', false],
    ['deny', false],
    ['BLOCK', false],
    ['', false],
    [null, false],
    [3, false],
  ])('isOutcome(%j) is %s', (value, want) => {
    expect(isOutcome(value)).toBe(want);
  });
});

describe('assertNever', () => {
  it('throws naming the value', () => {
    expect(() => assertNever('surprise' as never)).toThrow('unreachable: unexpected value `surprise`');
  });
});
