import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fixedClock } from '../../core';
import { bundledCatalog } from '../catalog/bundled-catalog';
import type { ModelRequest } from '../client';
import {
  anthropicReply,
  chatReply,
  converseReply,
  type FakeServer,
  startFakeServer,
} from '../providers/fake-servers.testkit';
import { formatEgress } from './egress';
import { type OpenModelInput, openModel } from './open-model';
import { openRunner } from './open-runner';

const catalog = bundledCatalog();
const Answer = z.strictObject({ risk: z.enum(['low', 'high']) });
const request: ModelRequest = {
  promptId: 'p@1',
  system: 's',
  user: 'u',
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: { risk: { type: 'string', enum: ['low', 'high'] } },
    required: ['risk'],
  },
  schemaName: 'answer',
  maxOutputTokens: 256,
  timeoutMs: 2000,
};
const CAPS = { maxCalls: 10, maxTokens: 100_000, maxCostUsd: 1, maxCallTokens: 10_000 };

const base = (over: Partial<OpenModelInput>): OpenModelInput => ({
  spec: undefined,
  source: 'environment',
  env: {},
  readFile: () => undefined,
  homeDir: '/nonexistent',
  now: () => new Date('2026-11-29T00:00:00Z'),
  catalog,
  transport: { sleep: async () => undefined, random: () => 0 },
  ...over,
});

let server: FakeServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'gavel-open-'));
  dirs.push(d);
  return d;
}

async function runOnce(input: OpenModelInput) {
  const opened = openModel(input);
  if (!opened.ok) throw new Error(opened.problem);
  const { runner } = openRunner(opened.client, catalog, {
    caps: CAPS,
    concurrency: 2,
    rpm: 0,
    cacheMode: 'off',
    cacheDir: tempDir(),
    estimate: false,
    clock: fixedClock('2026-11-29T00:00:00Z'),
  });
  return { opened, result: await runner.complete(request, Answer) };
}

describe('openModel end to end, by user config alone', () => {
  it('anthropic at a base_url with the key from the named variable', async () => {
    server = await startFakeServer([{ body: anthropicReply({ risk: 'low' }) }]);
    const { opened, result } = await runOnce(
      base({ spec: 'anthropic/light', baseUrl: server.url, apiKeyEnv: 'MY_KEY', env: { MY_KEY: 'k-1' } }),
    );
    expect(result).toMatchObject({ ok: true, value: { risk: 'low' }, model: 'claude-haiku-4-5' });
    expect(server.received[0]?.headers['x-api-key']).toBe('k-1');
    expect(opened.egress.host).toBe(new URL(server.url).host);
  });

  it('ollama on loopback needs no key', async () => {
    server = await startFakeServer([{ body: chatReply('{"risk":"high"}') }]);
    const { result } = await runOnce(base({ spec: 'ollama/qwen2.5:7b', baseUrl: `${server.url}/v1` }));
    expect(result).toMatchObject({ ok: true, value: { risk: 'high' }, usage: { costUsd: 0 } });
  });

  it('bedrock with credentials from a profile in the shared files', async () => {
    server = await startFakeServer([{ body: converseReply({ risk: 'low' }) }]);
    const files: Record<string, string> = {
      '/home/u/.aws/credentials': '[dev]\naws_access_key_id = AKIDDEV\naws_secret_access_key = s3cr3t\n',
      '/home/u/.aws/config': '[profile dev]\nregion = eu-north-1\n',
    };
    const { result } = await runOnce(
      base({
        spec: 'bedrock/standard',
        baseUrl: server.url,
        env: { AWS_PROFILE: 'dev' },
        homeDir: '/home/u',
        readFile: (p) => files[p],
      }),
    );
    expect(result).toMatchObject({ ok: true, model: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0' });
    expect(String(server.received[0]?.headers.authorization)).toContain(
      'AKIDDEV/20261129/eu-north-1/bedrock/aws4_request',
    );
  });

  it('bedrock re-signs with rotated credentials once after an expired-token reply', async () => {
    server = await startFakeServer([
      { status: 403, headers: { 'x-amzn-errortype': 'ExpiredTokenException' }, body: { message: 'expired' } },
      { body: converseReply({ risk: 'low' }) },
    ]);
    let keyId = 'AKIDOLD';
    const readFile = (p: string) =>
      p.endsWith('credentials')
        ? `[default]\naws_access_key_id = ${keyId}\naws_secret_access_key = s\n`
        : '[default]\nregion = us-east-1\n';
    const opened = openModel(
      base({ spec: 'bedrock/light', baseUrl: server.url, homeDir: '/home/u', readFile }),
    );
    if (!opened.ok) throw new Error(opened.problem);
    keyId = 'AKIDNEW';
    const result = await opened.client.complete(request);
    expect(result.ok).toBe(true);
    expect(server.received).toHaveLength(2);
    expect(String(server.received[1]?.headers.authorization)).toContain('Credential=AKIDNEW/');
  });

  it('bedrock does not retry an access-denied reply', async () => {
    server = await startFakeServer([
      { status: 403, headers: { 'x-amzn-errortype': 'AccessDeniedException' }, body: { message: 'no' } },
      { body: converseReply({ risk: 'low' }) },
    ]);
    const opened = openModel(
      base({
        spec: 'bedrock/light',
        baseUrl: server.url,
        env: { AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b', AWS_REGION: 'us-east-1' },
      }),
    );
    if (!opened.ok) throw new Error(opened.problem);
    const result = await opened.client.complete(request);
    expect(result).toMatchObject({ ok: false, failure: 'error' });
    if (!result.ok) expect(result.detail).toContain('`AccessDeniedException`');
    expect(server.received).toHaveLength(1);
  });

  it('scripted from a file sends nothing over the network', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 's.json'), JSON.stringify(['{"risk":"low"}']));
    const { opened, result } = await runOnce(
      base({
        spec: `scripted:${join(dir, 's.json')}`,
        readFile: (p) => (p.endsWith('s.json') ? JSON.stringify(['{"risk":"low"}']) : undefined),
      }),
    );
    expect(result).toMatchObject({ ok: true });
    expect(formatEgress(opened.egress)).toBe(
      'model `scripted/scripted` sends nothing over the network (chosen by environment)',
    );
  });

  it('records a real provider and replays it offline', async () => {
    server = await startFakeServer([{ body: anthropicReply({ risk: 'high' }) }]);
    const cassettes = tempDir();
    await runOnce(
      base({
        spec: 'anthropic/claude-haiku-4-5',
        baseUrl: server.url,
        env: { ANTHROPIC_API_KEY: 'k' },
        recordDir: cassettes,
      }),
    );
    const { result } = await runOnce(base({ spec: `replay:${cassettes}` }));
    expect(result).toMatchObject({ ok: true, value: { risk: 'high' }, provider: 'replay' });
  });
});

