// Entry of `npm run eval:check`: bundles the TypeScript runner with esbuild (as the CLI build does), puts the
// parser's .wasm files beside it, and runs it. `--no-peer` skips cc-safety-net.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importEvalRunner } from '../bundle-eval.mjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const { main } = await importEvalRunner(root, 'eval/check-corpus/run-check-corpus.ts');
await main(root, !process.argv.includes('--no-peer'));
