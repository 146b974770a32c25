import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { BASH_WASM, locateWasm, PARSER_WASM } from './load-parser';

const repo = resolve(import.meta.dirname, '../../..');
const made: string[] = [];

async function bundleProbe(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const out = join(dir, 'probe.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, '../testdata/probe-entry.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    // Same banner as scripts/build.mjs: web-tree-sitter calls require() in its Node branch.
    banner: {
      js: "import { createRequire as __c } from 'node:module'; const require = __c(import.meta.url);",
    },
  });
  return out;
}

function run(probe: string, command: string) {
  return spawnSync(process.execPath, [probe, command], { encoding: 'utf8', cwd: tmpdir() });
}

afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

describe('finding the parser wasm at run time', () => {
  it('uses the files beside the bundle, as an installed package has them (no node_modules)', async () => {
    const pkg = mkdtempSync(join(tmpdir(), 'gavel-installed-'));
    made.push(pkg);
    const probe = await bundleProbe(join(pkg, 'dist'));
    for (const file of [PARSER_WASM, BASH_WASM])
      copyFileSync(locateWasm()[file === BASH_WASM ? 'bash' : 'parser'], join(pkg, 'dist', file));
    const r = run(probe, 'rm -rf /');
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(['destructive_root_delete']);
  });

  it('falls back to node_modules in a checkout', async () => {
    mkdirSync(join(repo, '.tmp'), { recursive: true });
    const dir = mkdtempSync(join(repo, '.tmp', 'probe-'));
    made.push(dir);
    const probe = await bundleProbe(dir);
    const r = run(probe, 'git push -f origin main');
    expect(JSON.parse(r.stdout)).toEqual(['history_rewrite_on_shared_ref']);
  });

  it('fails loudly, not silently, when the wasm is nowhere', async () => {
    const pkg = mkdtempSync(join(tmpdir(), 'gavel-broken-'));
    made.push(pkg);
    const probe = await bundleProbe(join(pkg, 'dist'));
    const r = run(probe, 'ls "$(pwd)"'); // a substitution: beyond the fast path, so the parser is needed
    expect(r.status).toBe(3);
    expect(r.stdout).toBe('');
    // A plain command takes the fast path and never needs the .wasm files.
    const plain = run(probe, 'rm -rf /etc');
    expect(plain.status).toBe(0);
    expect(JSON.parse(plain.stdout)).toContain('destructive_root_delete');
  });

  it('locates both files from node_modules when run from source', () => {
    const files = locateWasm();
    expect(files.parser.endsWith(`web-tree-sitter/${PARSER_WASM}`)).toBe(true);
    expect(files.bash.endsWith(`tree-sitter-bash/${BASH_WASM}`)).toBe(true);
  });
});
