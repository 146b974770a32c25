// The audit page's server over real HTTP on loopback: the secret prefix, the Host check, the summary API.
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LogPage, serveLogPage } from './log-server';
import { MORNING, writeLog } from './testdata/write-log';

const TOKEN = 'test-token-0123456789abcdef';
let page: LogPage;
let port: number;

function get(
  path: string,
  host?: string,
  method = 'GET',
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: host === undefined ? {} : { host } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  page = await serveLogPage({ logFile: writeLog(MORNING), token: TOKEN });
  port = Number(new URL(page.url).port);
});
afterAll(() => page.close());

describe('the log page server', () => {
  it('listens on loopback under the secret prefix', () => {
    expect(page.url).toBe(`http://127.0.0.1:${port}/${TOKEN}/`);
  });

  it.each([
    ['the page', '', 'text/html'],
    ['its script', 'page.js', 'text/javascript'],
    ['its style', 'page.css', 'text/css'],
    ['the chart library, from the installed package', 'chart.js', 'text/javascript'],
  ])('serves %s', async (_name, path, type) => {
    const r = await get(`/${TOKEN}/${path}`);
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toContain(type);
    expect(String(r.headers['content-security-policy'])).toContain("default-src 'none'");
  });

  it('answers the summary of the real log, filtered', async () => {
    const all = JSON.parse((await get(`/${TOKEN}/api/summary`)).body);
    expect(all.total).toBe(7);
    const codex = JSON.parse((await get(`/${TOKEN}/api/summary?harness=codex&verdict=deny`)).body);
    expect(codex.total).toBe(3);
    // Each record carries its redacted preview (ADR 0027), and the page script draws a `what` column of it.
    const previews = all.records.map((r: { preview?: string }) => r.preview ?? null);
    expect(previews).toContain('rm -rf /');
    expect(previews).toContain('DB_PASSWORD=[redacted:assignment] cat .env');
    expect(JSON.stringify(all)).not.toContain('hunter2x');
    const script = (await get(`/${TOKEN}/page.js`)).body;
    expect(script).toContain('r.preview');
  });

  it.each([
    ['no prefix', '/', undefined, 'GET'],
    ['a wrong token', '/wrong-token-0123456789ab/', undefined, 'GET'],
    ['a wrong token for the data', '/wrong-token-0123456789ab/api/summary', undefined, 'GET'],
    ['a foreign Host (DNS rebinding)', `/${TOKEN}/api/summary`, 'evil.example:80', 'GET'],
    ['a POST', `/${TOKEN}/api/summary`, undefined, 'POST'],
    ['an unknown file', `/${TOKEN}/../etc/passwd`, undefined, 'GET'],
  ])('refuses %s with a bare 404', async (_name, path, host, method) => {
    const r = await get(path, host, method);
    expect(r.status).toBe(404);
    expect(r.body).toBe('not found');
  });

  it('a log that cannot be read (a folder) is a 500 without its path', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gavel-web-folder-'));
    const broken = await serveLogPage({ logFile: folder, token: TOKEN });
    try {
      const p = Number(new URL(broken.url).port);
      const saved = port;
      port = p;
      const r = await get(`/${TOKEN}/api/summary`);
      port = saved;
      expect(r.status).toBe(500);
      expect(r.body).not.toContain(folder);
    } finally {
      await broken.close();
    }
  });

  it('refuses a short token', async () => {
    await expect(serveLogPage({ logFile: '/tmp/x', token: 'short' })).rejects.toThrow('at least 16');
  });
});
