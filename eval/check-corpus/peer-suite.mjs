// `node eval/check-corpus/peer-suite.mjs SUITE`: cc-safety-net on a held-out suite file (LABEL<TAB>CLASS<TAB>COMMAND
// lines), scored on issue 11's four targets (run-peer-suite.ts). Bundles the TypeScript with esbuild first.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleEval } from '../bundle-eval.mjs';

const suite = process.argv[2];
if (!suite || suite === '--help') {
  process.stderr.write(
    'usage: node eval/check-corpus/peer-suite.mjs SUITE (LABEL<TAB>CLASS<TAB>COMMAND lines)\n',
  );
  process.exit(suite === '--help' ? 0 : 2);
}
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const out = mkdtempSync(join(tmpdir(), 'gavel-peer-suite-'));
await bundleEval({ entryPoints: [join(root, 'eval/check-corpus/run-peer-suite.ts')] }, join(out, 'run.mjs'));
const { main } = await import(pathToFileURL(join(out, 'run.mjs')).href);
process.exitCode = await main(root, resolve(suite));
