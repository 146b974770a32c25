// Environment variables bash assigns where no assignment word stands (review 30b): arithmetic, subscripts bash
// evaluates, a redirection's descriptor variable, `wait -p`, `xargs --process-slot-var`. Each was checked with bash
// 5.2 / GNU xargs 4.9 by the reviewer: PATH became a number and `./0/ls` ran. Through the real analyzer.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import { hiddenAssignments } from './hidden-assignments';

beforeAll(async () => {
  await loadShellParser();
});

const reasons = (command: string) => analyzeShellSync(command, shellEnv()).uncertain.map((u) => u.reason);

describe('an environment variable assigned with no assignment word is uncertain', () => {
  it.each([
    ['an arithmetic command', '(( PATH=0 )); ls', 'PATH'],
    ['spaces and an operator', '(( HOME += 1 )); git status', 'HOME'],
    ['an arithmetic expansion', 'echo $(( PATH=0 )); ls', 'PATH'],
    ['the old expansion', 'echo $[PATH=0]; ls', 'PATH'],
    ['an increment', '(( PATH++ )); ls', 'PATH'],
    ['a pre-increment', ': $(( ++PATH )); ls', 'PATH'],
    ['a [[ ]] arithmetic operand', '[[ 1 -eq PATH=0 ]]; ls', 'PATH'],
    ['test -v of a subscript', 'test -v "a[PATH=0]"; ls', 'PATH'],
    ['[[ -v ]] of a subscript', '[[ -v a[PATH=0] ]]; ls', 'PATH'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash's syntax, not a template
    ['a subscript in an expansion', 'echo ${a[PATH=0]}; ls', 'PATH'],
    ['an array literal subscript', 'x=( [HOME=0]=1 ); git status', 'HOME'],
    ['a descriptor variable', ': {PATH}>/dev/null; ls', 'PATH'],
    ['a descriptor variable of an input', 'true {PATH}<README.md; ls', 'PATH'],
    ['wait -p', 'sleep 0 & wait -n -p PATH; ls', 'PATH'],
    ["xargs' slot variable", 'echo a | xargs --process-slot-var=PATH ls', 'PATH'],
    ["npm's settings in lower case", '(( npm_config_script_shell=0 )); npm test', 'npm_config_script_shell'],
  ])('%s: %s', (_n, command, name) => {
    expect(hiddenAssignments(command)).toContain(name);
    expect(reasons(command).join(' ')).toContain(`assigns \`${name}\``);
  });

  it.each([
    ['a loop counter', 'for ((i=0;i<3;i++)); do echo $i; done'],
    ['a comparison', '(( COUNT > 3 )) && echo many'],
    ['an equality test', '[[ $X == 1 ]] && echo one'],
    ['printing an assignment', 'echo "PATH=$PATH"'],
    ['a bracket expression', "grep -E '[A-Z_]+=' README.md"],
    ['a test of two strings', '[ "$a" = "$b" ] && echo same'],
    ['a plain assignment is the walker’s', 'NODE_ENV=test npm test'],
  ])('quiet: %s: %s', (_n, command) => {
    expect(hiddenAssignments(command)).toEqual([]);
  });
});

// biome-ignore-start lint/suspicious/noTemplateCurlyInString: bash's syntax, not templates
describe('a variable the line sets to text, evaluated as arithmetic, is uncertain (review 30c, checked with bash 5.2)', () => {
  it.each([
    ['a value read from a file', 'read -r x < cfg.txt; (( x )); ls', 'x'],
    ['a file read into it', 'x=$(<cfg.txt); (( x > 0 )); ls', 'x'],
    ['a name expanded', 'x=PATH; (( $x=0 )); ls', 'x'],
    ['a name expanded in braces', 'x=PATH; (( ${x}=0 )); ls', 'x'],
    ['a [[ ]] comparison', "x='PATH=0'; [[ $x -eq 0 ]]; ls", 'x'],
    ['a subscript', "x='PATH=0'; echo ${a[x]}; ls", 'x'],
    ['a substring offset', "x='PATH=0'; s=abc; echo ${s:x}; ls", 'x'],
    ['a number, then a value read', 'n=0; read -r n < cfg.txt; (( n )); ls', 'n'],
  ])('%s: %s', (_n, command, name) => {
    expect(reasons(command).join(' ')).toContain(`evaluates \`${name}\` as arithmetic`);
  });
  it('a quoted name assigned in arithmetic', () => {
    expect(hiddenAssignments('(( "PATH"=0 )); ls')).toEqual(['PATH']);
  });
  it.each([
    ['a counter set to a number', 'i=0; while (( i < 3 )); do (( i++ )); done'],
    [
      'a string test is no arithmetic',
      'a=$(git rev-parse HEAD); b=$(git rev-parse main); [ "$a" = "$b" ] && echo same',
    ],
    ['a default value is no offset', 'x=$(cat f); echo ${x:-none}'],
  ])('quiet: %s: %s', (_n, command) => {
    expect(reasons(command).join(' ')).not.toContain('as arithmetic');
  });
});
// biome-ignore-end lint/suspicious/noTemplateCurlyInString: bash's syntax, not templates