describe('openRunner', () => {
  it('a second run answers from the authenticated cache without touching the network', async () => {
    server = await startFakeServer([
      { body: anthropicReply({ risk: 'low' }) },
      { body: anthropicReply({ risk: 'high' }) },
    ]);
    const cacheDir = tempDir();
    const settings = {
      caps: CAPS,
      concurrency: 1,
      rpm: 0,
      cacheMode: 'read-write' as const,
      cacheDir,
      estimate: false,
      clock: fixedClock('2026-11-29T00:00:00Z'),
    };
    for (const want of [false, true]) {
      const opened = openModel(
        base({ spec: 'anthropic/light', baseUrl: server.url, env: { ANTHROPIC_API_KEY: 'k' } }),
      );
      if (!opened.ok) throw new Error(opened.problem);
      const { runner, notices } = openRunner(opened.client, catalog, settings);
      expect(notices).toEqual([]);
      expect(await runner.complete(request, Answer)).toMatchObject({
        ok: true,
        cached: want,
        value: { risk: 'low' },
      });
    }
    expect(server.received).toHaveLength(1);
  });

  it('skips a cache whose secret others can read, and says so', async () => {
    const cacheDir = tempDir();
    writeFileSync(join(cacheDir, 'secret.key'), 'ab'.repeat(32), { mode: 0o644 });
    const opened = openModel(base({ spec: 'scripted:/s', readFile: () => '[]' }));
    if (!opened.ok) throw new Error(opened.problem);
    const anthropicLike = { ...opened.client, provider: 'anthropic' };
    const { notices } = openRunner(anthropicLike, catalog, {
      caps: CAPS,
      concurrency: 1,
      rpm: 0,
      cacheMode: 'read-write',
      cacheDir,
      estimate: false,
      clock: fixedClock('2026-11-29T00:00:00Z'),
    });
    expect(notices[0]).toContain('readable by others');
  });
});

describe('openModel refusals', () => {
  it.each([
    ['no model at all', base({}), 'no-model', /no model configured/],
    ['an unknown provider', base({ spec: 'acme/x' }), 'config-invalid', /unknown provider `acme`/],
    [
      'a model without provider',
      base({ spec: 'claude-haiku-4-5' }),
      'config-invalid',
      /expected `provider\/model`/,
    ],
    [
      'anthropic without a key',
      base({ spec: 'anthropic/light' }),
      'config-invalid',
      /needs a key in `ANTHROPIC_API_KEY`/,
    ],
    ['openai without key or base_url', base({ spec: 'openai/gpt-4.1' }), 'config-invalid', /needs a key/],
    [
      'a key over plain http off the machine',
      base({ spec: 'openai/gpt-4.1', baseUrl: 'http://llm.example.com/v1', env: { OPENAI_API_KEY: 'k' } }),
      'config-invalid',
      /plain http/,
    ],
    ['bedrock without credentials', base({ spec: 'bedrock/light' }), 'config-invalid', /no AWS credentials/],
    [
      'bedrock without a region',
      base({ spec: 'bedrock/light', env: { AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b' } }),
      'config-invalid',
      /needs a region/,
    ],
    ['an unreadable script', base({ spec: 'scripted:/nope.json' }), 'config-invalid', /cannot be read/],
    [
      'a bad script',
      base({ spec: 'scripted:/x.json', readFile: () => '{"a":1}' }),
      'config-invalid',
      /JSON array/,
    ],
  ])('%s', (_name, input, basis, problem) => {
    const opened = openModel(input);
    expect(opened).toMatchObject({ ok: false, basis });
    if (!opened.ok) {
      expect(opened.problem).toMatch(problem);
      expect(opened.problem).not.toMatch(/\bk\b|s3cr3t/);
    }
  });
});
