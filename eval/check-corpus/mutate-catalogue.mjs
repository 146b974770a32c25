// `node eval/check-corpus/mutate-catalogue.mjs [--writes]`: the catalogue's examples mutated toward secrets and
// protected places, decided by the bundled check (run-catalogue-mutations.ts); prints what is allowed, for a person
// to read. Bundles the TypeScript with esbuild first.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleEval, copyShellParser } from '../bundle-eval.mjs';

if (process.argv.includes('--help')) {
  process.stdout.write('usage: node eval/check-corpus/mutate-catalogue.mjs [--writes]\n');
  process.exit(0);
}
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const out = mkdtempSync(join(tmpdir(), 'gavel-mutations-'));
await bundleEval(
  { entryPoints: [join(root, 'eval/check-corpus/run-catalogue-mutations.ts')] },
  join(out, 'run.mjs'),
);
copyShellParser(root, out);
const { main } = await import(pathToFileURL(join(out, 'run.mjs')).href);
process.exitCode = await main(root, process.argv.includes('--writes'));
