import { describe, expect, it } from 'vitest';
import { readAdversarialCorpus, readEvalCorpus } from './ask-corpus';

const q = { kind: 'budget' };

describe('readEvalCorpus', () => {
  it('reads cases and skips blank lines', () => {
    const text = `${JSON.stringify({ id: 'a', question: q, expect: 'allow', rule: 'R-20' })}\n\n${JSON.stringify({ id: 'b', question: q, expect: 'deny' })}\n`;
    expect(readEvalCorpus(text)).toEqual({
      ok: true,
      cases: [
        { id: 'a', question: q, expect: 'allow', rule: 'R-20' },
        { id: 'b', question: q, expect: 'deny' },
      ],
    });
  });

  it.each([
    ['a line that is not JSON', '{', 'line 1: is not valid JSON'],
    [
      'a repeated id',
      `${JSON.stringify({ id: 'a', question: q, expect: 'allow' })}\n${JSON.stringify({ id: 'a', question: q, expect: 'allow' })}`,
      'line 2: `id` repeats',
    ],
    ['an unknown verdict', JSON.stringify({ id: 'a', question: q, expect: 'maybe' }), '`expect`'],
    ['a bad rule id', JSON.stringify({ id: 'a', question: q, expect: 'allow', rule: 'R-1' }), '`rule`'],
    ['no question', JSON.stringify({ id: 'a', expect: 'allow' }), '`question` is missing'],
    [
      'an unknown field',
      JSON.stringify({ id: 'a', question: q, expect: 'allow', note: 'x' }),
      'unknown field',
    ],
  ])('refuses %s', (_name, text, problem) => {
    const got = readEvalCorpus(text);
    expect(got.ok).toBe(false);
    if (!got.ok) expect(got.problem).toContain(problem);
  });
});

describe('readAdversarialCorpus', () => {
  it.each([
    [
      'an unknown category',
      JSON.stringify({ id: 'a', category: 'misc', question: q, reply: 'x' }),
      '`category`',
    ],
    [
      'a reply that is neither text nor a failure',
      JSON.stringify({ id: 'a', category: 'floor', question: q, reply: 5 }),
      '`reply`',
    ],
  ])('refuses %s', (_name, text, problem) => {
    const got = readAdversarialCorpus(text);
    expect(!got.ok && got.problem).toContain(problem);
  });

  it('reads a failure reply', () => {
    const got = readAdversarialCorpus(
      JSON.stringify({ id: 'a', category: 'floor', question: q, reply: { fail: 'timeout' } }),
    );
    expect(got.ok && got.cases[0]?.reply).toEqual({ fail: 'timeout' });
  });
});
