// Bundles one eval's TypeScript with esbuild as the CLI build does (Node 20, ESM, a `require` for the
// CommonJS dependencies), so plain `node` runs it: no TypeScript loader is installed. Writes only `outfile`.
// `source` is esbuild's `{ entryPoints }` or `{ stdin }`.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export function bundleEval(source, outfile) {
  return build({
    ...source,
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __gavelCreateRequire } from 'node:module'; const require = __gavelCreateRequire(import.meta.url);",
    },
  });
}

/** Puts the shell parser's WASM files beside a bundle in `outDir`, where the bundled loader looks for them. */
export function copyShellParser(root, outDir) {
  copyFileSync(
    join(root, 'node_modules/web-tree-sitter/web-tree-sitter.wasm'),
    join(outDir, 'web-tree-sitter.wasm'),
  );
  copyFileSync(
    join(root, 'node_modules/tree-sitter-bash/tree-sitter-bash.wasm'),
    join(outDir, 'tree-sitter-bash.wasm'),
  );
}

/**
 * Bundles the eval runner `entry` (a path under `root`) into a fresh temp folder with the shell parser beside it and
 * imports it: the module, whose `main` the caller runs.
 */
export async function importEvalRunner(root, entry) {
  const out = mkdtempSync(join(tmpdir(), 'gavel-eval-'));
  await bundleEval({ entryPoints: [join(root, entry)] }, join(out, 'run.mjs'));
  copyShellParser(root, out);
  return import(pathToFileURL(join(out, 'run.mjs')).href);
}
