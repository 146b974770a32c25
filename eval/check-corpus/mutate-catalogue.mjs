// `node eval/check-corpus/mutate-catalogue.mjs [--writes]`: the catalogue's examples mutated toward secrets and
// protected places, decided by the bundled check (run-catalogue-mutations.ts); prints what is allowed, for a person
// to read. Bundles the TypeScript with esbuild first.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importEvalRunner } from '../bundle-eval.mjs';

if (process.argv.includes('--help')) {
  process.stdout.write('usage: node eval/check-corpus/mutate-catalogue.mjs [--writes]\n');
  process.exit(0);
}
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const { main } = await importEvalRunner(root, 'eval/check-corpus/run-catalogue-mutations.ts');
process.exitCode = await main(root, process.argv.includes('--writes'));
