// Builds the CLI with esbuild into dist/ (see docs/decisions/0002-bundler.md and 0016-code-splitting.md):
// the entry dist/gavel.mjs (what bin/gavel imports) plus shared chunks dist/chunk-*.mjs and one chunk per
// command (dist/<name>-command-*.mjs), so `gavel hook` loads only the code its command reaches. Everything
// sits flat in dist/ so code that looks beside itself (the .wasm files, the rules/ folder above) finds it.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const OUT = 'dist';

// A stale chunk of an earlier build must not linger beside the new ones: start from an empty folder.
mkdirSync(OUT, { recursive: true });
for (const name of readdirSync(OUT)) rmSync(join(OUT, name), { recursive: true, force: true });

await build({
  entryPoints: { gavel: 'src/surfaces/cli/entry.ts' },
  outdir: OUT,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // Some dependencies are CommonJS and call require(); give every ESM output file one.
  banner: {
    js: "import { createRequire as __gavelCreateRequire } from 'node:module'; const require = __gavelCreateRequire(import.meta.url);",
  },
});

// The shell parser's WASM files sit beside the bundle, where src/shell/load-parser.ts looks first, so an
// installed package needs no node_modules lookup (docs/decisions/0015-shell-parser.md).
copyFileSync('node_modules/web-tree-sitter/web-tree-sitter.wasm', join(OUT, 'web-tree-sitter.wasm'));
copyFileSync('node_modules/tree-sitter-bash/tree-sitter-bash.wasm', join(OUT, 'tree-sitter-bash.wasm'));
