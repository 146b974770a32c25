// `eval "$(tool …)"` set-up idioms of well-known tools are known; an eval of anything else stays uncertain
// (issue 11 item 8). Real parser, both quoting forms.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import { isEvalIdiom } from './eval-idioms';

const env = shellEnv();
const analyze = (command: string) => analyzeShellSync(command, env);

beforeAll(async () => {
  await loadShellParser();
});

describe('isEvalIdiom', () => {
  it.each([['$(ssh-agent -s)'], ['`ssh-agent -s`'], ['$(pyenv  init -)'], ['$(brew shellenv)']])(
    '%s',
    (s) => {
      expect(isEvalIdiom(s)).toBe(true);
    },
  );
  it.each([
    ['$(ssh-agent -s; id)'],
    ['$(pyenv init - | sh)'],
    ['$(./pyenv init -)'],
    ['$(cat x)'],
    ['ssh-agent -s'],
  ])('not %s', (s) => {
    expect(isEvalIdiom(s)).toBe(false);
  });
});

describe('eval of a set-up idiom', () => {
  it.each([
    ['ssh-agent', 'eval "$(ssh-agent -s)"'],
    ['ssh-agent unquoted', 'eval $(ssh-agent)'],
    ['ssh-agent in backticks', 'eval `ssh-agent -s`'],
    ['pyenv', 'eval "$(pyenv init -)"'],
    ['direnv', 'eval "$(direnv hook bash)"'],
    ['rbenv', 'eval "$(rbenv init - bash)"'],
    ['fnm', 'eval "$(fnm env --use-on-cd)"'],
    ['conda', 'eval "$(conda shell.bash hook)"'],
    ['homebrew', 'eval "$(/opt/homebrew/bin/brew shellenv)"'],
    ['then a command', 'eval "$(ssh-agent -s)" && ssh-add -l'],
  ])('%s is known', (_name, command) => {
    expect(analyze(command).uncertain).toEqual([]);
  });

  it.each([
    ['a variable', 'eval "$X"'],
    ['a file', 'eval "$(cat payload.sh)"'],
    ['an idiom and more in one substitution', 'eval "$(ssh-agent -s; cat x)"'],
    ['an idiom joined with another output', 'eval "$(ssh-agent -s)$(cat x)"'],
    ['an idiom and another word', 'eval "$(ssh-agent -s)" "$(cat x)"'],
    ['text around the idiom', 'eval "x$(ssh-agent -s)"'],
    ['an idiom piped through a filter', 'eval "$(pyenv init - | sed s/a/b/)"'],
    ['an idiom and code in one string', 'eval "$(pyenv init -); rm -rf ~"'],
    ['a tool from the workspace', 'eval "$(./bin/pyenv init -)"'],
  ])('%s stays uncertain', (_name, command) => {
    expect(analyze(command).uncertain.length + analyze(command).hits.length).toBeGreaterThan(0);
  });

  it('an idiom built with a loader variable is still uncertain', () => {
    expect(analyze('PATH=./evil:$PATH eval "$(ssh-agent -s)"').uncertain.map((u) => u.code)).toContain(
      'dynamic-command',
    );
  });
});
