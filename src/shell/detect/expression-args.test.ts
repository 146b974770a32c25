// An expression a program evaluates (a jq filter, a sed script, a grep pattern) is no file it reads: a
// filter ending in `.key` is not secret material; the files after it still are.
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../analyze-shell';
import { shellEnv } from '../testdata/shell-env';

const secretRead = async (cmd: string) =>
  (await analyzeShell(cmd, shellEnv())).hits.some((h) => h.category === 'secret_material_read');

describe('expression arguments are not files', () => {
  it.each([
    ['a jq filter ending in .key', `jq -r '.key' "$F"`],
    ['a jq filter fed by process substitution', `mapfile K < <(jq -r 'to_entries[] | .key' "$RULES")`],
    ['a bare jq filter .key', 'jq -r .key settings.json'],
    ['a grep pattern naming a key file', 'grep -n server.key README.md'],
    ['a sed script ending in .pem', `sed 's/old/new.pem/' notes.txt`],
  ])('%s: no secret read', async (_name, cmd) => {
    expect(await secretRead(cmd)).toBe(false);
  });
  it.each([
    ['jq on a private key after its filter', `jq -r '.key' ~/.ssh/id_rsa`],
    ['grep through ssh keys', 'grep -r BEGIN ~/.ssh'],
    ['grep -e: the first positional is a file', 'grep -e BEGIN id_rsa'],
    ['cat of a key file', 'cat server.key'],
    ['cat of a .env file', 'cat .env'],
  ])('%s: still a secret read', async (_name, cmd) => {
    expect(await secretRead(cmd)).toBe(true);
  });
});
