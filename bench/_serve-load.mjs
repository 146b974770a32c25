// Load bench of `gavel serve` (issue 15): 32 concurrent clients POST plain commands to /v1/check on loopback
// for a fixed time; prints decisions/s, p50/p99 latency, and checks that every answered decision has exactly
// one whole audit line. Usage: npm run build && node bench/_serve-load.mjs [seconds] [clients] [replicas]
// With replicas > 1 a redis-server (on a free port) holds their shared state ([serve] redis_url), all write one
// audit log, and the clients take the replicas in turn.
// GAVEL_BENCH_ROOT: another checkout's build to measure (main's, interleaved with this one's);
// GAVEL_BENCH_SERVE_ARGS: more `gavel serve` arguments (`--workers 2`); GAVEL_BENCH_WARM_SECONDS: see below.
// GAVEL_BENCH_CLIENT=wrk: the clients are wrk's (Debian's `wrk`, C, epoll; bench/_serve-load-wrk.lua), the same 32
// kept-alive connections sending the same request bodies one at a time, each answer's status and verdict counted,
// the audit log checked the same way; its latency quantiles are wrk's (per request, over the whole window, which
// opens its connections: the Node client's are made before the warm-up). It costs the shared cores less CPU per
// request than the Node client (the default, kept as the fallback).
// Figures go in docs/benchmarks.md with the machine and date.

import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = process.env.GAVEL_BENCH_ROOT || join(dirname(fileURLToPath(import.meta.url)), '..');
const serveArgs = (process.env.GAVEL_BENCH_SERVE_ARGS ?? '').split(' ').filter(Boolean);
const workers = Number(serveArgs[serveArgs.indexOf('--workers') + 1] ?? 1) || 1;
const seconds = Number(process.argv[2] ?? 10);
const clients = Number(process.argv[3] ?? 32);
const replicas = Number(process.argv[4] ?? 1);
const clientKind = process.env.GAVEL_BENCH_CLIENT === 'wrk' ? 'wrk' : 'node';
if (clientKind === 'wrk' && spawnSync('wrk', ['--version']).error) {
  console.error('GAVEL_BENCH_CLIENT=wrk: `wrk` is not installed (apt-get install wrk)');
  process.exit(1);
}
const COMMANDS = [
  'ls',
  'git status',
  'cat README.md',
  'npm test',
  'grep -r foo src',
  'pwd',
  'git log --oneline -5',
];

