// Runs the judge's model benchmark: bundles model-bench.ts with esbuild (eval/bundle-eval.mjs) into
// .tmp/eval-judge/ and runs it over ../shared/corpora/skills with the scripted model (default), a recorded
// run (`--replay DIR`) or while recording one (`--record DIR`), plus the pinned public collections whose
// snapshots are on this machine (real-repos-snapshots.mjs; `--no-real-repos` skips them).
// Usage: npm run eval:judge-model [-- --replay DIR] [-- --record DIR] [-- --write docs/evaluation.md]
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleEval } from '../bundle-eval.mjs';
import { checkouts } from './real-repos-snapshots.mjs';

const repo = resolve(new URL('../..', import.meta.url).pathname);
const outdir = resolve(repo, '.tmp/eval-judge');
mkdirSync(outdir, { recursive: true });
await bundleEval(
  { entryPoints: [resolve(repo, 'eval/judge/model-bench.ts')] },
  resolve(outdir, 'model-bench.mjs'),
);
let analyzer;
const shellModule = resolve(repo, 'src/shell/index.ts');
if (existsSync(shellModule)) {
  await bundleEval({ entryPoints: [shellModule] }, resolve(outdir, 'eval-judge-shell.mjs'));
  analyzer = (await import(pathToFileURL(resolve(outdir, 'eval-judge-shell.mjs')).href)).analyzeShell;
}
const argv = process.argv.slice(2);
const real = argv.includes('--no-real-repos')
  ? []
  : checkouts(repo)
      .filter((c) => c.dir !== undefined && existsSync(c.dir))
      .map((c) => ({ repo: c.repo, dir: c.dir }));
const mod = await import(pathToFileURL(resolve(outdir, 'model-bench.mjs')).href);
process.exitCode = await mod.main(argv, analyzer, real);
