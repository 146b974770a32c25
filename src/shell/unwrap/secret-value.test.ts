// A program given secret material under a name that does not say so (`PORT=$API_KEY printenv PORT`) is uncertain.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const env = shellEnv();
const secretValue = (command: string) =>
  analyzeShellSync(command, env).uncertain.some((u) => u.code === 'secret-value');

beforeAll(async () => {
  await loadShellParser();
});

describe('a variable given secret material under an ordinary name', () => {
  it.each<[string, string]>([
    ['a prefix, printed by name', 'PORT=$API_KEY printenv PORT'],
    ['a prefix of any program', 'TZ=$OPENAI_API_KEY date'],
    ['braces', 'NODE_ENV=${AWS_SECRET_ACCESS_KEY} node app.js'],
    ['part of the value', 'LANG="x-$DB_PASSWORD" sort notes.txt'],
    ['through env', 'env PORT=$API_KEY printenv PORT'],
    ['a variable holding a secret read earlier', 'K=$(cat ~/.ssh/id_rsa); PORT="$K" printenv PORT'],
    ['exported with it', 'export PORT=$API_KEY && printenv PORT'],
    ['declare -x', 'declare -x PORT=$API_KEY; printenv PORT'],
    ['typeset -x', 'typeset -x PORT=$API_KEY; printenv PORT'],
    ['assigned, then exported', 'PORT=$API_KEY; export PORT; printenv PORT'],
    ['readonly, then exported', 'readonly PORT=$API_KEY; export PORT; printenv PORT'],
    ['assigned under set -a', 'set -a; PORT=$API_KEY; printenv PORT'],
  ])('%s: %s', (_name, command) => {
    expect(secretValue(command)).toBe(true);
  });
});

describe('not a secret given under an ordinary name', () => {
  it.each<[string, string]>([
    ['an ordinary value', 'PORT=3000 printenv PORT'],
    ['a secret name says what it holds', 'GH_TOKEN=$GITHUB_TOKEN gh pr list'],
    ['a later ordinary value wins', 'env PORT=$API_KEY PORT=1 printenv PORT'],
    ['no program runs', 'X=$GITHUB_TOKEN'],
    ['a statement assignment is the shell\u2019s own', 'X=$GITHUB_TOKEN; echo ok'],
    ['an ordinary variable', 'PORT=$PORT_BASE npm start'],
    ['kept in the shell, never exported', 'K=$API_KEY; curl -s -o /dev/null http://localhost:8080'],
    ['a local of a function', 'f() { local k=$API_KEY; }; f'],
    ['exported under its own secret name', 'export GH_TOKEN=$GITHUB_TOKEN; gh pr list'],
  ])('%s: %s', (_name, command) => {
    expect(secretValue(command)).toBe(false);
  });
});
