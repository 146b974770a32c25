// Load bench of `gavel serve` (issue 15): 32 concurrent clients POST plain commands to /v1/check on loopback
// for a fixed time; prints decisions/s, p50/p99 latency, and checks that every answered decision has exactly
// one whole audit line. Usage: npm run build && node bench/_serve-load.mjs [seconds] [clients] [replicas]
// With replicas > 1 a redis-server (on a free port) holds their shared state ([serve] redis_url), all write one
// audit log, and the clients take the replicas in turn.
// Figures go in docs/benchmarks.md with the machine and date.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.argv[2] ?? 10);
const clients = Number(process.argv[3] ?? 32);
const replicas = Number(process.argv[4] ?? 1);
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
    [...nodeArgs, join(ROOT, 'bin', 'gavel'), 'serve', '--listen', '127.0.0.1:0'],
    {
      cwd: dir,
      env,
    },
  );
  const port = new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (c) => {
      err += c.toString();
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`gavel serve exited ${code}: ${err}`)));
  });
  return { child, port };
};
const servers = Array.from({ length: replicas }, startServe);
const ports = await Promise.all(servers.map((s) => s.port));

// node:http with kept-alive sockets, one per client: fetch (undici) costs the client about twice the CPU per
// request, and on two cores the client's CPU is taken from the server's.
const agent = new Agent({ keepAlive: true, maxSockets: clients });
let turn = 0;
const post = (command) =>
  new Promise((resolve, reject) => {
    const port = ports[turn++ % ports.length];
    const t = performance.now();
    const body = JSON.stringify({ tool: 'shell', input: { command } });
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/v1/check',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const d = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          resolve({ ms: performance.now() - t, verdict: d.verdict });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
// Warm up: the first requests compile what later ones reuse.
for (let i = 0; i < 50; i++) await post(COMMANDS[i % COMMANDS.length]);

// CPU time of the server (from /proc, Linux) and of this client over the measured window: on a box of two
// cores both share them, so the figures say what each costs per decision.
const serverCpuMs = () => {
  let ms = 0;
  for (const { child } of servers) {
    try {
      const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ms += ((Number(f[11]) + Number(f[12])) * 1000) / 100;
    } catch {
      return Number.NaN;
    }
  }
  return ms;
};
const server0 = serverCpuMs();
const client0 = process.cpuUsage();
const latencies = [];
const verdicts = {};
const end = performance.now() + seconds * 1000;
const started = performance.now();
await Promise.all(
  Array.from({ length: clients }, async (_, c) => {
    for (let i = c; performance.now() < end; i++) {
      const r = await post(COMMANDS[i % COMMANDS.length]);
      latencies.push(r.ms);
      verdicts[r.verdict] = (verdicts[r.verdict] ?? 0) + 1;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
const serverMs = serverCpuMs() - server0;
const clientUse = process.cpuUsage(client0);
const clientMs = (clientUse.user + clientUse.system) / 1000;
agent.destroy();
await Promise.all(
  servers.map(({ child }) => {
    child.kill('SIGTERM');
    return new Promise((r) => child.on('exit', r));
  }),
);
redis?.kill('SIGTERM');

latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(2);
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
const answered = latencies.length + 50;
console.log(
  JSON.stringify(
    {
      clients,
      replicas,
      seconds: Number(elapsed.toFixed(1)),
      cpus: cpus().length,
      decisions: latencies.length,
      decisionsPerSecond: Math.round(latencies.length / elapsed),
      p50ms: Number(pct(0.5)),
      p99ms: Number(pct(0.99)),
      serverCpuMsPerDecision: Number((serverMs / latencies.length).toFixed(3)),
      clientCpuMsPerDecision: Number((clientMs / latencies.length).toFixed(3)),
      loadAverage: loadavg()[0],
      verdicts,
      auditLines: lines.length,
      auditLinesWhole: whole,
      auditLinesLost: answered - whole,
    },
    null,
    2,
  ),
);
rmSync(dir, { recursive: true, force: true });
