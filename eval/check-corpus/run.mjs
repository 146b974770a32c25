// Entry of `npm run eval:check`: bundles the TypeScript runner with esbuild (as the CLI build does), puts the
// parser's .wasm files beside it, and runs it. `--no-peer` skips cc-safety-net.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const out = mkdtempSync(join(tmpdir(), 'gavel-eval-'));
await build({
  entryPoints: [join(root, 'eval/check-corpus/run-check-corpus.ts')],
  outfile: join(out, 'run.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __gavelCreateRequire } from 'node:module'; const require = __gavelCreateRequire(import.meta.url);",
  },
});
copyFileSync(
  join(root, 'node_modules/web-tree-sitter/web-tree-sitter.wasm'),
  join(out, 'web-tree-sitter.wasm'),
);
copyFileSync(
  join(root, 'node_modules/tree-sitter-bash/tree-sitter-bash.wasm'),
  join(out, 'tree-sitter-bash.wasm'),
);
const { main } = await import(pathToFileURL(join(out, 'run.mjs')).href);
await main(root, !process.argv.includes('--no-peer'));
