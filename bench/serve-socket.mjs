// Hook cold start with the socket fast path (issue 15 item 6, ADR 0040): `gavel hook claude-code` answered
// by a running `gavel serve --socket` against the same hook deciding in its own process (GAVEL_HOOK_SOCKET=off)
// and `node -e 0`, as fresh processes, interleaved. Wall time medians and CPU time medians (user + system of
// the hook process, from a preloaded probe). Target: with the fast path, at most 1.3 x `node -e 0`.
// Needs `npm run build` first (npm run bench does it).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median, round, timeInterleaved } from './_measure.mjs';
import { requests, scratchProject } from './hook-cold-start.mjs';

export const title = 'Hook socket fast path';

export const RATIO_TARGET = 1.3;

function startServe(root, env, cwd) {
  const child = spawn(
    process.execPath,
    [join(root, 'bin', 'gavel'), 'serve', '--socket', '--listen', '127.0.0.1:0'],
    {
      cwd,
      env,
    },
  );
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (c) => {
      err += c.toString();
      if (err.includes('hook socket')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`gavel serve exited ${code}: ${err.split('\n')[0]}`)));
  });
}

/** CPU ms (user + system) of one run of each variant, interleaved; medians. */
function cpuInterleaved(variants, { runs, cwd, probe }) {
  const samples = Object.fromEntries(variants.map((v) => [v.name, []]));
  for (let round = 0; round < runs; round++) {
    for (let k = 0; k < variants.length; k++) {
      const v = variants[(round + k) % variants.length];
      const r = spawnSync(v.command, ['-r', probe, ...v.args], {
        cwd,
        env: v.env,
        input: v.input,
        encoding: 'utf8',
      });
      const m = /gavel-bench-cpu-ms=([\d.]+)/.exec(r.stderr);
      if (m) samples[v.name].push(Number(m[1]));
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([k, s]) => [k, median(s)]));
}

export async function run({ root, runs, warmup }) {
  const scratch = scratchProject();
  const env = { ...scratch.env, GAVEL_SOCKET_DIR: join(scratch.home, 'run') };
  const server = await startServe(root, env, scratch.project);
  try {
    const req = requests(scratch.project);
    const gavel = join(root, 'bin', 'gavel');
    const node = process.execPath;
    const hookRun = (name, hookEnv, input) => ({
      name,
      command: node,
      args: [gavel, 'hook', 'claude-code'],
      env: hookEnv,
      input,
    });
    const variants = [
      { name: 'node -e 0', command: node, args: ['-e', '0'], env },
      hookRun('hook Bash, in-process', { ...env, GAVEL_HOOK_SOCKET: 'off' }, req.bash),
      hookRun('hook Bash, via socket', env, req.bash),
      hookRun('hook Read, via socket', env, req.read),
    ];
    // The first call of a project is refused (its runtime loads) and decided in-process; later ones go through.
    for (const v of variants.slice(1))
      for (let i = 0; i < 2; i++)
        spawnSync(v.command, v.args, { cwd: scratch.project, env: v.env, input: v.input });
    const wall = timeInterleaved(variants, { runs, warmup, cwd: scratch.project });
    const cpu = cpuInterleaved(variants, {
      runs,
      cwd: scratch.project,
      probe: join(root, 'bench', '_cpu-probe.cjs'),
    });
    const base = median(wall['node -e 0']);
    const rows = [];
    for (const v of variants) {
      rows.push({
        name: `${v.name}: wall median`,
        value: round(median(wall[v.name])),
        digits: 1,
        unit: 'ms',
      });
      rows.push({ name: `${v.name}: CPU median`, value: round(cpu[v.name]), digits: 1, unit: 'ms' });
    }
    for (const v of variants.slice(1)) {
      const fast = v.name.includes('socket');
      rows.push({
        name: `${v.name} / node -e 0 (wall)`,
        value: round(median(wall[v.name]) / base, 2),
        digits: 2,
        unit: 'x',
        ...(fast ? { target: RATIO_TARGET } : {}),
      });
      rows.push({
        name: `${v.name} / node -e 0 (CPU)`,
        value: round(cpu[v.name] / cpu['node -e 0'], 2),
        digits: 2,
        unit: 'x',
      });
    }
    return rows;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.on('exit', r));
    scratch.cleanup();
  }
}
