/**
 * Two `gavel serve` replicas sharing one real `redis-server` on a free loopback port: the reviewer's breaker
 * opened through one is open in the other, and with Redis down a review fails closed. Skipped, saying so, only
 * where the redis-server binary is absent (CI installs it: .ci/run).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, HAVE_REDIS, requireRedis, startRedis } from '../../../runtime/state/redis-server.testkit';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const BIN = join(ROOT, 'bin', 'gavel');
requireRedis('serve-redis.test');

const children: ChildProcess[] = [];
let dir: string;
let redis: ChildProcess;
let redisPort: number;
let a: number;
let b: number;
let baseEnv: NodeJS.ProcessEnv;

function startServe(env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(process.execPath, [BIN, 'serve', '--listen', '127.0.0.1:0'], { cwd: dir, env });
  children.push(child);
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString();
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+).*shared state in redis/.exec(err);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`gavel serve exited ${code}: ${err}`)));
  });
}

/** A call that needs the model reviewer (an MCP tool nothing knows), in one session. */
async function review(port: number, session: string): Promise<{ verdict: string; basis: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/check`, {
    method: 'POST',
    body: JSON.stringify({
      tool: 'mcp',
      input: { server: 'github', tool: 'create_issue', arguments: {} },
      session_id: session,
    }),
  });
  return (await res.json()) as { verdict: string; basis: string };
}

beforeAll(async () => {
  if (!HAVE_REDIS) return;
  dir = mkdtempSync(join(tmpdir(), 'gavel-redis-'));
  redisPort = await freePort();
  redis = await startRedis(redisPort);
  children.push(redis);
  // An empty script: every model call fails, which the breaker counts as an outage.
  writeFileSync(join(dir, 'script.json'), '[]');
  baseEnv = {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'cfg'),
    XDG_STATE_HOME: join(dir, 'state'),
    GAVEL_LOG_DIR: join(dir, 'logs'),
    GAVEL_CHECK_MODE: 'auto',
    GAVEL_MODEL: `scripted:${join(dir, 'script.json')}`,
    GAVEL_REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  };
  [a, b] = await Promise.all([startServe(baseEnv), startServe(baseEnv)]);
}, 60_000);

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!HAVE_REDIS)('gavel serve with [serve] redis_url', () => {
  it('opens the breaker in one replica through outages seen by the other', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) seen.push((await review(a, 'shared-session')).basis);
    expect(seen).not.toContain('breaker');
    const other = await review(b, 'shared-session');
    expect(other.basis).toBe('breaker');
    expect(other.verdict).not.toBe('allow');
    // Another session is not affected.
    expect((await review(b, 'fresh-session')).basis).not.toBe('breaker');
  });

  it('spends a run cap through one replica for both: the other makes no model call past it', async () => {
    // One model call per run, counted in another Redis database than the breaker test's calls.
    const env = { ...baseEnv, GAVEL_MAX_CALLS: '1', GAVEL_REDIS_URL: `redis://127.0.0.1:${redisPort}/1` };
    const [c, d] = await Promise.all([startServe(env), startServe(env)]);
    const first = await review(c, 'cap-session-1');
    expect(first.basis).not.toBe('cap');
    const second = await review(d, 'cap-session-2');
    expect(second.basis).toBe('cap');
    expect(second.verdict).not.toBe('allow');
    expect((await review(c, 'cap-session-3')).basis).toBe('cap');
  });

  it('fails closed when Redis goes down: a review is never allowed, deterministic decisions go on', async () => {
    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));
    const d = await review(a, 'after-redis-died');
    expect(d.verdict).not.toBe('allow');
    expect(d.basis).toBe('internal-error');
    const ls = await fetch(`http://127.0.0.1:${b}/v1/check`, {
      method: 'POST',
      body: JSON.stringify({ tool: 'shell', input: { command: 'ls' } }),
    });
    expect(((await ls.json()) as { verdict: string }).verdict).toBe('allow');
  });
});
