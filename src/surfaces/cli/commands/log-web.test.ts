// `gavel log --web` as a user runs it: the built CLI in a real process prints the page's loopback address, the
// page and its summary answer over real HTTP, and SIGTERM stops it with exit 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MORNING, writeLog } from '../../web/testdata/write-log';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'bin', 'gavel');
let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

function firstLine(c: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    c.stdout?.setEncoding('utf8');
    c.stdout?.on('data', (d: string) => {
      out += d;
      if (out.includes('\n')) resolve(out.split('\n')[0] as string);
    });
    c.on('exit', (code) => reject(new Error(`exited ${code} before printing an address`)));
  });
}

describe('gavel log --web', () => {
  it('serves the page of the given log on loopback until SIGTERM', async () => {
    child = spawn(process.execPath, [BIN, 'log', '--web', '--file', writeLog(MORNING)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await firstLine(child);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{32}\/$/);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('gavel audit log');
    const summary = (await (await fetch(`${url}api/summary`)).json()) as { total: number };
    expect(summary.total).toBe(7);
    expect((await fetch(url.replace(/\/[^/]+\/$/, '/'))).status).toBe(404);
    const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses --port without --web (exit 2)', async () => {
    child = spawn(process.execPath, [BIN, 'log', '--port', '8080'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr?.on('data', (d) => {
      err += String(d);
    });
    const code = await new Promise<number | null>((resolve) => child?.on('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(err).toContain('`--port` goes with `--web`');
  });
});
