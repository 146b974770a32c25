import { describe, expect, it } from 'vitest';
import { EXIT, EXIT_HELP, exitForOutcome } from './exit-codes';
import { OUTCOMES } from './outcome';

describe('EXIT', () => {
  it('holds the documented codes', () => {
    expect(EXIT).toEqual({
      ok: 0,
      internal: 1,
      usage: 2,
      configInvalid: 3,
      nothingFound: 4,
      deny: 10,
      escalate: 11,
      flag: 12,
    });
  });

  it('gives every name its own code', () => {
    const codes = Object.values(EXIT);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('keeps decision codes apart from the error codes a shell or Node may use (0-3)', () => {
    for (const code of [EXIT.deny, EXIT.escalate, EXIT.flag]) expect(code).toBeGreaterThanOrEqual(10);
  });
});

describe('EXIT_HELP', () => {
  it('documents every code exactly once, in ascending order', () => {
    const codes = EXIT_HELP.map(([code]) => code);
    expect(codes).toEqual([...Object.values(EXIT)].sort((a, b) => a - b));
  });

  it.each(EXIT_HELP.map(([code, text]) => [code, text]))(
    'code %i has a one-line description',
    (_code, text) => {
      expect(text).toMatch(/^[a-z][^\n]*[^.]$/);
    },
  );
});

describe('exitForOutcome', () => {
  it.each([
    ['approve', 0],
    ['approve_with_flag', 12],
    ['escalate', 11],
    ['block', 10],
  ] as const)('%s exits %i', (outcome, code) => {
    expect(exitForOutcome(outcome)).toBe(code);
  });

  it('never gives a withheld decision the success code', () => {
    for (const outcome of OUTCOMES) {
      if (outcome !== 'approve') expect(exitForOutcome(outcome)).not.toBe(EXIT.ok);
    }
  });
});
