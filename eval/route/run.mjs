// `npm run eval:route`: bundles the route eval (TypeScript) with esbuild into a temporary file and runs it.
// Prints one row per case (right outcome, binary verdict, graduated outcome) and both error rates, as the
// Markdown table docs/evaluation.md holds. Exit 1 when graduated routing does not beat the binary verdict.
// `npm run eval:route -- --cases-out cases.jsonl` also writes the cases for `gavel route calibrate`.
// `npm run eval:route -- --history [--changes N] [--write docs/evaluation.md]` then routes the merged history
// of the pinned public repositories (eval/route/history.mjs; needs `npm run build` and local snapshots).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleEval } from '../bundle-eval.mjs';

const dir = mkdtempSync(join(tmpdir(), 'gavel-eval-route-'));
const out = join(dir, 'eval.mjs');
try {
  await bundleEval(
    {
      stdin: {
        contents:
          "export { runRouteEval, formatEvalMarkdown, leaveOneOut, weightSensitivity } from './eval/route/run-route-eval.ts';",
        resolveDir: process.cwd(),
        loader: 'ts',
      },
    },
    out,
  );

  const { runRouteEval, formatEvalMarkdown, leaveOneOut, weightSensitivity } = await import(
    pathToFileURL(out).href
  );
  const report = await runRouteEval();
  report.leaveOneOut = leaveOneOut(report.rows);
  report.sensitivity = weightSensitivity(report);
  process.stdout.write(formatEvalMarkdown(report));
  // --cases-out FILE: one calibration case a line (`gavel route calibrate --cases FILE`).
  const at = process.argv.indexOf('--cases-out');
  if (at > 0 && process.argv[at + 1]) {
    const lines = report.rows.map((r) => JSON.stringify({ id: r.id, outcome: r.right, route: r.result }));
    writeFileSync(process.argv[at + 1], `${lines.join('\n')}\n`);
  }
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
if (process.argv.includes('--history')) {
  const corpus = process.exitCode;
  process.stdout.write('\n');
  await import('./history.mjs');
  if (corpus) process.exitCode = corpus;
}
