// bash evaluates an array subscript held in a string wherever it reads the string as a variable reference or an
// arithmetic expression (`(( x ))`, `$((x))`, `let`, `test -v`, `unset`, `printf -v`, `read`, `declare`,
// `${!x}`): `x='a[$(cmd)]'` runs cmd there. Such text is analysed as if it ran, wherever it is quoted.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const categories = (command: string) => analyzeShellSync(command, shellEnv()).hits.map((h) => h.category);

beforeAll(async () => {
  await loadShellParser();
});

describe('a subscript with a substitution, held in a string', () => {
  it.each([
    ['arithmetic on a variable', "x='a[$(rm -rf ~)]'; echo $((x))"],
    ['(( ))', "x='a[`rm -rf ~`]'; (( x ))"],
    ['[[ -eq ]]', "x='a[$(rm -rf ~)]'; [[ $x -eq 1 ]]"],
    ['let', "x='a[$(rm -rf ~)]'; let x"],
    ['test -v', "test -v 'a[$(rm -rf ~)]'"],
    ['unset', "unset 'a[$(rm -rf ~)]'"],
    ['printf -v', `x='a[$(rm -rf ~)]'; printf -v "$x" 1`],
    ['an indirect expansion', `x='a[$(rm -rf ~)]'; echo \${!x}`],
    ['a positional parameter', "set -- 'a[$(rm -rf ~)]'; (( $1 ))"],
    // review 25: quotes that split the substitution in the raw text; the word bash reads holds it whole.
    ['test -v, the substitution split by quotes', `test -v 'a[$'"(rm -rf ~)]"`],
    ['test -R, the dollar escaped', 'test -R a[\\$\\(rm\\ -rf\\ ~\\)]'],
    ['wait -p, split by quotes', `sleep 0 & wait -n -p 'a[$'"(rm -rf ~)]"`],
    ['an ANSI-C quoted dollar', "test -v $'a[\\x24(rm -rf ~)]'"],
    ['an assignment read later', `x='a[$'"(rm -rf ~)]"; (( x ))`],
  ])('%s', (_name, command) => {
    expect(categories(command)).toContain('destructive_root_delete');
  });

  it.each([
    ['a bracket in a quoted message', "git commit -m 'fix a[0] bug'"],
    ['a substitution in a quoted message without a subscript', "echo 'run $(date) later'"],
  ])('leaves alone: %s', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });
});
