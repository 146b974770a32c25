// `npm run eval:route`: bundles the route eval (TypeScript) with esbuild into a temporary file and runs it.
// Prints one row per case (right outcome, binary verdict, graduated outcome) and both error rates, as the
// Markdown table docs/evaluation.md holds. Exit 1 when graduated routing does not beat the binary verdict.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const dir = mkdtempSync(join(tmpdir(), 'gavel-eval-route-'));
const out = join(dir, 'eval.mjs');
try {
  await build({
    stdin: {
      contents: "export { runRouteEval, formatEvalMarkdown } from './eval/route/run-route-eval.ts';",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __gavelCreateRequire } from 'node:module'; const require = __gavelCreateRequire(import.meta.url);",
    },
  });
  const { runRouteEval, formatEvalMarkdown } = await import(pathToFileURL(out).href);
  const report = await runRouteEval();
  process.stdout.write(formatEvalMarkdown(report));
  const beats =
    report.graduated.aggressiveRate < report.binary.aggressiveRate &&
    report.graduated.conservativeRate < report.binary.conservativeRate;
  process.stdout.write(
    `\ngraduated routing beats the binary verdict on both error rates: ${beats ? 'yes' : 'no'}\n`,
  );
  process.exitCode = beats ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