const dir = mkdtempSync(join(tmpdir(), 'gavel-bench-serve-'));
const env = {
  PATH: process.env.PATH,
  HOME: dir,
  XDG_CONFIG_HOME: join(dir, 'cfg'),
  GAVEL_LOG_DIR: join(dir, 'logs'),
};
const nodeArgs = (process.env.GAVEL_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
// GAVEL_BENCH_SERVER_STDOUT=FILE: the servers' stdout goes there (with GAVEL_BENCH_NODE_ARGS=--trace-gc, each
// collection's pause); otherwise it is read and dropped, so a chatty server never blocks on a full pipe.
const serverStdout = process.env.GAVEL_BENCH_SERVER_STDOUT;

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
let redis;
if (replicas > 1) {
  const redisPort = await freePort();
  redis = spawn('redis-server', [
    '--port',
    String(redisPort),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await new Promise((resolve, reject) => {
    let out = '';
    redis.stdout.on('data', (c) => {
      out += c.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    redis.on('exit', (code) => reject(new Error(`redis-server exited ${code}`)));
  });
  env.GAVEL_REDIS_URL = `redis://127.0.0.1:${redisPort}`;
}

const startServe = () => {
  const child = spawn(
    process.execPath,
    [...nodeArgs, join(ROOT, 'bin', 'gavel'), 'serve', '--listen', '127.0.0.1:0', ...serveArgs],
    {
      cwd: dir,
      env,
    },
  );
  if (serverStdout) child.stdout.on('data', (c) => appendFileSync(serverStdout, c));
  else child.stdout.resume();
  const port = new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (c) => {
      err += c.toString();
      // With --workers N, each worker says it listens (on the same port): wait for all of them.
      const all = [...err.matchAll(/listening on http:\/\/127\.0\.0\.1:(\d+)/g)];
      if (all.length >= workers) resolve(Number(all[0][1]));
    });
    child.on('exit', (code) => reject(new Error(`gavel serve exited ${code}: ${err}`)));
  });
  return { child, port };
};
const servers = Array.from({ length: replicas }, startServe);
const ports = await Promise.all(servers.map((s) => s.port));

// One kept-alive HTTP/1.1 connection per client, written and parsed by hand: node:http costs the client about
// 0.65 ms of CPU per request and fetch twice that, and on two cores the client's CPU is taken from the server's.
// Each connection carries one request at a time (no pipelining), as 32 separate agents would.
const BODIES = COMMANDS.map((command) => JSON.stringify({ tool: 'shell', input: { command } }));
const REQUESTS = BODIES.map((body) => {
  return Buffer.from(
    `POST /v1/check HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
});
const VERDICT = /"verdict":"(\w+)"/;
let turn = 0;
function openClient() {
  const port = ports[turn++ % ports.length];
  const socket = connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  let buffered = Buffer.alloc(0);
  let waiting;
  socket.on('data', (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    const head = buffered.indexOf('\r\n\r\n');
    if (head < 0 || !waiting) return;
    const m = /content-length: (\d+)/i.exec(buffered.subarray(0, head).toString('latin1'));
    const length = m ? Number(m[1]) : 0;
    if (buffered.length < head + 4 + length) return;
    const body = buffered.subarray(head + 4, head + 4 + length).toString('utf8');
    buffered = buffered.subarray(head + 4 + length);
    const done = waiting;
    waiting = undefined;
    done.resolve({ ms: performance.now() - done.t, verdict: VERDICT.exec(body)?.[1] ?? 'unreadable' });
  });
  socket.on('error', (e) => waiting?.reject(e));
  return {
    post: (i) =>
      new Promise((resolve, reject) => {
        waiting = { resolve, reject, t: performance.now() };
        socket.write(REQUESTS[i % REQUESTS.length]);
      }),
    close: () => socket.destroy(),
  };
}
const pool = Array.from({ length: clients }, openClient);
const post = (i, c = 0) => pool[c].post(i);
// Warm up: the first requests compile what later ones reuse.
for (let i = 0; i < 50; i++) await post(i, i % clients);
// GAVEL_BENCH_WARM_SECONDS: all clients first run that long unmeasured (their decisions still checked in the
// audit log): a fresh server takes several thousand decisions to reach its steady cost per decision (ADR 0053).
const warmSeconds = Number(process.env.GAVEL_BENCH_WARM_SECONDS ?? 0);
let warmed = 0;

// CPU time of the server (from /proc, Linux) and of this client over the measured window: on a box of two
// cores both share them, so the figures say what each costs per decision.
const treeOf = (pid) => {
  const pids = [pid];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`))
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter(Boolean))
        pids.push(...treeOf(Number(child)));
  } catch {}
  return pids;
};
// Every process of each server (with --workers, the primary and its workers).
const serverPids = () => servers.flatMap(({ child }) => treeOf(child.pid));
const statFields = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
const cpuOf = (pid) => {
  try {
    const f = statFields(pid);
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return 0;
  }
};
const latencies = [];
const verdicts = {};
let measure;
if (clientKind === 'wrk') {
  for (const c of pool) c.close();
  // wrk takes one address: with replicas, one wrk per replica, the clients split between them.
  const lua = join(dirname(fileURLToPath(import.meta.url)), '_serve-load-wrk.lua');
  const threads = process.env.GAVEL_BENCH_WRK_THREADS ?? '1';
  const runWrk = (secs) =>
    Promise.all(
      ports.map(
        (port, r) =>
          new Promise((resolve, reject) => {
            const conns = Math.floor(clients / ports.length) + (r < clients % ports.length ? 1 : 0);
            const args = ['-t', threads, '-c', String(conns), '-d', `${secs}s`, '--timeout', '10s'];
            const url = `http://127.0.0.1:${port}/v1/check`;
            const child = spawn('wrk', [...args, '-s', lua, url, '--', ...BODIES]);
            let out = '';
            child.stdout.on('data', (c) => {
              out += c.toString();
            });
            child.on('exit', () => {
              const line = out.split('\n').find((l) => l.startsWith('WRK '));
              if (line) resolve(JSON.parse(line.slice(4)));
              else reject(new Error(`wrk printed no summary: ${out}`));
            });
          }),
      ),
    );
  if (warmSeconds > 0) warmed = (await runWrk(warmSeconds)).reduce((n, w) => n + w.requests, 0);
  // wrk's CPU: what this process's waited-for children used (the servers are still running, not waited for).
  const childrenCpuMs = () => {
    const f = statFields(process.pid);
    return ((Number(f[13]) + Number(f[14])) * 1000) / 100;
  };
  measure = async () => {
    const c0 = childrenCpuMs();
    const runs = await runWrk(seconds);
    for (const w of runs) {
      for (const [k, n] of Object.entries(w.verdicts)) if (n > 0) verdicts[k] = (verdicts[k] ?? 0) + n;
      if (w.non200 > 0) verdicts.non200 = (verdicts.non200 ?? 0) + w.non200;
      for (const [k, n] of Object.entries(w.errors)) if (n > 0) verdicts[`error-${k}`] = n;
    }
    return {
      elapsed: Math.max(...runs.map((w) => w.microseconds)) / 1e6,
      decisions: runs.reduce((n, w) => n + w.requests, 0),
      // With one wrk per replica the quantiles cannot be merged: the worse of them.
      p50: Math.max(...runs.map((w) => w.p50us)) / 1000,
      p99: Math.max(...runs.map((w) => w.p99us)) / 1000,
      clientMs: childrenCpuMs() - c0,
    };
  };
} else {
  if (warmSeconds > 0) {
    const until = performance.now() + warmSeconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let i = c; performance.now() < until; i++) {
          await post(i, c);
          warmed += 1;
        }
      }),
    );
  }
  measure = async () => {
    const client0 = process.cpuUsage();
    const end = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let i = c; performance.now() < end; i++) {
          const r = await post(i, c);
          latencies.push(r.ms);
          verdicts[r.verdict] = (verdicts[r.verdict] ?? 0) + 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const clientUse = process.cpuUsage(client0);
    for (const c of pool) c.close();
    latencies.sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
    return {
      elapsed,
      decisions: latencies.length,
      p50: pct(0.5),
      p99: pct(0.99),
      clientMs: (clientUse.user + clientUse.system) / 1000,
    };
  };
}
const measured = serverPids();
const serverCpuMs = () => measured.reduce((sum, pid) => sum + cpuOf(pid), 0);
const server0 = serverCpuMs();
const m = await measure();
const serverMs = serverCpuMs() - server0;
await Promise.all(
  servers.map(({ child }) => {
    child.kill('SIGTERM');
    return new Promise((r) => child.on('exit', r));
  }),
);
redis?.kill('SIGTERM');

