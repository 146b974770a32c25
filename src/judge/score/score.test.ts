import { describe, expect, it } from 'vitest';
import type { Confidence, Finding, JudgeCategory, Severity } from '../types';
import { categoryScore } from './category-score';
import { defaultGate, formatGate, parseFailOn } from './fail-on';
import { runDecision, unitStatus } from './unit-status';

const f = (
  severity: Severity,
  confidence: Confidence = 'high',
  category: JudgeCategory = 'security',
): Finding => ({
  id: '000000000000',
  code: 'S05',
  category,
  severity,
  confidence,
  verdict: 'confirmed',
  location: { path: 'a.md', startLine: 1, endLine: 1 },
  quote: 'q',
  message: 'm',
  rule: 'r',
  origin: 'static-only',
  fingerprint: '0000000000000000',
});

describe('categoryScore', () => {
  it.each([
    ['no findings', [], 100],
    ['one critical, high confidence', [f('critical')], 60],
    ['one high, medium confidence', [f('high', 'medium')], 88],
    ['one medium, low confidence', [f('medium', 'low')], 97.6],
    ['decay 1, 0.5, 0.25 on sorted deductions', [f('medium'), f('critical'), f('high')], 100 - 40 - 10 - 2],
    [
      'a fourth deduction adds nothing',
      [f('critical'), f('critical'), f('critical'), f('critical')],
      100 - 40 - 20 - 10,
    ],
    ['info costs nothing', [f('info')], 100],
  ])('%s → %s', (_n, findings, want) => {
    expect(categoryScore(findings, true)).toBe(want);
  });

  it('is null for a category that did not run, never 100', () => expect(categoryScore([], false)).toBeNull());
});

describe('parseFailOn', () => {
  it('defaults to security:high, governance:high, quality:none', () => {
    expect(formatGate(defaultGate())).toEqual(['security:high', 'governance:high', 'quality:none']);
  });

  it.each([
    [
      'one category, the others keep their default',
      ['security:medium'],
      ['security:medium', 'governance:high', 'quality:none'],
    ],
    [
      'comma lists and repeats',
      ['quality:low,governance:none'],
      ['security:high', 'governance:none', 'quality:low'],
    ],
    [
      'score for every category',
      ['score:70'],
      [
        'security:high',
        'security:score:70',
        'governance:high',
        'governance:score:70',
        'quality:none',
        'quality:score:70',
      ],
    ],
    [
      'score for one category',
      ['quality:score:80'],
      ['security:high', 'governance:high', 'quality:none', 'quality:score:80'],
    ],
    [
      'the last entry wins on the command line',
      ['security:low', 'security:critical'],
      ['security:critical', 'governance:high', 'quality:none'],
    ],
  ])('%s', (_n, entries, want) => {
    const r = parseFailOn(entries);
    expect(r.ok && formatGate(r.gate)).toEqual(want);
  });

  it('keeps the strictest entry when config layers merge', () => {
    const r = parseFailOn(['security:critical', 'security:medium', 'score:60', 'score:80'], {
      strictest: true,
    });
    expect(r.ok && formatGate(r.gate)).toEqual([
      'security:medium',
      'security:score:80',
      'governance:high',
      'governance:score:80',
      'quality:none',
      'quality:score:80',
    ]);
  });

  it.each([['security:severe'], ['speed:high'], ['score:abc'], ['security:score:101']])(
    'refuses %s',
    (entry) => {
      expect(parseFailOn([entry]).ok).toBe(false);
    },
  );
});

describe('unit status and run decision', () => {
  const scores = { security: 100, governance: null, quality: 100 };
  const base = { scores, gate: defaultGate(), skipped: false, error: false, withheld: false, gaps: 0 };
  it.each([
    ['a high security finding fails', { ...base, findings: [f('high')] }, 'fail'],
    ['a medium security finding warns', { ...base, findings: [f('medium')] }, 'warn'],
    ['a quality finding is advice', { ...base, findings: [f('critical', 'high', 'quality')] }, 'warn'],
    ['nothing found passes', { ...base, findings: [] }, 'pass'],
    ['info findings alone still pass', { ...base, findings: [f('info')] }, 'pass'],
    ['a gap makes it partial, never pass', { ...base, findings: [], gaps: 1 }, 'partial'],
    ['a credential withholds it', { ...base, findings: [], withheld: true }, 'withheld_secret'],
    ['a broken stage is an error', { ...base, findings: [], error: true }, 'error'],
    [
      'a score below the gate fails',
      {
        ...base,
        findings: [f('medium')],
        scores: { ...scores, security: 92 },
        gate: { ...defaultGate(), minScore: { security: 95 } },
      },
      'fail',
    ],
  ])('%s', (_n, input, want) => {
    expect(unitStatus(input).status).toBe(want);
  });

  it.each([
    [
      'any gated unit fails the run',
      [
        { status: 'withheld_secret', gated: true },
        { status: 'pass', gated: false },
      ],
      'fail',
    ],
    [
      'a partial unit leaves it incomplete',
      [
        { status: 'partial', gated: false },
        { status: 'pass', gated: false },
      ],
      'incomplete',
    ],
    ['an error leaves it incomplete', [{ status: 'error', gated: false }], 'incomplete'],
    [
      'warnings and passes pass',
      [
        { status: 'warn', gated: false },
        { status: 'skipped', gated: false },
      ],
      'pass',
    ],
  ] as const)('%s', (_n, units, want) => {
    expect(runDecision(units)).toBe(want);
  });
});
