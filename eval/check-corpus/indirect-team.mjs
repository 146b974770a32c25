// `node eval/check-corpus/indirect-team.mjs`: the corpora's dangerous cases run through a shell's `-c`, eval, a
// function, a here-document, an interpreter's system call (run-indirections.ts); prints those that became allowed and
// exits 1 when any did. Bundles the TypeScript with esbuild first.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importEvalRunner } from '../bundle-eval.mjs';

if (process.argv.includes('--help')) {
  process.stdout.write('usage: node eval/check-corpus/indirect-team.mjs\n');
  process.exit(0);
}
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const { main } = await importEvalRunner(root, 'eval/check-corpus/run-indirections.ts');
process.exitCode = await main(root);