const lines = readFileSync(join(dir, 'logs', 'decisions.ndjson'), 'utf8')
  .trim()
  .split('\n');
const whole = lines.filter((l) => {
  try {
    JSON.parse(l);
    return true;
  } catch {
    return false;
  }
}).length;
const answered = m.decisions + 50 + warmed;
// wrk stops a run with up to one request per connection unanswered, which the server still decides and records:
// with wrk, up to `clients` lines per run more than the answers (`auditLinesUnanswered`), never fewer.
console.log(
  JSON.stringify(
    {
      client: clientKind,
      clients,
      replicas,
      seconds: Number(m.elapsed.toFixed(1)),
      warmSeconds,
      cpus: cpus().length,
      decisions: m.decisions,
      decisionsPerSecond: Math.round(m.decisions / m.elapsed),
      p50ms: Number(m.p50.toFixed(2)),
      p99ms: Number(m.p99.toFixed(2)),
      serverCpuMsPerDecision: Number((serverMs / m.decisions).toFixed(3)),
      clientCpuMsPerDecision: Number((m.clientMs / m.decisions).toFixed(3)),
      loadAverage: loadavg()[0],
      verdicts,
      auditLines: lines.length,
      auditLinesWhole: whole,
      auditLinesLost: Math.max(0, answered - whole),
      auditLinesUnanswered: Math.max(0, whole - answered),
    },
    null,
    2,
  ),
);
rmSync(dir, { recursive: true, force: true });
