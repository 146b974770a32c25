// Benchmark: `gavel judge` (the built CLI, static checks) against ferret-scan 2.10.0 on the same folder of
// skills, end to end (process start, discovery, checks, JSON output), interleaved, median of N runs.
// Usage: npm run bench:judge [-- --runs 5]. Prints units per second; figures go in docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { FERRET_SCAN, peerBin } from '../eval/peers.mjs';

const repo = resolve(new URL('..', import.meta.url).pathname);
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const corpusDir = ['../shared/corpora/skills', '../../shared/corpora/skills']
  .map((p) => resolve(repo, p))
  .find(existsSync);
if (!corpusDir) {
  console.error('bench:judge: corpus not found next to the checkout');
  process.exit(2);
}
const units = ['cisco-evals.json', 'skill-inject-dev.json'].flatMap((f) =>
  JSON.parse(readFileSync(join(corpusDir, f), 'utf8')),
);
// One project of at most 200 skills (one run's limit).
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
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// Wall time, and CPU time (user + sys) through /usr/bin/time when present: on a shared machine the CPU
// figure is the steadier of the two.
const haveTime = existsSync('/usr/bin/time');
const cpu = { gavel: [], ferret: [] };
const time = (name, cmd, args) => {
  const t = performance.now();
  const r = haveTime
    ? spawnSync('/usr/bin/time', ['-f', '%U %S', cmd, ...args], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
        encoding: 'utf8',
      })
    : spawnSync(cmd, args, { cwd: root, stdio: 'ignore' });
  if (r.error) throw r.error;
  const wall = performance.now() - t;
  if (haveTime) {
    const [u, s] = (r.stderr.trim().split('\n').pop() ?? '0 0').split(' ').map(Number);
    cpu[name].push(((u ?? 0) + (s ?? 0)) * 1000);
  }
  return wall;
};
const ferretBin = peerBin(FERRET_SCAN.name, FERRET_SCAN.version, FERRET_SCAN.bin);
const gavel = [];
const ferret = [];
for (let i = 0; i < runs; i++) {
  gavel.push(time('gavel', process.execPath, [join(repo, 'bin/gavel'), 'judge', '--format', 'json']));
  ferret.push(time('ferret', ferretBin, ['scan', root, '-f', 'json', '-o', `${root}.ferret.json`]));
}
rmSync(root, { recursive: true, force: true });
rmSync(`${root}.ferret.json`, { force: true });
const perSecond = (ms) => (picked.length / (ms / 1000)).toFixed(1);
const line = (name, xs, c) =>
  `| ${name} | ${picked.length} | ${median(xs).toFixed(0)} | ${perSecond(median(xs))} | ${c.length ? median(c).toFixed(0) : 'n/a'} | ${c.length ? perSecond(median(c)) : 'n/a'} |`;
console.log(
  `judge bench: ${runs} interleaved runs, ${cpus().length} cores, node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
);
console.log('| tool | units | median wall ms | units/s (wall) | median CPU ms | units per CPU second |');
console.log('|---|---|---|---|---|---|');
console.log(line('gavel judge (static, CLI)', gavel, cpu.gavel));
console.log(line('ferret-scan 2.10.0 scan', ferret, cpu.ferret));
