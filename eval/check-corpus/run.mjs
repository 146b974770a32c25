// Entry of `npm run eval:check`: bundles the TypeScript runner with esbuild (as the CLI build does), puts the
// parser's .wasm files beside it, and runs it. `--no-peer` skips cc-safety-net.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleEval, copyShellParser } from '../bundle-eval.mjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const out = mkdtempSync(join(tmpdir(), 'gavel-eval-'));
await bundleEval(
  { entryPoints: [join(root, 'eval/check-corpus/run-check-corpus.ts')] },
  join(out, 'run.mjs'),
);
copyShellParser(root, out);
const { main } = await import(pathToFileURL(join(out, 'run.mjs')).href);
await main(root, !process.argv.includes('--no-peer'));
