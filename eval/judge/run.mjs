// Runs the judge evaluation: bundles eval-judge.ts with esbuild (no TypeScript loader is installed) and runs it.
// Usage: npm run eval:judge [-- --no-ferret] [-- --write docs/evaluation.md]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const dir = mkdtempSync(join(tmpdir(), 'gavel-eval-judge-'));
const outfile = join(dir, 'eval-judge.mjs');
await build({
  entryPoints: [new URL('./eval-judge.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
});
try {
  const mod = await import(pathToFileURL(outfile).href);
  process.exitCode = await mod.main(process.argv.slice(2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
