import { describe, expect, it } from 'vitest';
import type { FloorFlags } from '../question/parse-question';
import { checkFloor } from './check-floor';

const clear: FloorFlags = {
  irreversible: false,
  namedAction: false,
  outsideContent: false,
  operatorRefused: false,
  approval: [],
};

describe('checkFloor', () => {
  it.each([
    ['irreversible', { irreversible: true }, ['irreversible']],
    ['a named action', { namedAction: true }, ['named-action']],
    ['outside content', { outsideContent: true }, ['outside-content']],
    ['an operator refusal', { operatorRefused: true }, ['operator-refused']],
    [
      'credentials and publishing',
      { approval: ['credentials', 'publishing'] as const },
      ['approval-credentials', 'approval-publishing'],
    ],
    [
      'every approval class',
      { approval: ['destructive', 'hook', 'always-ask', 'untrusted-origin'] as const },
      ['approval-destructive', 'approval-hook', 'approval-always-ask', 'approval-untrusted-origin'],
    ],
  ])('holds a question flagged %s', (_name, flags, causes) => {
    const got = checkFloor({ ...clear, ...flags }, 'review-auto');
    expect(got).toMatchObject({ held: true, verdict: 'escalate', causes });
  });

  it.each([
    ['refuses in an autonomous run', 'autonomous', 'deny'],
    ['sends to a person in review-auto', 'review-auto', 'escalate'],
    ['sends to a person in ask mode', 'ask', 'escalate'],
  ] as const)('%s', (_name, mode, verdict) => {
    expect(checkFloor({ ...clear, irreversible: true }, mode)).toMatchObject({ held: true, verdict });
  });

  it.each([
    ['no flag set', clear],
    ['no floor given (untagged question)', undefined],
  ])('lets through %s', (_name, flags) => {
    expect(checkFloor(flags, 'autonomous')).toEqual({ held: false });
  });
});
