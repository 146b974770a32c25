// The corpora's dangerous cases written into a runner's file and run by it (script-hosts.ts): an npm script and a
// lifecycle script, pnpm, yarn, bun, a Makefile recipe, a justfile, a Taskfile, composer, deno, pdm and hatch scripts,
// a shell script run or sourced. Under the default `literal` none with a category is allowed; under `strict` none that
// is not allowed directly. Measured 0 of 37,950 once `yarn check` read a `check` script (2026-12-03).
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../src/shell';
import { blockedCases } from './run-indirections';
import { hostWhere, scriptHostLeaks } from './run-script-hosts';
import { SCRIPT_HOSTS } from './script-hosts';

const root = fileURLToPath(new URL('../../', import.meta.url));

beforeAll(async () => {
  await loadShellParser();
});

describe('script hosts', () => {
  it("writes make's dollar signs doubled and each host's files under the workspace", () => {
    const make = SCRIPT_HOSTS.find((h) => h.name === 'make');
    expect(make?.files('echo $HOME')).toEqual({ Makefile: 'all:\n\techo $$HOME\n' });
    const npm = SCRIPT_HOSTS.find((h) => h.name === 'npm test');
    const where = hostWhere(npm?.files('ls') ?? {});
    expect([...(where.files?.keys() ?? [])]).toEqual(['/home/dev/work/app/package.json']);
  });

  it('a runner never lets through what its file holds', async () => {
    const { leaks, checked } = await scriptHostLeaks(root, blockedCases(root));
    expect(checked).toBeGreaterThan(10_000);
    expect(leaks).toEqual([]);
  }, 900_000);
});
