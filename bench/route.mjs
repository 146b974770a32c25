// Benchmark: `gavel route` on a 500-file diff in a 10,000-file repository (target: under 2 s, most of it
// git). Builds the repository with real git in a temporary folder, then runs the built CLI (`bin/gavel`)
// several times (at most 7: each run is seconds) and reports the median and the spread. Run by
// `npm run bench`, or alone (`npm run bench:route`); needs `npm run build` first.
// BENCH_FILES and BENCH_CHANGED change the repository's size. A second row routes the worst inputs the
// hostile-repository tests hold to linear time: a megabyte manifest line, a megabyte opaque file, 500
// symlinks in the tree, a path segment of 200 control characters, and a PR body of a megabyte of
// brackets and repeated phrase openings.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderRows } from './_table.mjs';

export const title = 'route';

const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const CHANGED = Number(process.env.BENCH_CHANGED ?? 500);

export async function run({ root: checkout, runs }) {
  const RUNS = Math.min(runs, 7);
  const root = mkdtempSync(join(tmpdir(), 'gavel-bench-route-'));
  const env = {
    PATH: process.env.PATH,
    HOME: root,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'bench',
    GIT_AUTHOR_EMAIL: 'bench@example.org',
    GIT_COMMITTER_NAME: 'bench',
    GIT_COMMITTER_EMAIL: 'bench@example.org',
  };
  const git = (...args) =>
    execFileSync('git', args, { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
  const repo = join(root, 'repo');
  const body = (i, tag) =>
    Array.from({ length: 20 }, (_, j) => `export const v${i}_${j} = '${tag}${j}';`).join('\n');
  const pathOf = (i) => {
    const dirs = ['src', 'lib', 'test', 'docs', 'src/auth', 'pkg'];
    return `${dirs[i % dirs.length]}/m${i % 97}/f${i}.${i % 6 === 3 ? 'md' : 'ts'}`;
  };

  try {
    mkdirSync(repo);
    git('init', '-q', '-b', 'main');
    for (let i = 0; i < FILES; i++) {
      const p = join(repo, pathOf(i));
      mkdirSync(join(p, '..'), { recursive: true });
      writeFileSync(p, `${body(i, 'a')}\n`);
    }
    mkdirSync(join(repo, '.github'), { recursive: true });
    writeFileSync(join(repo, '.github', 'CODEOWNERS'), '/src/auth/ @acme/security\n*.md @acme/docs\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    git('checkout', '-q', '-b', 'feature');
    const step = Math.floor(FILES / CHANGED);
    for (let k = 0; k < CHANGED; k++) writeFileSync(join(repo, pathOf(k * step)), `${body(k * step, 'b')}\n`);
    git('add', '-A');
    git('commit', '-q', '-m', 'change 500 files');

    const times = [];
    let outcome = '';
    for (let r = 0; r < RUNS; r++) {
      const started = process.hrtime.bigint();
      const res = spawnSync(
        process.execPath,
        [join(checkout, 'bin', 'gavel'), 'route', '--json', '--base', 'main'],
        { cwd: repo, env, encoding: 'utf8', maxBuffer: 1 << 28 },
      );
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (res.status === 1 || res.status === 2 || res.status === 3)
        throw new Error(`gavel route failed (exit ${res.status}): ${res.stderr}`);
      outcome = JSON.parse(res.stdout).outcome;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];

    // The worst inputs, on a branch of their own.
    git('checkout', '-q', '-b', 'hostile', 'main');
    writeFileSync(
      join(repo, 'package.json'),
      `{"dependencies": {"a": "1.0.0"}, "x": "${'"'.repeat(1)}${' version = "1'.repeat(80_000)}"}\n`,
    );
    const opaque = Buffer.alloc(1 << 20, 7);
    opaque[0] = 0;
    writeFileSync(join(repo, 'tool.bin'), opaque);
    mkdirSync(join(repo, 'links'));
    for (let i = 0; i < 500; i++) symlinkSync(`../src/m${i % 97}`, join(repo, 'links', `l${i}`));
    writeFileSync(join(repo, `src/auth${'\n\t'.repeat(100)}x.ts`), 'x\n');
    git('add', '-A');
    writeFileSync(join(root, 'message'), `${'not '.repeat(50_000)}WIP`);
    git('commit', '-q', '-F', join(root, 'message'));
    const pr = join(root, 'pr.json');
    const prBody = `${'['.repeat(500_000)}${'i '.repeat(250_000)}`;
    writeFileSync(
      pr,
      JSON.stringify({
        pull_request: {
          user: { login: 'n' },
          author_association: 'NONE',
          title: 't',
          body: prBody,
          labels: [],
        },
      }),
    );
    const worst = [];
    let worstOutcome = '';
    for (let r = 0; r < RUNS; r++) {
      const started = process.hrtime.bigint();
      const res = spawnSync(
        process.execPath,
        [join(checkout, 'bin', 'gavel'), 'route', '--json', '--base', 'main', '--pr', pr],
        { cwd: repo, env, encoding: 'utf8', maxBuffer: 1 << 28 },
      );
      worst.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (res.status === 1 || res.status === 2 || res.status === 3)
        throw new Error(`gavel route failed on the worst inputs (exit ${res.status}): ${res.stderr}`);
      worstOutcome = JSON.parse(res.stdout).outcome;
    }
    worst.sort((a, b) => a - b);
    return [
      {
        name: 'worst inputs (1 MB manifest line, 1 MB opaque file, 500 symlinks, 1 MB PR body): median',
        value: worst[Math.floor(worst.length / 2)],
        digits: 0,
        unit: 'ms',
        target: 2000,
        note: `whole process; min ${worst[0].toFixed(0)}, max ${worst.at(-1).toFixed(0)} ms, n=${RUNS}; outcome ${worstOutcome}`,
      },
      {
        name: `${CHANGED}-file diff, ${FILES}-file repository: median`,
        value: median,
        digits: 0,
        unit: 'ms',
        target: 2000,
        note: `whole process; min ${times[0].toFixed(0)}, max ${times.at(-1).toFixed(0)} ms, n=${RUNS}; outcome ${outcome}`,
      },
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const checkout = fileURLToPath(new URL('..', import.meta.url));
  const runs = Number(process.env.BENCH_RUNS ?? 7);
  process.stdout.write(`${renderRows([{ title, rows: await run({ root: checkout, runs, warmup: 0 }) }])}\n`);
}
