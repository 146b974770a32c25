// A search pattern or sed script given with `-e` (or its long form) is the program's expression: a pattern that
// looks like a secret's name (`.env`, `id_rsa`) names no file the program opens; the files it is given still do.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const categories = (command: string) =>
  [...new Set(analyzeShellSync(command, shellEnv()).hits.map((h) => h.category))].sort();

beforeAll(async () => {
  await loadShellParser();
});

describe('an expression given by option names no file', () => {
  it.each([
    ['rg -e', 'rg -n -e import\\.meta\\.env -- src'],
    ['rg -e twice', 'rg -e foo -e .env src'],
    ['rg --regexp', 'rg --regexp .env src'],
    ['grep in a cluster', "grep -rne '.env' src"],
    ['grep --regexp=', 'grep --regexp=id_rsa -r src'],
    ['sed -e', "sed -e 's/a/.env/' notes.txt"],
    ['sed --expression=', "sed --expression='s/a/.env/' notes.txt"],
  ])('%s', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });
});

describe('the files are still read', () => {
  it.each([
    ['a secret searched with -e', 'rg -e KEY .env'],
    ['a pattern file', 'rg -f .env src'],
    ['a secret after the expression', "sed -e 's/a/b/' .env"],
    ['a secret after --', 'grep -e x -- ~/.ssh/id_rsa'],
    ['jq -e is no expression option', 'jq -e . .env'],
  ])('%s', (_name, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });
});
