// In-process check() throughput of this checkout against other builds of gavel, interleaved in one process: each
// checkout's src/ bundled (as bench/check-throughput.mjs does), the same shell corpus (this checkout's), the
// builds taking turns every 50 commands so that each sees the same neighbours. Runs only when GAVEL_BENCH_BASE
// names the other checkouts (`:`-separated, the first the base of the ratios), as for bench/hook-vs-build.mjs:
//   GAVEL_BENCH_BASE=/tmp/base:/tmp/main node bench/run.mjs check-vs-build --runs 24
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { median, round } from './_measure.mjs';
import { corpusCommands } from './check-throughput.mjs';

export const title = 'Check throughput against other builds (GAVEL_BENCH_BASE)';

const ENTRY = `
export { check, compilePolicy, emptyContext } from './src/check/index.ts';
export { analyzeShell, loadShellParser } from './src/shell/index.ts';
export { tableSettings } from './src/config/index.ts';
export { systemClock } from './src/core/index.ts';
`;
const CHUNK = 50;
const WARMUP_PASSES = 12;

async function load(dir, outDir, name) {
  const out = join(outDir, `${name}.mjs`);
  await build({
    stdin: { contents: ENTRY, resolveDir: dir, loader: 'ts' },
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    nodePaths: [join(dir, 'node_modules')],
    banner: {
      js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);",
    },
  });
  const m = await import(`${pathToFileURL(out).href}?t=${Date.now()}`);
  const rule = (f) => JSON.parse(readFileSync(join(dir, 'rules', f), 'utf8'));
  const safe = join(dir, 'rules', 'check-safe.json');
  const compiled = m.compilePolicy({
    policyJson: rule('check-policy.json'),
    floorJson: rule('check-floor.json'),
    pathsJson: rule('check-paths.json'),
    ...(existsSync(safe) ? { safeJson: rule('check-safe.json') } : {}),
    check: Object.fromEntries([...m.tableSettings('check')].map(([k, spec]) => [k, spec.default])),
  });
  if (!compiled.ok) throw new Error(`${dir}: the bundled policy does not compile: ${compiled.problem}`);
  await m.loadShellParser();
  return { m, deps: { analyzeShell: m.analyzeShell, policy: compiled.policy, clock: m.systemClock } };
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
  const cwd = '/workspace/project';
  const requests = builds.map((b) =>
    commands.map((command) => ({
      toolName: 'Bash',
      input: { kind: 'shell', command },
      cwd,
      workspaceRoots: [cwd],
      home: '/home/dev',
      tempDirs: ['/tmp'],
      context: b.m.emptyContext(),
    })),
  );
  for (let pass = 0; pass < WARMUP_PASSES; pass++)
    for (const [k, b] of builds.entries()) for (const r of requests[k]) await b.m.check(r, b.deps);
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
          await b.m.check(requests[k][c], b.deps);
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
