/**
 * A guard against a family of tree-sitter-bash mis-parses: a compound command after `!`, `time` or `coproc`
 * (`! if a; then rm -rf ~; fi`, `time { rm -rf ~; }`, `coproc ( rm -rf ~ )`) is read, with no error node, as
 * simple commands named by the keywords (`if`, `then rm -rf ~`, `fi`) or as a command with a subshell for an
 * argument, so the commands bash runs inside are hidden from every detector. bash never runs a program named by
 * an unquoted reserved word, so such a tree is wrong.
 * Pure: reads only the tree.
 */

import type { SyntaxNode } from './syntax-node';

/** bash's reserved words: unquoted in command position they are never a program's name. */
const RESERVED = new Set([
  '!',
  '[[',
  ']]',
  '{',
  '}',
  'case',
  'do',
  'done',
  'elif',
  'else',
  'esac',
  'fi',
  'for',
  'function',
  'if',
  'in',
  'select',
  'then',
  'until',
  'while',
]);

/** Keywords that prefix a pipeline or a compound command; tree-sitter leaves some of their forms a command. */
const PREFIXES = new Set(['time', 'coproc', '!']);

/** Nodes that are whole commands: never an argument of a simple command. */
const COMMANDS = new Set([
  'command',
  'subshell',
  'compound_statement',
  'if_statement',
  'while_statement',
  'for_statement',
  'c_style_for_statement',
  'case_statement',
  'function_definition',
  'negated_command',
  'test_command',
  'pipeline',
  'list',
  'redirected_statement',
  'declaration_command',
  'unset_command',
  'variable_assignments',
]);

/** The text of `node` when it is an unquoted word (`[[` is a concatenation of two `[` words to tree-sitter). */
function bareWord(node: SyntaxNode | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'word') return node.text;
  if (node.type === 'concatenation' && node.namedChildren.every((c) => c?.type === 'word')) return node.text;
  return undefined;
}

function misreadCommand(node: SyntaxNode): boolean {
  const kids = node.namedChildren.filter((c): c is SyntaxNode => c !== null);
  if (kids.some((k) => COMMANDS.has(k.type))) return true;
  const at = kids.findIndex((k) => k.type === 'command_name');
  if (at < 0) return false;
  const name = bareWord((kids[at] as SyntaxNode).namedChildren[0]);
  if (name === undefined) return false;
  if (RESERVED.has(name)) return true;
  if (!PREFIXES.has(name)) return false;
  // `time -p { …; }`, `coproc NAME { …; }`: a keyword among the first words after the prefix.
  return kids
    .slice(at + 1, at + 3)
    .some((k) => RESERVED.has(bareWord(k) ?? '') || bareWord(k) === 'time' || bareWord(k) === 'coproc');
}

/** True when the tree reads a shell keyword as a program, or nests a command in a simple command's words. */
export function misreadsKeywords(root: SyntaxNode): boolean {
  const stack: SyntaxNode[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'command' && misreadCommand(node)) return true;
    for (const k of node.namedChildren) if (k) stack.push(k);
  }
  return false;
}
