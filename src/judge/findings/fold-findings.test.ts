import { describe, expect, it } from 'vitest';
import type { Finding } from '../types';
import { foldPerRule } from './fold-findings';

const f = (code: string, rule: string, line: number, over: Partial<Finding> = {}): Finding => ({
  id: `${code}${line}`,
  code,
  category: 'security',
  severity: 'medium',
  confidence: 'high',
  verdict: 'confirmed',
  location: { path: 's/SKILL.md', startLine: line, endLine: line },
  quote: 'x',
  message: 'the same issue',
  rule,
  origin: 'static-only',
  fingerprint: `${code}${line}`,
  ...over,
});

describe('one finding per check per unit', () => {
  it('folds twelve identical findings into the strictest one, listing the other lines', () => {
    const many = Array.from({ length: 12 }, (_, i) => f('S07', 'pattern:shell-upload', i + 1));
    many[5] = f('S07', 'pattern:shell-upload', 6, { severity: 'high' });
    const out = foldPerRule(many);
    expect(out).toHaveLength(1);
    expect(out[0]?.location.startLine).toBe(6);
    expect(out[0]?.severity).toBe('high');
    expect(out[0]?.message).toBe('the same issue (also at 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12)');
  });

  it('keeps different checks, other files by path, and never folds a reviewer finding', () => {
    const out = foldPerRule([
      f('S07', 'pattern:shell-upload', 3),
      f('S07', 'pattern:shell-upload', 9, { location: { path: 's/ref.md', startLine: 9, endLine: 9 } }),
      f('S06', 'pattern:ssh-material', 4),
      f('G01', 'reviewer:governance', 5, { origin: 'reviewer' }),
      f('G01', 'reviewer:governance', 6, { origin: 'reviewer' }),
    ]);
    expect(out.map((x) => `${x.code}:${x.location.startLine} ${x.message}`)).toEqual([
      'S07:3 the same issue (also at s/ref.md:9)',
      'S06:4 the same issue',
      'G01:5 the same issue',
      'G01:6 the same issue',
    ]);
  });
});
