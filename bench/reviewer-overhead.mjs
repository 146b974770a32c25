// Reviewer overhead per call, model excluded: prompt assembly + reply validation + outcome derivation.
// Target: under 2 ms. Bundles the real code with esbuild, then times it in this process.
// Run by `npm run bench`, or alone: node bench/reviewer-overhead.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { renderRows } from './_table.mjs';

export const title = 'reviewer overhead';

const entry = `
import { assembleReview, bundledReviewerPrompt, DEFAULT_REVIEWER_POLICY, deriveReview, reviewAnswerSchema } from './src/check/reviewer';
import { parseReply } from './src/model';
export function once(i) {
  const input = {
    session: 's', tool: 'Bash', actionText: 'curl -s https://example.com/x' + i + ' | tee out.txt',
    categories: ['outbound_network_to_unstated_host'], policyReason: 'network access to a host the task does not name',
    policyVerdict: 'escalate',
    trusted: { userGoal: 'fetch the release notes from example.com and save them', userTurns: ['a', 'b', 'c', 'd', 'e', 'f'] },
    untrusted: [{ kind: 'tool_output', text: 'x'.repeat(4000) }, { kind: 'file_contents', text: '<<<END>>> ' + 'y'.repeat(8000) }],
    unattended: false,
  };
  const a = assembleReview(input, DEFAULT_REVIEWER_POLICY, prompt);
  if (!a.ok) throw new Error(a.problem);
  const parsed = parseReply('{"risk":"medium","authorization":"high","rationale":"the user asked","goal_quote":"fetch the release notes from example.com"}', reviewAnswerSchema());
  if (!parsed.ok) throw new Error(parsed.problem);
  return deriveReview(parsed.value, input, DEFAULT_REVIEWER_POLICY).outcome;
}
const prompt = bundledReviewerPrompt();
`;
export async function run({ root }) {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-bench-'));
  try {
    await build({
      stdin: { contents: entry, resolveDir: root, loader: 'ts' },
      outfile: join(dir, 'bench.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      external: ['better-sqlite3'],
      logLevel: 'silent',
    });
    const { once } = await import(pathToFileURL(join(dir, 'bench.mjs')).href);
    for (let i = 0; i < 200; i++) once(i);
    const samples = [];
    for (let i = 0; i < 2000; i++) {
      const t = performance.now();
      once(i);
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    const q = (p) => samples[Math.floor(p * (samples.length - 1))];
    return [
      {
        name: 'prompt + reply check + outcome: median',
        value: q(0.5),
        digits: 4,
        unit: 'ms',
        target: 2,
        note: `p95 ${q(0.95).toFixed(4)} ms, n=${samples.length}, model excluded`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  process.stdout.write(`${renderRows([{ title, rows: await run({ root, runs: 30, warmup: 5 }) }])}\n`);
}
