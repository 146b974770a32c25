// Runs the judge evaluation: bundles eval-judge.ts with esbuild (eval/bundle-eval.mjs) into
// .tmp/eval-judge/ (inside the checkout, so the bundle resolves node_modules like the CLI does) and runs it. When src/shell/index.ts exists
// (or GAVEL_EVAL_SHELL names a module exporting analyzeShell), shell snippets also go through shell analysis.
// Then runs the public-collections eval (real-repos.mjs) on the pinned snapshots present on this machine;
// without any it prints "skipped: not fetched" and does not fail (CI has no network). `--fetch` lets it
// fetch the pinned commits; `--no-real-repos` skips it.
// Usage: npm run eval:judge [-- --no-ferret] [-- --write docs/evaluation.md] [-- --verbose] [-- --fetch]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleEval } from '../bundle-eval.mjs';

const repo = resolve(new URL('../..', import.meta.url).pathname);
const outdir = resolve(repo, '.tmp/eval-judge');
mkdirSync(outdir, { recursive: true });
const bundle = (entryPoints, outfile) => bundleEval({ entryPoints }, outfile);

await bundle([resolve(repo, 'eval/judge/eval-judge.ts')], resolve(outdir, 'eval-judge.mjs'));
const shellModule = process.env.GAVEL_EVAL_SHELL ?? resolve(repo, 'src/shell/index.ts');
let analyzer;
if (existsSync(shellModule)) {
  await bundle([shellModule], resolve(outdir, 'eval-judge-shell.mjs'));
  analyzer = (await import(pathToFileURL(resolve(outdir, 'eval-judge-shell.mjs')).href)).analyzeShell;
}
const mod = await import(pathToFileURL(resolve(outdir, 'eval-judge.mjs')).href);
const argv = process.argv.slice(2);
process.exitCode = await mod.main(argv, analyzer);
if (!argv.includes('--no-real-repos')) {
  const w = argv.indexOf('--write');
  const pass = [
    ...(argv.includes('--fetch') ? ['--fetch'] : []),
    ...(w >= 0 ? ['--write', argv[w + 1] ?? 'docs/evaluation.md'] : []),
  ];
  process.stdout.write('\nPublic collections (eval/judge/real-repos.mjs):\n');
  const real = spawnSync(process.execPath, [resolve(repo, 'eval/judge/real-repos.mjs'), ...pass], {
    stdio: 'inherit',
  });
  if (real.status !== 0 && process.exitCode === 0) process.exitCode = real.status ?? 1;
}
