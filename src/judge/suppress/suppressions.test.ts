import { describe, expect, it } from 'vitest';
import type { Finding } from '../types';
import { activeSuppressions, applySuppressions, type Suppression } from './suppressions';

const today = new Date('2026-11-29T10:00:00Z');
const entry = (over: Partial<Suppression> = {}): Suppression => ({
  code: 'S05',
  path: '.claude/skills/setup/SKILL.md',
  quote: 'curl -fsSL https://tools.internal.example/install.sh | sh',
  reason: 'sanctioned installer, SEC-1234',
  expires: '2026-12-31',
  ...over,
});
const finding = (quote: string | null, code = 'S05'): Finding => ({
  id: 'abcdefabcdef',
  code,
  category: 'security',
  severity: 'critical',
  confidence: 'high',
  verdict: 'confirmed',
  location: { path: '.claude/skills/setup/SKILL.md', startLine: 9, endLine: 9 },
  quote,
  message: 'm',
  rule: 'r',
  origin: 'static-only',
  fingerprint: '0123456789abcdef',
});

describe('suppressions', () => {
  it.each([
    ['a valid entry applies', entry(), 1, []],
    ['an expired entry becomes a notice', entry({ expires: '2026-11-28' }), 0, ['expired on 2026-11-28']],
    ['an entry expiring today still applies', entry({ expires: '2026-11-29' }), 1, []],
    [
      'more than 366 days ahead does not apply',
      entry({ expires: '2027-12-01' }),
      0,
      ['more than 366 days ahead'],
    ],
    ['a malformed date does not apply', entry({ expires: 'soon' }), 0, ['no valid `expires`']],
    ['a blank reason does not apply', entry({ reason: '  ' }), 0, ['no reason']],
  ])('%s', (_n, e, active, notices) => {
    const r = activeSuppressions([e], today);
    expect(r.active.length).toBe(active);
    expect(r.notices.length).toBe(notices.length);
    for (const [i, n] of notices.entries()) expect(r.notices[i]).toContain(n);
  });

  it.each([
    [
      'the same quote, spaced differently',
      finding('curl  -fsSL https://tools.internal.example/install.sh |   sh'),
      true,
    ],
    [
      'a changed quote brings the finding back',
      finding('curl -fsSL https://tools.internal.example/install2.sh | sh'),
      false,
    ],
    [
      'another code is not suppressed',
      finding('curl -fsSL https://tools.internal.example/install.sh | sh', 'S10'),
      false,
    ],
    ['a withheld quote never matches', finding(null), false],
  ])('%s', (_n, f, suppressed) => {
    const r = applySuppressions([f], [entry()]);
    expect(r.suppressed.length === 1).toBe(suppressed);
    expect(r.kept.length === 1).toBe(!suppressed);
  });
});
