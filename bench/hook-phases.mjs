// Where a hook call's CPU goes, per phase, for this checkout and the builds GAVEL_BENCH_BASE names (`:`-separated,
// as bench/hook-vs-build.mjs), interleaved in the same rounds: the Bash and Read requests of
// bench/hook-cold-start.mjs as fresh `gavel hook claude-code` processes, each with bench/_phase-probe.cjs
// preloaded (boot, pre, compile, toplevel, rest, and on a shell command chunk and call: see there). Medians per phase; the phases' medians need not add
// up to the total's. Runs only when GAVEL_BENCH_BASE is set:
//   GAVEL_BENCH_BASE=/tmp/base node bench/run.mjs hook-phases --runs 14 --warmup 2
// GAVEL_BENCH_UNDER_TIMEOUT as in bench/hook-vs-build.mjs.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median, round } from './_measure.mjs';
import { requests, scratchProject } from './hook-cold-start.mjs';
import { buildsToCompare, nodeCommand } from './hook-vs-build.mjs';

export const title = 'Hook call CPU per phase (GAVEL_BENCH_BASE)';

const PHASES = ['boot', 'pre', 'compile', 'toplevel', 'rest', 'chunk', 'call', 'total'];

export async function run({ root, runs, warmup }) {
  const builds = buildsToCompare(root);
  if (builds.length === 0) return [];
  const probe = join(root, 'bench', '_phase-probe.cjs');
  const scratch = scratchProject();
  try {
    const req = requests(scratch.project);
    const variants = [];
    for (const [label, dir] of builds)
      for (const [tool, input] of [
        ['Bash', req.bash],
        ['Read', req.read],
      ])
        variants.push({ name: `${label} (${tool})`, args: [probe, join(dir, 'bin', 'gavel')], input });
    const seen = Object.fromEntries(variants.map((v) => [v.name, []]));
    for (let round = 0; round < warmup + runs; round++) {
      for (let k = 0; k < variants.length; k++) {
        const v = variants[(round + k) % variants.length];
        const r = spawnSync(...nodeCommand(['-r', v.args[0], v.args[1], 'hook', 'claude-code']), {
          cwd: scratch.project,
          env: scratch.env,
          input: v.input,
          encoding: 'utf8',
        });
        const m = /gavel-bench-phases=(\{.*\})/.exec(String(r.stderr));
        if (r.status !== 0 || !m)
          throw new Error(`${v.name}: exit ${r.status}: ${String(r.stderr).split('\n')[0]}`);
        if (round >= warmup) seen[v.name].push(JSON.parse(m[1]));
      }
    }
    const rows = [];
    for (const v of variants)
      for (const phase of PHASES) {
        const values = seen[v.name].map((p) => p[phase]).filter((x) => typeof x === 'number');
        if (values.length > 0)
          rows.push({ name: `${v.name}: ${phase}`, value: round(median(values), 1), unit: 'ms CPU' });
      }
    return rows;
  } finally {
    scratch.cleanup();
  }
}
