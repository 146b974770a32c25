import { describe, expect, it } from 'vitest';
import shipped from '../../rules/route-signals.json' with { type: 'json' };
import { loadSignalRules, matchPhrases, RouteRulesError } from './signal-rules';

// biome-ignore lint/suspicious/noExplicitAny: a mutable copy of the JSON, broken on purpose
type Rules = any;
const clone = (): Rules => JSON.parse(JSON.stringify(shipped));

describe('loadSignalRules', () => {
  it('loads the shipped rules and their examples hold', () => {
    const rules = loadSignalRules(shipped);
    expect(rules.uncertainty.length).toBeGreaterThan(5);
  });

  it.each([
    [
      'an example that does not hold',
      (d: Rules) => d.examples.push({ text: 'all good', uncertainty: ['not-sure'] }),
      'does not hold',
    ],
    [
      'a bad regular expression',
      (d: Rules) => (d.uncertainty[0].pattern = '(unclosed'),
      'not a valid regular expression',
    ],
    ['an unknown key', (d: Rules) => (d.extra = 1), 'invalid at'],
    ['an unknown floor signal', (d: Rules) => (d.floors['made-up'] = 'block'), 'invalid at `floors'],
    ['an inverted scale', (d: Rules) => (d.scales.size_lines_high = 1), 'high end'],
  ])('refuses %s whole', (_n, mutate, want) => {
    const d = clone();
    mutate(d);
    expect(() => loadSignalRules(d)).toThrow(RouteRulesError);
    expect(() => loadSignalRules(d)).toThrow(want);
  });
});

describe('matchPhrases', () => {
  const rules = loadSignalRules(shipped);
  it.each([
    ['doubt', 'I think this is right but I am not sure', ['i-think', 'not-sure']],
    ['WIP in a title', '[WIP] parser', ['wip']],
    ['untested', 'this is untested', ['untested']],
    ['double-check', 'please double-check the math', ['double-check']],
    ['nothing', 'Fix a typo in the README', []],
    ['no match inside a word', 'wipe the cache; thinking aloud', []],
  ])('%s', (_n, text, want) => {
    expect(
      matchPhrases(rules.uncertainty, text)
        .map((m) => m.id)
        .sort(),
    ).toEqual([...want].sort());
  });

  it('cuts a matched phrase to 40 characters', () => {
    const m = matchPhrases(rules.approvalClaims, `approved by ${'x'.repeat(100)}`);
    expect(m[0]?.match.length).toBeLessThanOrEqual(40);
  });
});
