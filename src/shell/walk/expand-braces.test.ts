import { describe, expect, it } from 'vitest';
import { decodeAnsiC } from './decode-word';
import { expandBraces } from './expand-braces';
import { protectQuoted, unprotect } from './markers';

describe('expandBraces', () => {
  it.each<[string, string, string[]]>([
    ['list', 'a{b,c}d', ['abd', 'acd']],
    ['nested', 'x{a,{b,c}}', ['xa', 'xb', 'xc']],
    ['empty member', 'f{,.bak}', ['f', 'f.bak']],
    ['numeric range', 'n{1..3}', ['n1', 'n2', 'n3']],
    ['letter range down', '{c..a}', ['c', 'b', 'a']],
    ['two groups', '{a,b}{1,2}', ['a1', 'a2', 'b1', 'b2']],
    ['no comma is literal', 'stash@{0}', ['stash@{0}']],
    ['quoted braces stay', protectQuoted('{a,b}'), [protectQuoted('{a,b}')]],
  ])('%s', (_name, word, want) => {
    expect(expandBraces(word)).toEqual(want);
  });

  it('caps a hostile word', () => {
    expect(expandBraces('{a,b}'.repeat(20), 256)).toHaveLength(256);
  });

  it('restores quoted characters after expansion', () => {
    expect(unprotect(protectQuoted('*{x,y}?'))).toBe('*{x,y}?');
  });
});

describe('decodeAnsiC', () => {
  it.each<[string, string, string]>([
    ['newline and tab', 'a\\nb\\tc', 'a\nb\tc'],
    ['hex', '\\x2f\\x65tc', '/etc'],
    ['octal', '\\057', '/'],
    ['unicode', '\\u00e9', 'é'],
    ['quote', "\\'", "'"],
    ['unknown escape kept', '\\q', '\\q'],
  ])('%s', (_name, body, want) => {
    expect(decodeAnsiC(body)).toBe(want);
  });
});
