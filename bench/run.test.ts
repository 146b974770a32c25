// The benchmark runner, run for real as `node bench/run.mjs`: discovery, the table contract, the JSON
// shape and its usage errors. It checks that figures are produced, never how fast anything is.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the runner is plain JavaScript without type declarations
import { selectFiles } from './run.mjs';

const ROOT = join(import.meta.dirname, '..');
const runner = (args: string[]) =>
  spawnSync(process.execPath, [join(ROOT, 'bench', 'run.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    // check-throughput warms up over the whole corpus twelve times: on a shared machine that alone can take minutes.
    timeout: 300_000,
  });

interface Row {
  name: string;
  value: number;
  unit: string;
  target?: number;
}

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist', 'gavel.mjs'))) {
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  }
});

describe('bench/run.mjs', () => {
  it('--list names every benchmark file and no helper', () => {
    const result = runner(['--list']);
    expect(result.status).toBe(0);
    const want = readdirSync(join(ROOT, 'bench'))
      .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs' && !f.startsWith('_'))
      .sort();
    expect(result.stdout.trim().split('\n')).toEqual(want);
    expect(want).toContain('cold-start.mjs');
  });

  it.each(
    readdirSync(join(ROOT, 'bench')).filter(
      (f) => f.endsWith('.mjs') && f !== 'run.mjs' && !f.startsWith('_'),
    ),
  )('%s exports a title and run() for the runner', async (file) => {
    const mod = (await import(join(ROOT, 'bench', file))) as { run?: unknown; title?: unknown };
    expect(typeof mod.run).toBe('function');
    expect(typeof mod.title).toBe('string');
  });

  it('--json gives rows with a name, a finite value and a unit for the cold start', () => {
    const result = runner(['--json', '--runs', '1', '--warmup', '0', 'cold-start']);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as {
      machine: { cpus: number; node: string; runs: number };
      results: { file: string; rows: Row[] }[];
    };
    expect(report.machine).toMatchObject({ node: process.version, runs: 1 });
    expect(report.results.map((r) => r.file)).toEqual(['cold-start.mjs']);
    const rows = report.results[0]?.rows ?? [];
    const names = rows.map((r) => r.name);
    for (const variant of ['node -e 0', 'node dist/gavel.mjs --version', 'node bin/gavel --version']) {
      expect(names).toContain(`${variant}: median`);
      expect(names).toContain(`${variant}: peak RSS`);
    }
    expect(names).toContain('node bin/gavel --version ÷ node -e 0 (medians)');
    for (const row of rows) {
      expect(Number.isFinite(row.value), row.name).toBe(true);
      expect(row.value, row.name).toBeGreaterThan(0);
      expect(row.unit).toMatch(/^(ms|MiB|×)$/);
    }
  });

  it.each([['check-throughput'], ['ask'], ['reviewer-overhead']])(
    '%s runs and gives finite figures',
    (name) => {
      const result = runner(['--json', '--runs', '1', '--warmup', '0', name]);
      expect(result.status, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout) as { results: { file: string; rows: Row[] }[] };
      const rows = report.results[0]?.rows ?? [];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Number.isFinite(row.value), row.name).toBe(true);
    },
    300_000,
  );

  it('--json gives the hook cold start rows: gavel on Bash and Read, the peer, ratios against node -e 0', () => {
    const result = runner(['--json', '--runs', '1', '--warmup', '0', 'hook-cold-start']);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { results: { file: string; rows: Row[] }[] };
    expect(report.results.map((r) => r.file)).toEqual(['hook-cold-start.mjs']);
    const rows = report.results[0]?.rows ?? [];
    const byName = new Map(rows.map((r) => [r.name, r]));
    for (const v of [
      'node -e 0',
      'gavel hook (Bash)',
      'gavel hook (Read)',
      'gavel hook (Bash, WASM parser)',
      'cc-safety-net (Bash)',
    ]) {
      expect(byName.get(`${v}: median`)?.unit).toBe('ms');
      expect(byName.get(`${v}: peak RSS`)?.unit).toBe('MiB');
    }
    expect(byName.get('gavel (Bash) ÷ node -e 0')).toMatchObject({ unit: '×', target: 1.5 });
    expect(byName.get('gavel (Bash) ÷ cc-safety-net (Bash)')).toMatchObject({ unit: '×', target: 1 });
    expect(byName.get('gavel (Bash, WASM parser) ÷ node -e 0')?.unit).toBe('×');
    for (const row of rows) expect(row.value, row.name).toBeGreaterThan(0);
  });

  it('peakRssMiB reports the child’s own peak, not the larger parent’s (maxRSS survives execve)', async () => {
    // @ts-expect-error: plain JavaScript helper without type declarations
    const { peakRssMiB } = await import('./_measure.mjs');
    const ballast = Buffer.alloc(300 * 2 ** 20, 1); // this process now holds 300 MiB more than a bare node
    const bare = peakRssMiB(
      { name: 'bare', command: process.execPath, args: ['-e', '0'] },
      { runs: 1, cwd: ROOT },
    );
    const grown = peakRssMiB(
      { name: 'grown', command: process.execPath, args: ['-e', 'Buffer.alloc(200 * 2 ** 20, 1)'] },
      { runs: 1, cwd: ROOT },
    );
    expect(ballast.length).toBeGreaterThan(0);
    expect(bare).toBeLessThan(150);
    expect(grown).toBeGreaterThan(bare + 150);
  });

  it.each([
    ['no filter: every file', [], ['a.mjs', 'cold-start.mjs', 'hook-cold-start.mjs']],
    ['a substring: every file containing it', ['start'], ['cold-start.mjs', 'hook-cold-start.mjs']],
    ['an exact name: that file alone', ['cold-start'], ['cold-start.mjs']],
    ['an exact file name: that file alone', ['cold-start.mjs'], ['cold-start.mjs']],
    ['two filters: the union, in file order', ['hook', 'a'], ['a.mjs', 'hook-cold-start.mjs']],
  ])('selectFiles, %s', (_name, filters, want) => {
    expect(selectFiles(['a.mjs', 'cold-start.mjs', 'hook-cold-start.mjs'], filters)).toEqual(want);
  });

  it('prints one table with a header and the machine line', () => {
    const result = runner(['--runs', '1', '--warmup', '0', 'cold-start']);
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\d, \d+ × .+, node v20\./);
    expect(lines[1]).toMatch(/^benchmark\s+measure\s+value\s+unit\s+target\s+met\s+note$/);
    expect(lines.slice(2).every((l) => l.startsWith('CLI cold start'))).toBe(true);
  });

  it.each([
    [
      'a run count that is not a number',
      ['--runs', 'many'],
      2,
      'bench: --runs must be a whole number of at least 1, not `many`\n',
    ],
    ['no runs at all', ['--runs', '0'], 2, 'bench: --runs must be a whole number of at least 1, not `0`\n'],
    [
      'a negative warm-up',
      ['--warmup=-1'],
      2,
      'bench: --warmup must be a whole number of at least 0, not `-1`\n',
    ],
    ['a filter that matches nothing', ['no-such-benchmark'], 2, 'bench: no benchmark file matches\n'],
  ])('%s: a usage error on one line', (_name, args, status, stderr) => {
    const result = runner(args);
    expect(result.status).toBe(status);
    expect(result.stderr).toBe(stderr);
  });
});
