/**
 * Tests only: a real `redis-server` on a free loopback port, without persistence, for the shared-state tests of
 * the decision service (and its load bench's twin in bench/). HAVE_REDIS says whether the binary is here; under
 * CI its absence is an error (.ci/run installs it), elsewhere the caller skips and says so.
 */

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

export const HAVE_REDIS = spawnSync('redis-server', ['--version']).status === 0;

export function requireRedis(test: string): void {
  if (!HAVE_REDIS && process.env.CI)
    throw new Error('redis-server is not installed: .ci/run installs the package');
  if (!HAVE_REDIS) console.warn(`${test}: redis-server is not installed here; skipped (CI installs it)`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Starts redis-server on `port`; resolves once it accepts connections. */
export function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('Ready to accept connections')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`redis-server exited ${code}`)));
  });
}
