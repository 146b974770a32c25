// `node eval/check-corpus/decorate-everyday.mjs`: the ordinary everyday steps gavel allows, in the shapes agents wrap
// them in (run-decorations.ts); prints what is no longer allowed. Bundles the TypeScript with esbuild first.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importEvalRunner } from '../bundle-eval.mjs';

if (process.argv.includes('--help')) {
  process.stdout.write('usage: node eval/check-corpus/decorate-everyday.mjs\n');
  process.exit(0);
}
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const { main } = await importEvalRunner(root, 'eval/check-corpus/run-decorations.ts');
process.exitCode = await main(root);
