// Cold start of the CLI: `node bin/gavel --version` and `node dist/gavel.mjs --version` against
// `node -e 0` (and an empty ES module, the loader's own cost), as fresh processes, interleaved.
// The hook path pays this on every tool call. Needs `npm run build` first (npm run bench does it).
import { join } from 'node:path';
import { median, peakRssMiB, quantile, round, timeInterleaved } from './_measure.mjs';

export const title = 'CLI cold start';

/** A bundled CLI printing its version should cost about what node costs to start (docs/benchmarks.md). */
const RATIO_TARGET = 1.25;

export async function run({ root, runs, warmup }) {
  const node = process.execPath;
  const variants = [
    { name: 'node -e 0', command: node, args: ['-e', '0'] },
    { name: 'node empty.mjs', command: node, args: [join(root, 'bench', '_empty.mjs')] },
    {
      name: 'node dist/gavel.mjs --version',
      command: node,
      args: [join(root, 'dist', 'gavel.mjs'), '--version'],
    },
    { name: 'node bin/gavel --version', command: node, args: [join(root, 'bin', 'gavel'), '--version'] },
  ];
  const samples = timeInterleaved(variants, { runs, warmup, cwd: root });
  const base = median(samples['node -e 0']);
  const rows = [];
  for (const v of variants) {
    const s = samples[v.name];
    const note = `p90 ${round(quantile(s, 0.9))} ms, n=${s.length}`;
    rows.push({ name: `${v.name}: median`, value: round(median(s)), digits: 1, unit: 'ms', note });
  }
  for (const v of variants.slice(1)) {
    const value = round(median(samples[v.name]) / base, 2);
    const target = v.name.includes('gavel') ? RATIO_TARGET : undefined;
    rows.push({ name: `${v.name} ÷ node -e 0 (medians)`, value, digits: 2, unit: '×', target });
  }
  const rssRuns = Math.max(1, Math.min(5, runs));
  for (const v of variants) {
    const value = round(peakRssMiB(v, { runs: rssRuns, cwd: root }));
    rows.push({
      name: `${v.name}: peak RSS`,
      value,
      digits: 1,
      unit: 'MiB',
      note: `median of ${rssRuns} runs`,
    });
  }
  return rows;
}
