// Builds the one-file CLI bundle dist/gavel.mjs with esbuild (see docs/decisions/0002-bundler.md).
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
