/**
 * POSIX's `for NAME do ... done` (no `in` list, no separator before `do`: the loop runs over "$@") is valid sh
 * and bash, and generated scripts use it (shell wrappers of build tools), but tree-sitter-bash reads it as an
 * error. The same loop with a `;` after the name means the same to bash and parses: this gives that text, for a
 * second parse when the first one failed. Pure.
 */

/** `for NAME do` at the start of a command (after a line start, an operator or a keyword that opens a list). */
const POSIX_FOR =
  /((?:^|[\n;&|({]|\b(?:do|then|else)\s)[ \t]*for[ \t]+[A-Za-z_][A-Za-z0-9_]*)([ \t\n]+do\b)/g;

/** `text` with `;` after the loop name of every POSIX `for NAME do`, or undefined when it has none. */
export function posixForHeaders(text: string): string | undefined {
  if (!text.includes('for')) return undefined;
  const out = text.replace(POSIX_FOR, '$1;$2');
  return out === text ? undefined : out;
}
