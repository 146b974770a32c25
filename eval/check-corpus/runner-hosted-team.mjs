// `node eval/check-corpus/runner-hosted-team.mjs`: the corpora's dangerous cases written into a runner's file (an npm script, a
// Makefile recipe, a justfile, a Taskfile, ...) and run by that runner (run-script-hosts.ts); prints those that became
// allowed and exits 1 when any did. Bundles the TypeScript with esbuild first.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importEvalRunner } from '../bundle-eval.mjs';

if (process.argv.includes('--help')) {
  process.stdout.write('usage: node eval/check-corpus/runner-hosted-team.mjs\n');
  process.exit(0);
}
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const { main } = await importEvalRunner(root, 'eval/check-corpus/run-script-hosts.ts');
process.exitCode = await main(root);
