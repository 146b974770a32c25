import { describe, expect, it } from 'vitest';
import {
  AUTHORIZATIONS,
  authorizationRank,
  highestRisk,
  isAuthorization,
  isRisk,
  RISKS,
  type Risk,
  riskRank,
} from './risk';

function sequences(max: number): Risk[][] {
  let level: Risk[][] = [[]];
  const all: Risk[][] = [[]];
  for (let n = 1; n <= max; n++) {
    level = level.flatMap((seq) => RISKS.map((r) => [...seq, r]));
    all.push(...level);
  }
  return all;
}

const ORDER: readonly Risk[] = ['low', 'medium', 'high', 'critical'];

describe('risk and authorization order', () => {
  it('orders risks low < medium < high < critical', () => {
    expect([...RISKS]).toEqual(ORDER);
    expect(ORDER.map(riskRank)).toEqual([0, 1, 2, 3]);
  });

  it('orders authorizations unknown < low < medium < high', () => {
    expect([...AUTHORIZATIONS]).toEqual(['unknown', 'low', 'medium', 'high']);
    expect(AUTHORIZATIONS.map(authorizationRank)).toEqual([0, 1, 2, 3]);
  });
});

describe('highestRisk', () => {
  const cases = sequences(3);

  it.each(cases.map((seq) => [seq.length === 0 ? '(none)' : seq.join(', '), seq] as const))(
    'highestRisk(%s)',
    (_name, seq) => {
      const want = seq.length === 0 ? 'critical' : ORDER[Math.max(...seq.map((r) => ORDER.indexOf(r)))];
      expect(highestRisk(...seq)).toBe(want);
    },
  );

  it.each([
    ['no risk at all is critical, never low', [], 'critical'],
    ['a single low is low', ['low'], 'low'],
    ['the highest wins wherever it stands', ['high', 'low', 'medium'], 'high'],
  ] as const)('%s', (_name, seq, want) => {
    expect(highestRisk(...seq)).toBe(want);
  });
});

describe('isRisk / isAuthorization', () => {
  it.each([
    ['low', true, true],
    ['medium', true, true],
    ['high', true, true],
    ['critical', true, false],
    ['unknown', false, true],
    ['never', false, false],
    ['Low', false, false],
    ['', false, false],
    [null, false, false],
    [undefined, false, false],
    [1, false, false],
    [['low'], false, false],
  ])('%j: risk %s, authorization %s', (value, risk, authorization) => {
    expect(isRisk(value)).toBe(risk);
    expect(isAuthorization(value)).toBe(authorization);
  });
});
