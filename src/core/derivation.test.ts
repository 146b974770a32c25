import { describe, expect, it } from 'vitest';
import {
  checkDerivationTable,
  DEFAULT_DERIVATION,
  type DerivationTable,
  deriveVerdict,
  type Threshold,
} from './derivation';
import { AUTHORIZATIONS, type Authorization, RISKS, type Risk } from './risk';

const THRESHOLDS: readonly Threshold[] = [...AUTHORIZATIONS, 'never'];

/** Reference derivation, written apart from the code: allow when authorization reaches the threshold. */
function reference(
  table: Record<Risk, Threshold>,
  risk: Risk,
  authorization: Authorization,
): 'allow' | 'deny' {
  const threshold = table[risk];
  if (threshold === 'never') return 'deny';
  return AUTHORIZATIONS.indexOf(authorization) >= AUTHORIZATIONS.indexOf(threshold) ? 'allow' : 'deny';
}

describe('DEFAULT_DERIVATION', () => {
  it('holds the seed values: low >= unknown, medium >= low, high >= medium, critical never', () => {
    expect(DEFAULT_DERIVATION).toEqual({ low: 'unknown', medium: 'low', high: 'medium', critical: 'never' });
  });

  it('is frozen', () => {
    expect(Object.isFrozen(DEFAULT_DERIVATION)).toBe(true);
  });

  // All 16 cells, written out by hand from the seed's table.
  it.each([
    ['low', 'unknown', 'allow'],
    ['low', 'low', 'allow'],
    ['low', 'medium', 'allow'],
    ['low', 'high', 'allow'],
    ['medium', 'unknown', 'deny'],
    ['medium', 'low', 'allow'],
    ['medium', 'medium', 'allow'],
    ['medium', 'high', 'allow'],
    ['high', 'unknown', 'deny'],
    ['high', 'low', 'deny'],
    ['high', 'medium', 'allow'],
    ['high', 'high', 'allow'],
    ['critical', 'unknown', 'deny'],
    ['critical', 'low', 'deny'],
    ['critical', 'medium', 'deny'],
    ['critical', 'high', 'deny'],
  ] as const)('risk %s, authorization %s -> %s', (risk, authorization, want) => {
    expect(deriveVerdict(DEFAULT_DERIVATION, risk, authorization)).toBe(want);
  });

  it('passes its own check unchanged', () => {
    expect(checkDerivationTable(DEFAULT_DERIVATION)).toEqual({ ok: true, table: DEFAULT_DERIVATION });
  });
});

describe('deriveVerdict fails closed', () => {
  it.each([
    ['a threshold the code does not know', 'root'],
    ['a threshold of the wrong case', 'Low'],
    ['a missing threshold', undefined],
  ])('denies on %s', (_name, threshold) => {
    const table = { ...DEFAULT_DERIVATION, low: threshold } as unknown as DerivationTable;
    for (const authorization of AUTHORIZATIONS) {
      expect(deriveVerdict(table, 'low', authorization)).toBe('deny');
    }
  });
});

