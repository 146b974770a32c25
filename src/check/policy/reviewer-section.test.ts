// The `reviewer` section of rules/check-policy.json, compiled with the policy: the shipped values are the seeds'
// defaults, every bad field makes the file rules-invalid naming its key, and the numbers are in the policy hash.
import { describe, expect, it } from 'vitest';
import { PRESUMPTION_OF_DENIAL } from '../../core';
import { DEFAULT_REVIEWER_POLICY } from '../reviewer/review-input';
import { checkConfig, readRule } from '../testdata/fixtures';
import { compilePolicy } from './compiled-policy';

type PolicyJson = { reviewer: Record<string, unknown> } & Record<string, unknown>;

const shipped = () => readRule('check-policy.json') as PolicyJson;

function compileWith(reviewer: Record<string, unknown>, check = checkConfig()) {
  const policyJson = { ...shipped(), reviewer };
  return compilePolicy({
    policyJson,
    floorJson: readRule('check-floor.json'),
    pathsJson: readRule('check-paths.json'),
    safeJson: readRule('check-safe.json'),
    check,
  });
}

function compiled(reviewer = shipped().reviewer, check = checkConfig()) {
  const r = compileWith(reviewer, check);
  if (!r.ok) throw new Error(r.problem);
  return r.policy;
}

describe('the shipped reviewer section', () => {
  it("equals seed 001's and 004's defaults", () => {
    const { presumptionOfDenial, ...rest } = compiled().reviewer;
    const { presumptionOfDenial: _seed, ...seed } = DEFAULT_REVIEWER_POLICY;
    expect(rest).toEqual(seed);
    expect(rest).toMatchObject({
      posture: 'default',
      contextMode: 'recentContext',
      userTurns: 5,
      timeoutMs: 30_000,
      onTimeout: 'deny',
      breaker: { consecutiveDenials: 3, totalDenials: 10 },
      derivation: { low: 'unknown', medium: 'low', high: 'medium', critical: 'never' },
    });
    // The presumed categories are the policy's own `presume_deny`, which holds the seed's five.
    expect(presumptionOfDenial).toEqual(expect.arrayContaining([...PRESUMPTION_OF_DENIAL]));
  });

  it("reuses the policy's presumed categories, with the config's added", () => {
    const p = compiled(undefined, checkConfig({ presume_deny: ['persistence'] }));
    expect([...p.reviewer.presumptionOfDenial].sort()).toEqual([...p.presumeDeny].sort());
    expect(p.reviewer.presumptionOfDenial).toContain('persistence');
  });

  it.each([
    ['token_budget', { token_budget: 16_000 }],
    [
      'the derivation table',
      { derivation: { low: 'unknown', medium: 'medium', high: 'medium', critical: 'never' } },
    ],
    ['a breaker number', { breaker: { consecutive_denials: 2, total_denials: 10, consecutive_outages: 3 } }],
    ['the posture', { posture: 'strict' }],
  ])("changing %s changes the policy's sha256, not its version", (_name, change) => {
    const base = compiled();
    const changed = compiled({ ...shipped().reviewer, ...change });
    expect(changed.ref.version).toBe(base.ref.version);
    expect(changed.ref.sha256).not.toBe(base.ref.sha256);
  });
});

describe('a bad reviewer section is rules-invalid, naming the key', () => {
  const breaker = { consecutive_denials: 3, total_denials: 10, consecutive_outages: 3 };
  it.each([
    ['an unknown posture', { posture: 'lenient' }, '`reviewer.posture`'],
    ['an unknown context mode', { context_mode: 'everything' }, '`reviewer.context_mode`'],
    ['zero user turns', { user_turns: 0 }, '`reviewer.user_turns`'],
    ['too many user turns', { user_turns: 21 }, '`reviewer.user_turns`'],
    ['a fractional token budget', { token_budget: 1_000.5 }, '`reviewer.token_budget`'],
    ['a tiny token budget', { token_budget: 10 }, '`reviewer.token_budget`'],
    ['a huge output bound', { max_output_tokens: 1_000_000 }, '`reviewer.max_output_tokens`'],
    ['a timeout of 0', { timeout_ms: 0 }, '`reviewer.timeout_ms`'],
    ['a timeout over two minutes', { timeout_ms: 600_000 }, '`reviewer.timeout_ms`'],
    ['allow on timeout', { on_timeout: 'allow' }, '`reviewer.on_timeout`'],
    ['a zero quote length', { min_quote_chars: 0 }, '`reviewer.min_quote_chars`'],
    [
      'a zero breaker',
      { breaker: { ...breaker, consecutive_denials: 0 } },
      '`reviewer.breaker.consecutive_denials`',
    ],
    [
      'a breaker without outages',
      { breaker: { consecutive_denials: 3, total_denials: 10 } },
      '`reviewer.breaker.consecutive_outages`',
    ],
    ['a breaker with an extra key', { breaker: { ...breaker, per_hour: 4 } }, '`reviewer.breaker`'],
    [
      'a total cap below the consecutive one',
      { breaker: { ...breaker, total_denials: 2 } },
      '`reviewer.breaker.total_denials`',
    ],
    [
      'a derivation without critical',
      { derivation: { low: 'unknown', medium: 'low', high: 'medium' } },
      '`reviewer.derivation.critical`',
    ],
    [
      'a derivation with an unknown risk',
      { derivation: { low: 'unknown', medium: 'low', high: 'medium', critical: 'never', extreme: 'never' } },
      '`reviewer.derivation.extreme`',
    ],
    [
      'a derivation with an unknown threshold',
      { derivation: { low: 'unknown', medium: 'low', high: 'some', critical: 'never' } },
      '`reviewer.derivation.high`',
    ],
    [
      'a derivation that is not monotone',
      { derivation: { low: 'unknown', medium: 'low', high: 'medium', critical: 'low' } },
      '`reviewer.derivation.critical`',
    ],
    ['a derivation that is not a table', { derivation: ['never'] }, '`reviewer.derivation`'],
    ['an unknown key', { temperature: 0 }, '`reviewer`'],
  ])('%s', (_name, change, key) => {
    const r = compileWith({ ...shipped().reviewer, ...change });
    expect(r).toMatchObject({ ok: false, basis: 'rules-invalid' });
    if (!r.ok) {
      expect(r.problem).toContain('rules/check-policy.json');
      expect(r.problem).toContain(key);
    }
  });

  it('a policy without a reviewer section is rules-invalid', () => {
    const { reviewer: _dropped, ...rest } = shipped();
    const r = compilePolicy({
      policyJson: rest,
      floorJson: readRule('check-floor.json'),
      pathsJson: readRule('check-paths.json'),
      safeJson: readRule('check-safe.json'),
      check: checkConfig(),
    });
    expect(r).toMatchObject({ ok: false, basis: 'rules-invalid' });
    if (!r.ok) expect(r.problem).toContain('`reviewer`');
  });
});
