// `node eval/check-corpus/decorate-everyday.mjs`: the ordinary everyday steps gavel allows, in the shapes agents wrap
// them in (run-decorations.ts); prints what is no longer allowed. Bundles the TypeScript with esbuild first.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleEval, copyShellParser } from '../bundle-eval.mjs';

if (process.argv.includes('--help')) {
  process.stdout.write('usage: node eval/check-corpus/decorate-everyday.mjs\n');
  process.exit(0);
}
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const out = mkdtempSync(join(tmpdir(), 'gavel-decorations-'));
await bundleEval({ entryPoints: [join(root, 'eval/check-corpus/run-decorations.ts')] }, join(out, 'run.mjs'));
copyShellParser(root, out);
const { main } = await import(pathToFileURL(join(out, 'run.mjs')).href);
process.exitCode = await main(root);
