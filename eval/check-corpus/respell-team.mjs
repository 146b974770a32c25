// `node eval/check-corpus/respell-team.mjs`: the corpora's dangerous simple commands respelled as bash reads them the same
// (quoted words, an escaped or path-named program, short options apart or together: run-spellings.ts); prints those
// that became allowed and exits 1 when any did. Bundles the TypeScript with esbuild first.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importEvalRunner } from '../bundle-eval.mjs';

if (process.argv.includes('--help')) {
  process.stdout.write('usage: node eval/check-corpus/respell-team.mjs\n');
  process.exit(0);
}
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const { main } = await importEvalRunner(root, 'eval/check-corpus/run-spellings.ts');
process.exitCode = await main(root);
