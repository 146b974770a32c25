// In-process check() throughput of this checkout against other builds of gavel, interleaved in one process: each
// checkout's src/ bundled (as bench/check-throughput.mjs does), the same shell corpus (this checkout's), the
// builds taking turns every 50 commands so that each sees the same neighbours. Runs only when GAVEL_BENCH_BASE
// names the other checkouts (`:`-separated, the first the base of the ratios), as for bench/hook-vs-build.mjs:
//   GAVEL_BENCH_BASE=/tmp/base:/tmp/main node bench/run.mjs check-vs-build --runs 24
import { existsSync, mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { median, round } from './_measure.mjs';
import { bundledPolicy, corpusCommands, loadCheckBundle, shellRequest } from './check-throughput.mjs';

export const title = 'Check throughput against other builds (GAVEL_BENCH_BASE)';

const CHUNK = 50;
const WARMUP_PASSES = 12;

async function load(dir, outDir, name) {
  const m = await loadCheckBundle(dir, join(outDir, `${name}.mjs`));
  const policy = bundledPolicy(m, dir);
  await m.loadShellParser();
  return { m, deps: { analyzeShell: m.analyzeShell, policy, clock: m.systemClock } };
}

export async function run({ root, runs }) {
  const bases = (process.env.GAVEL_BENCH_BASE ?? '').split(':').filter((b) => b !== '');
  if (bases.length === 0) return [];
  for (const b of bases)
    if (!existsSync(join(b, 'src', 'check', 'index.ts')))
      throw new Error(`GAVEL_BENCH_BASE: no src/check in ${b}`);
  const outDir = join(root, '.tmp', 'bench-check-vs');
  mkdirSync(outDir, { recursive: true });
  const labels = [...bases.map((b, k) => (k === 0 ? 'base' : basename(b))), 'this'];
  const builds = [];
  for (const [k, dir] of [...bases, root].entries()) builds.push(await load(dir, outDir, `build-${k}`));
  const commands = corpusCommands([
    join(root, 'eval', 'corpora', 'check'),
    resolve(root, '..', 'shared', 'corpora', 'shell'),
  ]);
  const requests = builds.map((b) => commands.map((command) => shellRequest(b.m, command)));
  for (let pass = 0; pass < WARMUP_PASSES; pass++)
    for (const [k, b] of builds.entries()) for (const r of requests[k]) await b.m.check({ ...r }, b.deps);
  const cpu = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  const rates = builds.map(() => []);
  const rounds = Math.max(4, Math.min(12, Math.round(runs / 3)));
  for (let r = 0; r < rounds; r++) {
    const used = builds.map(() => 0);
    for (let i = 0; i < commands.length; i += CHUNK) {
      for (let j = 0; j < builds.length; j++) {
        const k = (j + i / CHUNK + r) % builds.length;
        const b = builds[k];
        const started = cpu();
        for (let c = i; c < Math.min(i + CHUNK, commands.length); c++)
          // A request object of its own per call, as a server has (bench/check-throughput.mjs).
          await b.m.check({ ...requests[k][c] }, b.deps);
        used[k] += cpu() - started;
      }
    }
    for (const k of builds.keys()) rates[k].push((commands.length * 1e6) / used[k]);
  }
  const rows = labels.map((label, k) => ({
    name: `${label}: check() decisions per CPU-second`,
    value: Math.round(median(rates[k])),
    unit: '/s',
    note: `${commands.length} commands, median of ${rounds} interleaved passes`,
  }));
  for (const [k, label] of labels.entries()) {
    if (k === 0) continue;
    const ratios = rates[k].map((v, r) => v / rates[0][r]);
    rows.push({
      name: `${label} ÷ base, decisions per CPU-second`,
      value: round(median(ratios), 2),
      digits: 2,
      unit: '×',
      note: `per-pass ratios ${round(Math.min(...ratios), 2)}-${round(Math.max(...ratios), 2)}`,
    });
  }
  return rows;
}
