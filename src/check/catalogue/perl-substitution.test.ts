import { describe, expect, it } from 'vitest';
import { perlSubstitutionsOnly } from './perl-substitution';

describe('perlSubstitutionsOnly', () => {
  it.each([
    ['a word-bounded substitution', 's/\\bfoo\\b/bar/g'],
    ['two statements', 's/a/b/; s/c/d/gi;'],
    ['bracketing delimiters with nesting', 's{a{2}}{b}g'],
    ['bracketing delimiters with a space between', 's{a} {b}'],
    ['a hash delimiter', 's#/usr/local#/opt#g'],
    ['transliteration', 'tr/a-z/A-Z/'],
    ['y with flags', 'y/abc/xyz/d'],
    ['capture groups in the replacement', 's/(\\w+)=(\\w+)/$2=$1/g'],
    ['the whole match', 's/x+/<$&>/'],
    ['an end anchor', 's/\\s+$//'],
    ['an anchor before a bracket or bar', 's/(a$|b$)/c/'],
    ['escaped sigils', 's/\\$HOME/\\@home/'],
    ['a single-quote delimiter turns interpolation off', "s'$x'$y'"],
    ['the r modifier', 's/a/b/r'],
    ['a line filter', 'print if /TODO/'],
    ['a negated filter with m and braces', 'print unless m{^#}i'],
    ['skip then print', 'next if /^\\s*$/; print'],
  ])('%s', (_name, code) => {
    expect(perlSubstitutionsOnly(code)).toBe(true);
  });

  it.each([
    ['the e modifier', 's/x/y/e'],
    ['the ee modifier', 's/x/y/gee'],
    ['array interpolation of code', 's/x/@{[system "id"]}/'],
    ['scalar reference interpolation', 's/x/$' + '{\\ `id`}/'],
    ['code in the pattern', 's/(?{system("id")})x/y/'],
    ['postponed code in the pattern', 's/(??{"x"})/y/'],
    ['a variable in the replacement', 's/x/$ENV{HOME}/'],
    ['a variable in the pattern', 's/$x/y/'],
    ['an array in the replacement', 's/x/a@b/'],
    ['a statement that is not an operator', 's/x/y/; system("id")'],
    ['an unterminated operator', 's/x/y'],
    ['an unknown modifier', 's/x/y/z'],
    ['a modifier on tr that is not one', 'tr/a/b/e'],
    ['a statement modifier', 's/x/y/ for 1..3'],
    ['an empty program', ''],
    ['a non-ASCII character', 's/x/\u00e9/'],
    ['a comment delimiter', 's#x#y# if 1'],
    ['match then substitute in one statement', 's/x/y/ s/a/b/'],
    ['a print to a filehandle', 'print STDERR'],
    ['code in a filter pattern', 'print if /(?{system("id")})/'],
    ['a variable in a filter pattern', 'print if /$x/'],
    ['a call guarded by a match', 'system("id") if /x/'],
    ['next alone', 'next'],
    // White-box review: an element of another variable runs its subscript as code.
    ['an array element subscript after a capture group', 's|(a)|$1[system("id")]|'],
    ['a hash element subscript after a capture group', 's|(a)|$1{system("id")}|'],
    ['an element of the whole match', 's|a|$&[system("id")]|'],
    ['a dereference after a capture group', 's|(a)|$1->[system("id")]|'],
  ])('refuses %s', (_name, code) => {
    expect(perlSubstitutionsOnly(code)).toBe(false);
  });
});
