// Builds the one-file CLI bundle dist/gavel.mjs with esbuild (see docs/decisions/0002-bundler.md).
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/surfaces/cli/entry.ts'],
  outfile: 'dist/gavel.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // Some dependencies are CommonJS and call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __gavelCreateRequire } from 'node:module'; const require = __gavelCreateRequire(import.meta.url);",
  },
});

// The shell parser's WASM files sit beside the bundle, where src/shell/load-parser.ts looks first, so an
// installed package needs no node_modules lookup (docs/decisions/0007-shell-parser.md).
copyFileSync('node_modules/web-tree-sitter/web-tree-sitter.wasm', 'dist/web-tree-sitter.wasm');
copyFileSync('node_modules/tree-sitter-bash/tree-sitter-bash.wasm', 'dist/tree-sitter-bash.wasm');
