// `node eval/check-corpus/peer-suite.mjs SUITE`: cc-safety-net on a held-out suite file (LABEL<TAB>CLASS<TAB>COMMAND
// lines), scored on issue 11's four targets (run-peer-suite.ts). Bundles the TypeScript with esbuild first.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importEvalRunner } from '../bundle-eval.mjs';

const suite = process.argv[2];
if (!suite || suite === '--help') {
  process.stderr.write(
    'usage: node eval/check-corpus/peer-suite.mjs SUITE (LABEL<TAB>CLASS<TAB>COMMAND lines)\n',
  );
  process.exit(suite === '--help' ? 0 : 2);
}
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const { main } = await importEvalRunner(root, 'eval/check-corpus/run-peer-suite.ts');
process.exitCode = await main(root, resolve(suite));
