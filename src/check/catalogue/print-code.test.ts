// Inline code of command languages read as a print of computed literals: the shapes known inert and the ones an
// attacker would use to reach a process, a file or the environment through the same languages.
import { describe, expect, it } from 'vitest';
import { type PrintLanguage, printCodeInert } from './print-code';

describe('print-only inline code of command languages', () => {
  it.each([
    ['r', 'print(1+1)'],
    ['r', 'cat(paste0("n=", sum(1:10)), "\\n")'],
    ['julia', 'println(1+1)'],
    ['julia', 'println(sum([1, 2, 3]))'],
    ['php', 'echo PHP_VERSION;'],
    ['php', 'echo json_encode([1, 2]), PHP_EOL;'],
    ['perl', 'print uc("x")'],
    ['perl', 'print "a" . "b", "\\n"'],
  ] as [PrintLanguage, string][])('known inert: %s %s', (lang, code) => {
    expect(printCodeInert(code, lang)).toBe(true);
  });

  it.each([
    ['r', 'system("id")', 'a function not on the list'],
    ['r', '"system"("id")', 'a string called as the function it names'],
    ['r', 'x <- 1', 'a variable'],
    ['r', 'print(Sys.getenv())', 'a dotted name not on the list'],
    ['r', 'cat(1, file="out")', 'a named argument that writes a file'],
    ['r', 'print(`system`)', 'a backquoted name'],
    ['julia', 'run(`id`)', 'a command literal'],
    ['julia', 'println("$(ENV)")', 'string interpolation'],
    ['julia', '@eval 1', 'a macro'],
    ['julia', 'Base.run(1)', 'member access'],
    ['php', 'system("id");', 'a function not on the list'],
    ['php', 'echo `id`;', 'a backtick shell command'],
    ['php', '("system")("id");', 'a parenthesised string called'],
    ['php', '["system"][0]("id");', 'an array element called'],
    ['php', '$f = "x";', 'a variable'],
    ['php', 'echo "{$x}";', 'an interpolating string'],
    ['perl', 'system("id")', 'a function not on the list'],
    ['perl', 'print `id`', 'a backtick command'],
    ['perl', 'print "@{[ qx(id) ]}"', 'interpolation of an array expression'],
    ['perl', 'print STDERR 1', 'a filehandle'],
    ['perl', '"main"->can("x")', 'a method call'],
    ['perl', 'print # comment', 'a comment'],
    ['perl', 'print "\u00e9"', 'a non-ASCII character'],
  ] as [PrintLanguage, string, string][])('not known: %s %s (%s)', (lang, code) => {
    expect(printCodeInert(code, lang)).toBe(false);
  });
});
