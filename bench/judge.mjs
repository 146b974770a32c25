// Benchmark: `gavel judge` (the built CLI, static checks) against ferret-scan 2.10.0 on the same folder of
// skills, end to end (process start, discovery, checks, JSON output), interleaved, median of N runs (at most
// 7). Run by `npm run bench`, or alone (`npm run bench:judge`); needs `npm run build` first. ferret-scan is
// installed on demand (eval/peers.mjs). Figures go in docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FERRET_SCAN, peerBin } from '../eval/peers.mjs';
import { renderRows } from './_table.mjs';

export const title = 'judge';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One project of at most 200 skills (one run's limit) from the shared corpus, or undefined. */
function makeProject(checkout) {
  const corpusDir = ['../shared/corpora/skills', '../../shared/corpora/skills']
    .map((p) => resolve(checkout, p))
    .find(existsSync);
  if (!corpusDir) return undefined;
  const units = ['cisco-evals.json', 'skill-inject-dev.json'].flatMap((f) =>
    JSON.parse(readFileSync(join(corpusDir, f), 'utf8')),
  );
  const picked = units.slice(0, 200);
  const root = mkdtempSync(join(tmpdir(), 'gavel-bench-judge-'));
  mkdirSync(join(root, '.git'));
  picked.forEach((u, i) => {
    for (const f of u.files) {
      const p = join(root, `.claude/skills/u${String(i).padStart(3, '0')}`, f.path);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, f.text ?? Buffer.alloc(f.bytes, 0));
    }
  });
  return { root, count: picked.length };
}

export async function run({ root: checkout, runs }) {
  const project = makeProject(checkout);
  if (!project)
    return [{ name: 'skipped: ../shared/corpora/skills not found beside the checkout', value: 0, unit: '' }];
  const RUNS = Math.min(runs, 7);
  const haveTime = existsSync('/usr/bin/time');
  const cpu = { gavel: [], ferret: [] };
  const wall = { gavel: [], ferret: [] };
  // Wall time, and CPU time (user + sys) through /usr/bin/time when present: the steadier figure here.
  const time = (name, cmd, args) => {
    const t = performance.now();
    const r = haveTime
      ? spawnSync('/usr/bin/time', ['-f', '%U %S', cmd, ...args], {
          cwd: project.root,
          stdio: ['ignore', 'ignore', 'pipe'],
          encoding: 'utf8',
        })
      : spawnSync(cmd, args, { cwd: project.root, stdio: 'ignore' });
    if (r.error) throw r.error;
    wall[name].push(performance.now() - t);
    if (haveTime) {
      const [u, s] = (r.stderr.trim().split('\n').pop() ?? '0 0').split(' ').map(Number);
      cpu[name].push(((u ?? 0) + (s ?? 0)) * 1000);
    }
  };
  try {
    const ferretBin = peerBin(FERRET_SCAN.name, FERRET_SCAN.version, FERRET_SCAN.bin);
    for (let i = 0; i < RUNS; i++) {
      time('gavel', process.execPath, [join(checkout, 'bin/gavel'), 'judge', '--format', 'json']);
      time('ferret', ferretBin, ['scan', project.root, '-f', 'json', '-o', `${project.root}.ferret.json`]);
    }
  } finally {
    rmSync(project.root, { recursive: true, force: true });
    rmSync(`${project.root}.ferret.json`, { force: true });
  }
  const perSecond = (ms) => project.count / (ms / 1000);
  const rows = [];
  for (const [name, label] of [
    ['gavel', 'gavel judge (static, CLI)'],
    ['ferret', 'ferret-scan 2.10.0'],
  ]) {
    rows.push({
      name: `${label}: units per second (wall)`,
      value: perSecond(median(wall[name])),
      digits: 1,
      unit: 'units/s',
      note: `${project.count} units, median ${median(wall[name]).toFixed(0)} ms wall, n=${RUNS}`,
    });
    if (cpu[name].length) {
      rows.push({
        name: `${label}: units per CPU second`,
        value: perSecond(median(cpu[name])),
        digits: 1,
        unit: 'units/s',
        note: `median ${median(cpu[name]).toFixed(0)} ms CPU`,
      });
    }
  }
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const checkout = fileURLToPath(new URL('..', import.meta.url));
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
  process.stdout.write(`${renderRows([{ title, rows: await run({ root: checkout, runs, warmup: 0 }) }])}\n`);
}
