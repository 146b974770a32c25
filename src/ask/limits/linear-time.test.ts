import { describe, expect, it } from 'vitest';
import { readEnvelope, readQuestion } from '../question/parse-question';
import { parseRules } from '../rules/load-rules';
import { ASK_INPUT_LIMITS } from './input-limits';

// The question and rules parsers on adversarial text at the size ask accepts (and beyond): sizes at which a
// quadratic step would take hours, so finishing under vitest's default test timeout is the bound.
const N = 4 * ASK_INPUT_LIMITS.question;

describe('ask parses adversarial text in linear time', () => {
  it.each([
    ['a string of backslashes and quotes', { kind: 'budget_overrun', facts: { note: '\\"'.repeat(N / 2) } }],
    ['a kind of a million letters', { kind: 'k'.repeat(N), facts: {} }],
    [
      'a million facts',
      {
        kind: 'budget_overrun',
        facts: Object.fromEntries(Array.from({ length: N / 16 }, (_, i) => [`f${i}`, i])),
      },
    ],
  ])('reads a question with %s and refuses it as data', (_n, raw) => {
    const env = readEnvelope(JSON.parse(JSON.stringify(raw)), 'review-auto');
    if (env.ok) expect(readQuestion(raw as Record<string, unknown>).ok).toBe(false);
  });

  it.each([
    ['a megabyte of brackets', '['.repeat(N)],
    ['a megabyte of newlines then a stray brace', `${'\n'.repeat(N)}}`],
    [
      'a rule text of a million quotes',
      JSON.stringify({
        version: 1,
        rules: [{ id: 'R-01', kinds: ['*'], verdict: 'escalate', text: '"'.repeat(N) }],
      }),
    ],
  ])('refuses a rules file of %s with a position, never its text', (_n, text) => {
    const r = parseRules(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(JSON.stringify(r.problem).length).toBeLessThan(400);
  });
});