describe('checkDerivationTable rejects malformed tables', () => {
  const good = { low: 'unknown', medium: 'low', high: 'medium', critical: 'never' };

  it.each([
    ['null', null],
    ['an array', ['unknown', 'low', 'medium', 'never']],
    ['a string', 'low = unknown'],
    ['a number', 4],
    ['undefined', undefined],
    ['a boolean', true],
  ])('not an object: %s', (_name, value) => {
    expect(checkDerivationTable(value)).toEqual({
      ok: false,
      key: '',
      problem: 'must be a table of risk = threshold',
    });
  });

  it.each(RISKS.map((r) => [r]))('missing risk `%s`', (risk) => {
    const table: Record<string, unknown> = { ...good };
    delete table[risk];
    expect(checkDerivationTable(table)).toEqual({ ok: false, key: risk, problem: 'missing' });
  });

  it('an empty table is missing `low` first', () => {
    expect(checkDerivationTable({})).toEqual({ ok: false, key: 'low', problem: 'missing' });
  });

  it.each([
    ['an unknown risk', 'extreme'],
    ['a risk of the wrong case', 'Low'],
    ['an authorization level used as a risk', 'unknown'],
    ['an inherited-looking name', 'toString'],
  ])('extra key: %s', (_name, key) => {
    const result = checkDerivationTable({ ...good, [key]: 'high' });
    expect(result).toEqual({
      ok: false,
      key,
      problem: `unknown risk \`${key}\` (expected one of low, medium, high, critical)`,
    });
  });

  it.each([
    ['a misspelt threshold', 'medum'],
    ['`none` instead of `never`', 'none'],
    ['a threshold of the wrong case', 'Never'],
    ['a number', 2],
    ['null', null],
    ['a boolean', false],
    ['a nested table', { at_least: 'low' }],
    ['a risk name as a threshold', 'critical'],
  ])('unknown threshold: %s', (_name, value) => {
    expect(checkDerivationTable({ ...good, medium: value })).toEqual({
      ok: false,
      key: 'medium',
      problem: 'must be one of unknown, low, medium, high, never',
    });
  });

  it.each([
    [
      'medium needs less than low',
      { low: 'medium', medium: 'low', high: 'high', critical: 'never' },
      'medium',
    ],
    [
      'high needs less than medium',
      { low: 'unknown', medium: 'high', high: 'low', critical: 'never' },
      'high',
    ],
    [
      'critical allows after high never does',
      { low: 'unknown', medium: 'low', high: 'never', critical: 'high' },
      'critical',
    ],
    ['critical needs nothing', { low: 'low', medium: 'low', high: 'low', critical: 'unknown' }, 'critical'],
  ])('non-monotone: %s', (_name, table, key) => {
    expect(checkDerivationTable(table)).toEqual({
      ok: false,
      key,
      problem: 'needs less authorization than a lower risk',
    });
  });

  it('accepts every monotone table of the 625 possible and rejects every other', () => {
    let accepted = 0;
    for (const low of THRESHOLDS)
      for (const medium of THRESHOLDS)
        for (const high of THRESHOLDS)
          for (const critical of THRESHOLDS) {
            const table = { low, medium, high, critical };
            const ranks = RISKS.map((r) => THRESHOLDS.indexOf(table[r]));
            const monotone = ranks.every((rank, i) => i === 0 || rank >= (ranks[i - 1] ?? 0));
            const result = checkDerivationTable(table);
            expect(result.ok, JSON.stringify(table)).toBe(monotone);
            if (!result.ok) continue;
            accepted++;
            for (const risk of RISKS)
              for (const authorization of AUTHORIZATIONS) {
                expect(deriveVerdict(result.table, risk, authorization)).toBe(
                  reference(table, risk, authorization),
                );
              }
          }
    // Non-decreasing sequences of length 4 over 5 values: C(8, 4).
    expect(accepted).toBe(70);
  });
});

describe('a custom table', () => {
  const strict = { low: 'low', medium: 'medium', high: 'high', critical: 'never' };

  it('checks, freezes and copies what it accepts', () => {
    const input = { ...strict };
    const result = checkDerivationTable(input);
    if (!result.ok) throw new Error(`rejected: ${result.key} ${result.problem}`);
    expect(result.table).toEqual(strict);
    expect(Object.isFrozen(result.table)).toBe(true);
    input.low = 'unknown';
    expect(result.table.low).toBe('low');
  });

  it.each(
    RISKS.flatMap((risk) =>
      AUTHORIZATIONS.map((authorization) => [
        risk,
        authorization,
        reference(strict as never, risk, authorization),
      ]),
    ),
  )('strict table: risk %s, authorization %s -> %s', (risk, authorization, want) => {
    const result = checkDerivationTable(strict);
    if (!result.ok) throw new Error('rejected');
    expect(deriveVerdict(result.table, risk as Risk, authorization as Authorization)).toBe(want);
  });

  it('a table where even critical can be authorized allows it at high and nowhere below', () => {
    const result = checkDerivationTable({ low: 'unknown', medium: 'unknown', high: 'low', critical: 'high' });
    if (!result.ok) throw new Error('rejected');
    expect(AUTHORIZATIONS.map((a) => deriveVerdict(result.table, 'critical', a))).toEqual([
      'deny',
      'deny',
      'deny',
      'allow',
    ]);
    expect(deriveVerdict(result.table, 'medium', 'unknown')).toBe('allow');
  });
});
