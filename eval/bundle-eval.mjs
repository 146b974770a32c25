// Bundles one eval's TypeScript with esbuild as the CLI build does (Node 20, ESM, a `require` for the
// CommonJS dependencies), so plain `node` runs it: no TypeScript loader is installed. Writes only `outfile`.
// `source` is esbuild's `{ entryPoints }` or `{ stdin }`.
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
