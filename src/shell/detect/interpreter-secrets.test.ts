// A secret handed to an interpreter besides its code (detect-invocation.ts, interpreterSecrets): what runs opens it,
// so it is a secret read as a reader's operand is; inline code and ordinary files are not.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const env = shellEnv();
const categories = (command: string) => analyzeShellSync(command, env).hits.map((h) => h.category);

beforeAll(async () => {
  await loadShellParser();
});

describe('secrets handed to an interpreter', () => {
  it.each([
    ['a requirements file that is a secret (pip prints a bad line)', 'python -m pip install -r .env'],
    ['a test file that is a secret (a syntax error prints it)', 'node --test .env'],
    ['a type check of a key', 'deno check ~/.ssh/id_rsa'],
    ['a permission grant naming a secret', 'deno run --allow-read=.env main.ts'],
    ['a lint of cloud credentials', 'php -l ~/.aws/credentials'],
    ['a module given a secret', 'python3 -m mypy .env.production'],
    ['a workspace script given a key', 'python scripts/load.py ~/.ssh/id_ed25519'],
    ['a shell syntax check of a secret (bash prints the offending line)', 'bash -n .env'],
    ['a shell script given a secret', 'sh scripts/upload.sh ~/.aws/credentials'],
  ])('%s: `%s`', (_name, command) => {
    expect(categories(command)).toContain('secret_material_read');
  });

  it.each([
    ['a requirements file', 'python -m pip install -r requirements.txt'],
    ['a test folder', 'node --test test/'],
    ['a permission grant to a data folder', 'deno run --allow-read=./data main.ts'],
    ['inline code that divides', 'python -c "print(1/2)"'],
    ['an example env file', 'node scripts/check-env.js .env.example'],
    ['a shell syntax check of a script', 'bash -n scripts/deploy.sh'],
    ["a shell's command text is analysed as itself, not as a path", "bash -lc 'ls src/.env.example'"],
  ])('not a secret read: %s: `%s`', (_name, command) => {
    expect(categories(command)).not.toContain('secret_material_read');
  });
});
