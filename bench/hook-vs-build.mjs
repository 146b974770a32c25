// Hook cold start of this checkout against another build of gavel, interleaved in one run: `node -e 0`, and
// `gavel hook claude-code` on the Bash, Read and Edit requests of bench/hook-cold-start.mjs from each checkout, as
// fresh processes in one scratch project and HOME. Wall time, and CPU time (user + system of the process, every
// thread; bench/_cpu-probe.cjs), the steadier figure on a shared machine. Runs only when GAVEL_BENCH_BASE names
// the other checkout (built, with node_modules), e.g. a `git worktree add /tmp/base <commit>` + `npm run build`:
//   GAVEL_BENCH_BASE=/tmp/base node bench/run.mjs hook-vs-build --runs 20
// With GAVEL_BENCH_UNDER_TIMEOUT=/usr/bin/timeout every process runs as the installed command runs it (nodeCommand).
// Several checkouts, separated by `:`, are all measured in the same rounds; the first is `base` (the ratios'
// denominator), the others are named after their folder.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { median, round } from './_measure.mjs';
import { requests, scratchProject } from './hook-cold-start.mjs';

export const title = 'Hook cold start against another build (GAVEL_BENCH_BASE)';

/**
 * The command and arguments that run `node <args>`: directly, or, when GAVEL_BENCH_UNDER_TIMEOUT names a
 * coreutils `timeout`, under `timeout -s KILL 21` as the command `gavel init` installs on Linux runs the hook
 * (ADR 0069; a hook of that build then starts no killer process). Only the node process is measured either way.
 */
export function nodeCommand(args) {
  const under = process.env.GAVEL_BENCH_UNDER_TIMEOUT;
  return under ? [under, ['-s', 'KILL', '21', process.execPath, ...args]] : [process.execPath, args];
}

function timed(variant, cwd) {
  const started = performance.now();
  const r = spawnSync(...nodeCommand(variant.args), {
    cwd,
    env: variant.env,
    input: variant.input ?? '',
    encoding: 'utf8',
  });
  const wall = performance.now() - started;
  const cpu = /gavel-bench-cpu-ms=([\d.]+)/.exec(String(r.stderr));
  if (r.status !== 0 || !cpu)
    throw new Error(`${variant.name}: exit ${r.status}: ${String(r.stderr).split('\n')[0]}`);
  return { wall, cpu: Number(cpu[1]) };
}

/**
 * The checkouts GAVEL_BENCH_BASE names with `root` last, labelled: the first `base`, the others after their
 * folder, this checkout `this`. Empty when the variable is unset; throws for a checkout without bin/gavel.
 */
export function buildsToCompare(root) {
  const bases = (process.env.GAVEL_BENCH_BASE ?? '').split(':').filter((b) => b !== '');
  if (bases.length === 0) return [];
  for (const b of bases)
    if (!existsSync(join(b, 'bin', 'gavel'))) throw new Error(`GAVEL_BENCH_BASE: no bin/gavel in ${b}`);
  return [...bases.map((b, k) => [k === 0 ? 'base' : basename(b), b]), ['this', root]];
}

export async function run({ root, runs, warmup }) {
  const builds = buildsToCompare(root);
  if (builds.length === 0) return [];
  const probe = join(root, 'bench', '_cpu-probe.cjs');
  const scratch = scratchProject();
  try {
    const req = requests(scratch.project);
    const variants = [{ name: 'node -e 0', args: ['-r', probe, '-e', '0'], env: scratch.env }];
    for (const [label, dir] of builds) {
      for (const [tool, input] of [
        ['Bash', req.bash],
        ['Read', req.read],
        ['Edit', req.edit],
      ]) {
        const args = ['-r', probe, join(dir, 'bin', 'gavel'), 'hook', 'claude-code'];
        variants.push({ name: `${label} hook (${tool})`, args, env: scratch.env, input });
      }
    }
    const wall = Object.fromEntries(variants.map((v) => [v.name, []]));
    const cpu = Object.fromEntries(variants.map((v) => [v.name, []]));
    for (let round = 0; round < warmup + runs; round++) {
      for (let k = 0; k < variants.length; k++) {
        const v = variants[(round + k) % variants.length];
        const t = timed(v, scratch.project);
        if (round >= warmup) {
          wall[v.name].push(t.wall);
          cpu[v.name].push(t.cpu);
        }
      }
    }
    const w0 = median(wall['node -e 0']);
    const c0 = median(cpu['node -e 0']);
    const rows = [];
    for (const v of variants) {
      const w = median(wall[v.name]);
      const c = median(cpu[v.name]);
      rows.push(
        {
          name: `${v.name}: wall median`,
          value: round(w),
          digits: 1,
          unit: 'ms',
          note: `${round(w / w0, 2)} x node -e 0, n=${runs}`,
        },
        {
          name: `${v.name}: CPU median`,
          value: round(c),
          digits: 1,
          unit: 'ms',
          note: `${round(c / c0, 2)} x node -e 0`,
        },
      );
    }
    for (const label of ['this', ...builds.slice(1, -1).map(([name]) => name)])
      for (const tool of ['Bash', 'Read', 'Edit']) {
        const b = `base hook (${tool})`;
        const t = `${label} hook (${tool})`;
        rows.push({
          name: `${label} ÷ base (${tool}), CPU`,
          value: round(median(cpu[t]) / median(cpu[b]), 2),
          digits: 2,
          unit: '×',
          ...(label === 'this' ? { target: 1 } : {}),
          note: `wall ${round(median(wall[t]) / median(wall[b]), 2)} ×`,
        });
      }
    return rows;
  } finally {
    scratch.cleanup();
  }
}
