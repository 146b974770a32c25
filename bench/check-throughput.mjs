// In-process throughput of action review on shell commands: decisions per second through the real `check()`
// (bundled policy, default `check` settings, real shell analyzer; no reviewer), and the shell analyzer alone,
// on the shell corpora (eval/corpora/check/*.json, plus ../shared/corpora/shell/*.json when present), with the
// parser loaded once. Target (issue 3): at least 20,000 decisions per second. Bundles the sources with
// esbuild into .tmp/bench-check/ first, as the CLI is bundled.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { median, round } from './_measure.mjs';

export const title = 'Check throughput';

export const TARGET_PER_SECOND = 20_000;

const ENTRY = `
export { check, compilePolicy, emptyContext } from './src/check/index.ts';
export { analyzeShell, analyzeShellSync, loadShellParser } from './src/shell/index.ts';
export { tableSettings } from './src/config/index.ts';
export { systemClock } from './src/core/index.ts';
`;

/** Every shell command of the corpora in `dirs` (JSON arrays of `{ command }`), in file order. */
export function corpusCommands(dirs) {
  const out = [];
  for (const dir of dirs.filter((d) => existsSync(d))) {
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      for (const c of JSON.parse(readFileSync(join(dir, file), 'utf8')))
        if (typeof c.command === 'string') out.push(c.command);
    }
  }
  return out;
}

/** Passes over the corpus, of check() and of the analyzer each, before any is measured (see `run`). */
const WARMUP_PASSES = 12;

/**
 * Calls each of `fns` for `count` items, `rounds` times, the functions taking turns round by round so that
 * both see the same neighbours; returns per function the median rate per second over the rounds, by wall clock
 * and by this process's CPU time (user + system). On a shared machine the wall-clock rate also measures the
 * neighbours (a pass is preempted whenever they run); the CPU-time rate is what gavel costs.
 */
async function rates(count, rounds, fns) {
  const wall = fns.map(() => []);
  const cpu = fns.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [k, once] of fns.entries()) {
      const started = performance.now();
      const usage = process.cpuUsage();
      for (let i = 0; i < count; i++) await once(i);
      const used = process.cpuUsage(usage);
      wall[k].push((count * 1000) / (performance.now() - started));
      cpu[k].push((count * 1e6) / (used.user + used.system));
    }
  }
  return fns.map((_, k) => ({ wall: median(wall[k]), cpu: median(cpu[k]) }));
}

/**
 * Bundles checkout `dir`'s check(), shell analyzer and config tables (ENTRY) into `out` and imports it; also for
 * bench/check-vs-build.mjs and bench/_decisions.mjs. Packages resolve from `dir`'s node_modules.
 */
export async function loadCheckBundle(dir, out) {
  mkdirSync(dirname(out), { recursive: true });
  await build({
    stdin: { contents: ENTRY, resolveDir: dir, loader: 'ts' },
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    nodePaths: [join(dir, 'node_modules')],
    banner: {
      js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);",
    },
  });
  return import(`${pathToFileURL(out).href}?t=${Date.now()}`);
}

/** The bundled policy of checkout `dir` (its rules/, default `check` settings) compiled by bundle `m`. */
export function bundledPolicy(m, dir) {
  const rule = (name) => JSON.parse(readFileSync(join(dir, 'rules', name), 'utf8'));
  const safe = join(dir, 'rules', 'check-safe.json');
  const compiled = m.compilePolicy({
    policyJson: rule('check-policy.json'),
    floorJson: rule('check-floor.json'),
    pathsJson: rule('check-paths.json'),
    ...(existsSync(safe) ? { safeJson: rule('check-safe.json') } : {}),
    check: Object.fromEntries([...m.tableSettings('check')].map(([key, spec]) => [key, spec.default])),
  });
  if (!compiled.ok) throw new Error(`${dir}: the bundled policy does not compile: ${compiled.problem}`);
  return compiled.policy;
}

/** The Bash request of every benchmark of check(): one project, no real files under it. */
export const BENCH_CWD = '/workspace/project';

export function shellRequest(m, command) {
  return {
    toolName: 'Bash',
    input: { kind: 'shell', command },
    cwd: BENCH_CWD,
    workspaceRoots: [BENCH_CWD],
    home: '/home/dev',
    tempDirs: ['/tmp'],
    context: m.emptyContext(),
  };
}

export async function run({ root, runs }) {
  const m = await loadCheckBundle(root, join(root, '.tmp', 'bench-check', 'bench-check.mjs'));
  const policy = bundledPolicy(m, root);
  const cwd = BENCH_CWD;
  // The analyzer alone runs on the policy's path table, as check() does.
  const env = {
    paths: policy.paths,
    cwd,
    home: '/home/dev',
    workspaceRoots: [cwd],
    tempDirs: ['/tmp'],
  };
  const commands = corpusCommands([
    join(root, 'eval', 'corpora', 'check'),
    resolve(root, '..', 'shared', 'corpora', 'shell'),
    resolve(root, '..', '..', 'shared', 'corpora', 'shell'),
  ]);
  if (commands.length === 0) throw new Error('no shell corpus found (eval/corpora/check/*.json)');
  const deps = { analyzeShell: m.analyzeShell, policy, clock: m.systemClock };
  await m.loadShellParser();
  const requests = commands.map((command) => shellRequest(m, command));
  const verdicts = {};
  for (const r of requests) {
    const d = await m.check(r, deps); // a sanity check that decisions are made
    verdicts[d.verdict] = (verdicts[d.verdict] ?? 0) + 1;
  }
  // JIT warm-up of both paths before either is measured: a pass over the corpus keeps getting faster for
  // about ten passes (V8 tiers up the JavaScript and tree-sitter's WASM). With two passes, check() was measured
  // while still warming and the analyzer, measured after it, was not.
  for (let pass = 0; pass < WARMUP_PASSES; pass++) {
    for (const r of requests) await m.check({ ...r }, deps);
    for (const c of commands) m.analyzeShellSync(c, env);
  }
  const rounds = Math.max(5, Math.min(15, Math.round(runs / 3)));
  // Each call gets its own request object, as a server parses one per call: check() keeps what it derives from a
  // request per object (the shell environment, its path scope), and handing it the same object every pass
  // measured those caches hit, which no real request does (ADR 0090).
  const [checkRate, analyzerRate] = await rates(requests.length, rounds, [
    (i) => m.check({ ...requests[i] }, deps),
    (i) => m.analyzeShellSync(commands[i], env),
  ]);
  const mix = Object.entries(verdicts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const passes = `median of ${rounds} passes`;
  return [
    {
      name: 'check(): decisions per CPU-second',
      value: Math.round(checkRate.cpu),
      unit: '/s',
      target: TARGET_PER_SECOND,
      better: 'higher',
      note: `${commands.length} commands (${mix}), ${passes}`,
    },
    {
      name: 'check(): decisions per wall-second',
      value: Math.round(checkRate.wall),
      unit: '/s',
      target: TARGET_PER_SECOND,
      better: 'higher',
      note: `${passes}; includes time the neighbours take`,
    },
    { name: 'check(): CPU per decision', value: round(1000 / checkRate.cpu, 3), digits: 3, unit: 'ms' },
    {
      name: 'analyzer alone: analyses per CPU-second',
      value: Math.round(analyzerRate.cpu),
      unit: '/s',
      note: `analyzeShellSync, ${passes}`,
    },
    {
      name: 'analyzer alone: analyses per wall-second',
      value: Math.round(analyzerRate.wall),
      unit: '/s',
      note: passes,
    },
  ];
}
