// Measuring helpers for benchmark files: interleaved process timing, peak RSS, medians, machine facts.
// Never asserts anything: benchmarks report figures, and targets are read by people (docs/benchmarks.md).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** The median of a list of numbers (mean of the middle two for an even count). */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The q-quantile (0..1) by nearest rank. */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function spawnTimed(variant, cwd) {
  const started = performance.now();
  const result = spawnSync(variant.command, variant.args, {
    cwd,
    env: variant.env ?? process.env,
    stdio: [variant.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    ...(variant.input === undefined ? {} : { input: variant.input }),
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  if (result.status !== (variant.expectStatus ?? 0)) {
    const why = result.error ? result.error.message : `exit ${result.status}`;
    throw new Error(`${variant.name}: ${why}: ${String(result.stderr).split('\n')[0]}`);
  }
  return ms;
}

/**
 * Times each variant as a fresh process, interleaved: every round runs every variant once, in an order
 * that rotates each round, so a noisy neighbour slows all variants alike. Warm-up rounds are dropped.
 * variant: { name, command, args, env?, input? (stdin text), expectStatus? }. Returns { [name]: number[] } in milliseconds.
 */
export function timeInterleaved(variants, { runs, warmup, cwd }) {
  const samples = Object.fromEntries(variants.map((v) => [v.name, []]));
  for (let round = 0; round < warmup + runs; round++) {
    for (let k = 0; k < variants.length; k++) {
      const variant = variants[(round + k) % variants.length];
      const ms = spawnTimed(variant, cwd);
      if (round >= warmup) samples[variant.name].push(ms);
    }
  }
  return samples;
}

// Preloaded into the measured process: prints its peak RSS (KiB) on stderr as it exits. On Linux it reads
// VmHWM from /proc/self/status: getrusage's maxRSS survives execve, so a child spawned by a larger parent
// (this runner) reports the parent's peak. Elsewhere maxRSS is all there is.
const RSS_PROBE = `data:text/javascript,${encodeURIComponent(`import { readFileSync } from 'node:fs';
process.on('exit', () => {
  let kib = process.resourceUsage().maxRSS;
  try {
    const hwm = /^VmHWM:\\s+(\\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) kib = Number(hwm[1]);
  } catch {}
  process.stderr.write('\\ngavel-bench-maxrss=' + kib + '\\n');
});`)}`;

/**
 * Peak resident set size of a node process in MiB, the median of `runs` separate runs. The probe is
 * preloaded with --import and costs the same small amount in every variant.
 */
export function peakRssMiB(variant, { runs = 5, cwd }) {
  const values = [];
  for (let i = 0; i < runs; i++) {
    const result = spawnSync(variant.command, ['--import', RSS_PROBE, ...variant.args], {
      cwd,
      env: variant.env ?? process.env,
      ...(variant.input === undefined ? {} : { input: variant.input }),
      encoding: 'utf8',
    });
    const match = /gavel-bench-maxrss=(\d+)/.exec(String(result.stderr));
    if (!match) throw new Error(`${variant.name}: no peak RSS reported (exit ${result.status})`);
    values.push(Number(match[1]) / 1024);
  }
  return median(values);
}

/** The facts a figure is meaningless without. */
export function machine() {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) cpu = line.split(':')[1].trim();
  } catch {
    // not Linux: os.cpus() is all there is
  }
  return {
    date: new Date().toISOString().slice(0, 10),
    cpus: os.availableParallelism(),
    cpu,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadavg: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

export function round(value, digits = 1) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
