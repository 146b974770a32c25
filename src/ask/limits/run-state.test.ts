import { describe, expect, it } from 'vitest';
import { EMPTY_RUN, readRunState, withCached, withCall } from './run-state';

const key = 'a'.repeat(64);
const entry = { verdict: 'allow', ruleId: 'R-20', provider: 'p', model: 'm' };

describe('run state', () => {
  it('counts calls and keeps cached answers without changing the old state', () => {
    const one = withCached(withCall(EMPTY_RUN), key, entry as never);
    expect(one).toEqual({ calls: 1, cache: { [key]: entry } });
    expect(EMPTY_RUN).toEqual({ calls: 0, cache: {} });
  });

  it.each([
    ['a stored state', { calls: 3, cache: { [key]: entry } }, { calls: 3, cache: { [key]: entry } }],
    ['negative calls', { calls: -1, cache: {} }, undefined],
    ['calls as text', { calls: '3', cache: {} }, undefined],
    ['a key that is not a hash', { calls: 0, cache: { 'budget 85': entry } }, undefined],
    ['an entry with a bad verdict', { calls: 0, cache: { [key]: { ...entry, verdict: 'yes' } } }, undefined],
    ['nothing', null, undefined],
  ])('reads %s', (_name, doc, want) => {
    expect(readRunState(doc)).toEqual(want);
  });
});
