import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../core';
import { type CheckService, fileAuditSink, openCheckService } from '../../runtime';
import { decisionApp, type HookAnswer } from './decision-app';
import { Metrics } from './metrics';
import { type Started, startServer } from './start-server';
import { hashSecret } from './token-store';

const SECRET = 'gvl_test-secret-for-loopback';

let dir: string;
let logFile: string;
let service: CheckService;
let open: Started;
let guarded: Started;
let slow: Started;

async function post(
  server: Started,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> | undefined; text: string; headers: Headers }> {
  const res = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

function auditLines(): Record<string, unknown>[] {
  return readFileSync(logFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gavel-http-'));
  const env = { HOME: dir, XDG_CONFIG_HOME: join(dir, 'cfg'), GAVEL_LOG_DIR: join(dir, 'logs') };
  logFile = join(dir, 'logs', 'decisions.ndjson');
  service = await openCheckService({
    cwd: dir,
    env,
    clock: systemClock,
    audit: fileAuditSink(systemClock),
    kind: 'http',
  });
  const base = { service, metrics: new Metrics(), maxBodyBytes: 4096, timeoutMs: 10_000 };
  const hook = (name: string, payload: string): Promise<HookAnswer> | undefined =>
    name === 'echo' ? Promise.resolve({ stdout: payload, stderr: '', exitCode: payload ? 0 : 2 }) : undefined;
  open = await startServer(decisionApp({ ...base, tokens: () => [], hook }), '127.0.0.1', 0, {
    headersMs: 5_000,
    requestMs: 20_000,
  });
  guarded = await startServer(
    decisionApp({ ...base, tokens: () => [{ name: 'ci-runner', sha256: hashSecret(SECRET) }] }),
    '127.0.0.1',
    0,
    { headersMs: 5_000, requestMs: 20_000 },
  );
  // A hook that never answers: the request's own timeout must answer for it.
  slow = await startServer(
    decisionApp({ ...base, timeoutMs: 200, tokens: () => [], hook: () => new Promise<HookAnswer>(() => {}) }),
    '127.0.0.1',
    0,
    { headersMs: 5_000, requestMs: 20_000 },
  );
});

afterAll(async () => {
  await Promise.all([open.stop(1_000), guarded.stop(1_000), slow.stop(1_000)]);
  service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('POST /v1/check', () => {
  it('allows a known safe command and records one line naming the surface', async () => {
    const r = await post(open, '/v1/check', JSON.stringify({ tool: 'shell', input: { command: 'ls' } }));
    expect(r.status).toBe(200);
    expect(r.json?.verdict).toBe('allow');
    const last = auditLines().at(-1);
    expect(last?.kind).toBe('http');
    expect(last?.verdict).toBe('allow');
  });

  it('denies what the floor never grants', async () => {
    const r = await post(
      open,
      '/v1/check',
      JSON.stringify({ tool: 'shell', input: { command: 'rm -rf /' } }),
    );
    expect(r.status).toBe(200);
    expect(r.json?.verdict).toBe('deny');
    expect(r.json?.basis).toBe('floor');
  });

  it.each([
    ['a body that is not JSON', 'not json {', 400],
    ['a JSON value that is not a request', '[1,2]', 200],
    [
      'a body over the bound',
      JSON.stringify({ tool: 'shell', input: { command: `echo ${'a'.repeat(5000)}` } }),
      413,
    ],
  ])('denies %s, and records it', async (_name, body, status) => {
    const lines = auditLines().length;
    const r = await post(open, '/v1/check', body);
    expect(r.status).toBe(status);
    expect(r.json?.verdict).toBe('deny');
    expect(r.json?.basis).toBe('invalid-input');
    expect(auditLines().length).toBe(lines + 1);
    expect(JSON.stringify(auditLines().at(-1))).not.toContain('aaaa');
  });

  it('denies a body that stops half way once the request times out', async () => {
    const r = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: slow.port,
          path: '/v1/check',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': '200' },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => {
            body += c.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"tool":"shell","input":');
    });
    expect(r.status).toBe(503);
    const d = JSON.parse(r.body) as Record<string, unknown>;
    expect(d.verdict).toBe('deny');
    expect(d.basis).toBe('timeout');
  });
});

describe('the lean route and the framework route', () => {
  // `/v1/check` is served without the framework; with a query string the same route goes through it.
  it.each([
    ['a safe command', JSON.stringify({ tool: 'shell', input: { command: 'ls' } })],
    ['a floor deny', JSON.stringify({ tool: 'shell', input: { command: 'rm -rf /' } })],
    ['a body that is not JSON', 'not json {'],
    ['a JSON value that is not a request', '[1,2]'],
    ['an empty body', ''],
    ['a body over the bound', JSON.stringify({ tool: 'shell', input: { command: 'x'.repeat(5000) } })],
  ])('answer %s alike', async (_name, body) => {
    const lean = await post(open, '/v1/check', body);
    const framework = await post(open, '/v1/check?via=framework', body);
    expect(lean.status).toBe(framework.status);
    expect(lean.headers.get('content-type')).toBe(framework.headers.get('content-type'));
    for (const key of ['verdict', 'basis', 'reason'])
      expect([key, lean.json?.[key]]).toEqual([key, framework.json?.[key]]);
  });

  it.each([
    ['/v1/check', 'no header', {}],
    ['/v1/check?via=framework', 'no header', {}],
    ['/v1/check', 'a wrong secret', { authorization: 'Bearer gvl_wrong' }],
  ])('%s answers 401 with an empty body for %s', async (path, _name, headers) => {
    const r = await post(guarded, path, JSON.stringify({ tool: 'shell', input: { command: 'ls' } }), headers);
    expect(r.status).toBe(401);
    expect(r.text).toBe('');
    expect(r.headers.get('www-authenticate')).toBe('Bearer');
  });
});

describe('bearer tokens', () => {
  it.each([
    ['no header', {}],
    ['a wrong secret', { authorization: 'Bearer gvl_wrong' }],
    ['another scheme', { authorization: `Basic ${SECRET}` }],
  ])('answers 401 with no detail for %s', async (_name, headers) => {
    const r = await post(
      guarded,
      '/v1/check',
      JSON.stringify({ tool: 'shell', input: { command: 'ls' } }),
      headers,
    );
    expect(r.status).toBe(401);
    expect(r.text).toBe('');
  });

  it('refuses /metrics without a token', async () => {
    const res = await fetch(`http://127.0.0.1:${guarded.port}/metrics`);
    expect(res.status).toBe(401);
  });

  it('answers with the right secret and records the token name, never the secret', async () => {
    const r = await post(guarded, '/v1/check', JSON.stringify({ tool: 'shell', input: { command: 'ls' } }), {
      authorization: `Bearer ${SECRET}`,
    });
    expect(r.status).toBe(200);
    const last = auditLines().at(-1) as { detail: Record<string, unknown> };
    expect(last.detail.client).toBe('ci-runner');
    expect(readFileSync(logFile, 'utf8')).not.toContain(SECRET);
  });
});

describe('POST /v1/hook/<harness>', () => {
  it('answers the hook reply as its body when the hook exits 0', async () => {
    const r = await post(open, '/v1/hook/echo', '{"x":1}');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-gavel-exit-code')).toBe('0');
    expect(r.json).toEqual({ x: 1 });
  });

  it('carries a block as its exit code', async () => {
    const r = await post(open, '/v1/hook/echo', '');
    expect(r.headers.get('x-gavel-exit-code')).toBe('2');
    expect(r.json?.exit_code).toBe(2);
  });

  it('answers 404 for a harness it does not know', async () => {
    expect((await post(open, '/v1/hook/nothing', '{}')).status).toBe(404);
  });

  it('blocks a hook that does not answer in time, and records the deny', async () => {
    const r = await post(slow, '/v1/hook/any', '{}');
    expect(r.headers.get('x-gavel-exit-code')).toBe('2');
    expect(String(r.json?.stderr)).toContain('did not finish in time');
    expect(auditLines().at(-1)).toMatchObject({ verdict: 'deny', basis: 'timeout' });
    const text = await (await fetch(`http://127.0.0.1:${slow.port}/metrics`)).text();
    expect(text).toMatch(/^gavel_decisions_total\{verdict="deny",basis="timeout"\} [1-9]/m);
  });
});

describe('POST /v1/ask', () => {
  it('answers 404 when the server answers no questions', async () => {
    expect((await post(open, '/v1/ask', '{}')).status).toBe(404);
  });
});

describe('health and metrics', () => {
  it('reports health without a token', async () => {
    const res = await fetch(`http://127.0.0.1:${guarded.port}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, stalePolicy: false });
  });

  it('counts decisions by verdict and basis in Prometheus text', async () => {
    await post(open, '/v1/check', JSON.stringify({ tool: 'shell', input: { command: 'rm -rf /' } }));
    const text = await (await fetch(`http://127.0.0.1:${open.port}/metrics`)).text();
    expect(text).toMatch(/^gavel_decisions_total\{verdict="deny",basis="floor"\} [1-9]/m);
    expect(text).toMatch(/^gavel_decision_duration_ms_count [1-9]/m);
    expect(text).toMatch(/^gavel_requests_refused_total\{reason="too-large"\} [1-9]/m);
  });
});
