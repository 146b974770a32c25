// The names read and getopts assign (read-names.ts).
import { describe, expect, it } from 'vitest';
import { NO_FLOW } from './flow';
import { getoptsNames, readNames } from './read-names';

const words = (...texts: string[]) => texts.map((text) => ({ text, flow: NO_FLOW }));

describe('read', () => {
  it.each<[string, string[], string[], boolean]>([
    ['names', ['read', 'a', 'b'], ['a', 'b'], false],
    ['REPLY when none', ['read', '-r'], ['REPLY'], false],
    ['options in a cluster', ['read', '-rs', 'x'], ['x'], false],
    ['a prompt is no name', ['read', '-p', 'name? ', 'n'], ['n'], false],
    ['an attached prompt', ['read', '-pname?', 'n'], ['n'], false],
    ['an array', ['read', '-ra', 'parts'], ['parts'], false],
    ['an array and no REPLY', ['read', '-a', 'parts'], ['parts'], false],
    ['a delimiter', ['read', '-d', '', 'x'], ['x'], false],
    ['another descriptor', ['read', '-u', '3', 'x'], ['x'], true],
    ['after --', ['read', '--', '-x'], ['-x'], false],
  ])('%s', (_n, argv, names, other) => {
    expect(readNames(words(...argv))).toEqual({ names, otherInput: other });
  });
});

describe('getopts', () => {
  it('assigns its second word', () => {
    expect(getoptsNames(words('getopts', 'ab:', 'opt'))).toEqual(['opt']);
  });
  it('nothing without it', () => {
    expect(getoptsNames(words('getopts', 'ab:'))).toEqual([]);
  });
});
