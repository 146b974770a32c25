// Paths that flow through a pipe: a lister of literal roots (`ls`, `find`, `fd`, `git ls-files`) feeding xargs
// makes its command act on paths at or below those roots; a root of unknown origin leaves them unknown.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const env = shellEnv();
const categories = (command: string) =>
  [...new Set(analyzeShellSync(command, env).hits.map((h) => h.category))].sort();

beforeAll(async () => {
  await loadShellParser();
});

describe('a lister of a secret root feeding xargs reads the secret', () => {
  it.each<[string, string]>([
    ['ls of a key, -I replacement', 'ls ~/.ssh/id_rsa | xargs -I% cat %'],
    ['find of a credentials folder', 'find ~/.aws -type f | xargs cat'],
    ['find -print0 and xargs -0', 'find ~/.aws -type f -print0 | xargs -0 cat'],
    ['fd with a search root', 'fd -e pem . ~/.ssh | xargs cat'],
    ['ls of a secret folder', 'ls ~/.ssh | xargs cat'],
    ['find feeding a copy', 'find ~/.aws | xargs -I{} cp {} /tmp/x'],
    ['xargs -n1', 'find ~/.gnupg -type f | xargs -n1 head'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });
});

describe('workspace roots stay ordinary reads', () => {
  it.each<[string, string]>([
    ['git ls-files into cat', 'git ls-files | xargs cat'],
    ['find of a source folder into wc', "find src -name '*.py' | xargs wc -l"],
    ['ls of the working folder', 'ls | xargs wc -l'],
    ['fd with no root', 'fd -e ts | xargs grep -n TODO'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });
});

describe('lines of unknown origin stay unknown', () => {
  it.each<[string, string]>([
    ['a root from a variable', 'find "$D" | xargs cat'],
    ['find printing a format', "find ~/.aws -printf '%s\\n' | xargs cat"],
    ['xargs reading a file instead of stdin', 'find ~/.aws | xargs -a list.txt cat'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).not.toContain('secret_material_read');
  });
  it('a delete of found files is still a run-time path', () => {
    const a = analyzeShellSync("find . -name '*.orig' | xargs rm -rf", env);
    expect(a.uncertain.map((u) => u.code)).toContain('dynamic-path');
  });
});
