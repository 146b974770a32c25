// Runs the judge evaluation: bundles eval-judge.ts with esbuild (no TypeScript loader is installed) into
// .tmp/eval-judge/ (inside the checkout, so the bundle resolves node_modules like the CLI does) and runs it. When src/shell/index.ts exists
// (or GAVEL_EVAL_SHELL names a module exporting analyzeShell), shell snippets also go through shell analysis.
// Usage: npm run eval:judge [-- --no-ferret] [-- --write docs/evaluation.md] [-- --verbose]
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const repo = resolve(new URL('../..', import.meta.url).pathname);
const outdir = resolve(repo, '.tmp/eval-judge');
mkdirSync(outdir, { recursive: true });
const banner = {
  js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);",
};
const bundle = async (entryPoints, outfile) =>
  build({
    entryPoints,
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    banner,
  });

await bundle([resolve(repo, 'eval/judge/eval-judge.ts')], resolve(outdir, 'eval-judge.mjs'));
const shellModule = process.env.GAVEL_EVAL_SHELL ?? resolve(repo, 'src/shell/index.ts');
let analyzer;
if (existsSync(shellModule)) {
  await bundle([shellModule], resolve(outdir, 'eval-judge-shell.mjs'));
  analyzer = (await import(pathToFileURL(resolve(outdir, 'eval-judge-shell.mjs')).href)).analyzeShell;
}
const mod = await import(pathToFileURL(resolve(outdir, 'eval-judge.mjs')).href);
process.exitCode = await mod.main(process.argv.slice(2), analyzer);
