// The awk and sed script checks of the catalogue: what they know safe, and the shapes that must not pass.
import { describe, expect, it } from 'vitest';
import { awkProgramSafe, sedScriptSafe } from './script-languages';

describe('awkProgramSafe', () => {
  it.each([
    ['a field comparison', '$3 > 100 {print $1}'],
    ['a sum', '{ s += $2 } END { print s }'],
    ['a bar and a quote inside a regular expression', '/a|"b/ { n++ } END { print n }'],
    ['a bar inside a string', '{ print $1 "|" $2 }'],
    ['a division', '{ print $1 / 2 }'],
    ['an average', '{ s += $2 } END { print s/NR }'],
    ['a bracket expression holding a slash', '/[/]x/ { print }'],
  ])('knows %s', (_n, program) => {
    expect(awkProgramSafe(program)).toBe(true);
  });

  it.each([
    ['a call of system', 'BEGIN { system("id") }'],
    // White-box review: a quote inside a regular expression shifted the string pairing past the call.
    ['a call hidden by a quote in a regular expression', '/"/{n++} END{system("touch x")} /"/{m++}'],
    ['a pipe hidden by a quote in a regular expression', '/"/{n++} END{print "id" | "sh"} /"/{m++}'],
    ['a redirect hidden by a quote in a regular expression', '/"/{n++} END{print "x" > "f"} /"/{m++}'],
    // White-box review: ARGV rewritten makes awk read a file named at run time.
    ['ARGV rewritten', 'BEGIN{ARGV[1]=sprintf("%c", 47);ARGC=2} {print}'],
    ['ARGC raised', 'BEGIN{ARGC=3} {print}'],
    ['getline from a file', '{ getline x < "f"; print x }'],
    ['an include', '@include "x.awk"'],
    ['an unclosed regular expression', '/abc { print }'],
    // Final read: after `print` a `/` starts a regular expression, whose quote opened no string.
    [
      'a pipe hidden by a regular expression after print',
      '{ print /"/ } END { print "id" | "sh" } { print /"/ }',
    ],
    [
      'a write hidden by a regular expression after print',
      '{ print /"/ } END { printf "" > "f" } { print /"/ }',
    ],
    ['an unclosed string', '{ print "abc }'],
  ])('refuses %s', (_n, program) => {
    expect(awkProgramSafe(program)).toBe(false);
  });
});

describe('sedScriptSafe', () => {
  it.each([
    ['a substitution', 's/a/b/g'],
    ['a range print', '1,5p'],
    ['a delete', '/^#/d'],
    // The sweep of ordinary commands: a `;` and `}` inside an address ended the command there.
    ['a range ending at a line of code', '/describe/,/});/p'],
    ['a separator inside an address', '/a;b/p'],
    ['an execute written inside an address', '/x;e id/p'],
  ])('knows %s', (_n, script) => {
    expect(sedScriptSafe(script)).toBe(true);
  });
  it.each([
    ['a file write', 's/a/b/w out'],
    ['an execute flag', 's/a/b/e'],
    ['a file read', 'r /etc/passwd'],
    ['an execute after an address holding a separator', '/a;b/e id'],
    ['a write after a range of addresses', '/a/,/b;c/w out'],
    ['an address not closed', '/a;e id'],
    ['an address broken by a line', '/a\ne id/p'],
  ])('refuses %s', (_n, script) => {
    expect(sedScriptSafe(script)).toBe(false);
  });
});
