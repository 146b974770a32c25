import { afterEach, describe, expect, it } from 'vitest';
import { signV4 } from '../aws/sigv4';
import { bundledCatalog } from '../catalog/bundled-catalog';
import { reviewRequest } from '../testing/test-request.testkit';
import { anthropicAdapter } from './anthropic';
import { bedrockAdapter } from './bedrock';
import {
  anthropicError,
  anthropicReply,
  chatError,
  chatReply,
  converseReply,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from './fake-servers.testkit';
import { openAiCompatibleAdapter } from './openai-compatible';
import { type ProviderClient, providerClient } from './provider-client';

const catalog = bundledCatalog();
const ANSWER = { risk: 'low', rationale: 'reads a file in the workspace' };
const AWS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const FIXED = new Date('2026-11-29T12:00:00Z');

const request = reviewRequest({ timeoutMs: 2_000, temperature: 0 });

interface Wire {
  name: string;
  make(url: string, maxResponseBytes?: number): ProviderClient;
  ok(answer: unknown): unknown;
  refusal(): unknown;
  rateLimited: FakeResponse;
  unavailable: FakeResponse;
}

const transport = (maxResponseBytes?: number) => ({
  catalog,
  sleep: async () => undefined,
  random: () => 0,
  ...(maxResponseBytes ? { maxResponseBytes } : {}),
});

const WIRES: Wire[] = [
  {
    name: 'anthropic',
    make: (url, max) =>
      providerClient(
        anthropicAdapter({
          model: 'claude-haiku-4-5',
          apiKey: 'sk-ant-test',
          baseUrl: url,
          quirks: catalog.quirks('anthropic', 'claude-haiku-4-5'),
        }),
        transport(max),
      ),
    ok: (answer) => anthropicReply(answer),
    refusal: () => anthropicReply(undefined, 'refusal'),
    rateLimited: {
      status: 429,
      headers: { 'retry-after': '0' },
      body: anthropicError('rate_limit_error', 'slow down'),
    },
    unavailable: { status: 529, body: anthropicError('overloaded_error', 'overloaded') },
  },
  {
    name: 'openai-compatible',
    make: (url, max) =>
      providerClient(
        openAiCompatibleAdapter({
          provider: 'ollama',
          model: 'qwen2.5:7b',
          baseUrl: `${url}/v1`,
          quirks: catalog.quirks('ollama', 'qwen2.5:7b'),
        }),
        transport(max),
      ),
    ok: (answer) => chatReply(JSON.stringify(answer)),
    refusal: () => chatReply(null, 'stop', 'I cannot help with that.'),
    rateLimited: {
      status: 429,
      headers: { 'retry-after-ms': '1' },
      body: chatError('rate_limit_exceeded', 'slow down'),
    },
    unavailable: { status: 503, body: chatError('server_error', 'unavailable') },
  },
  {
    name: 'bedrock',
    make: (url, max) =>
      providerClient(
        bedrockAdapter({
          model: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
          region: 'us-east-1',
          credentials: () => AWS,
          baseUrl: url,
          quirks: catalog.quirks('bedrock', 'us.anthropic.claude-haiku-4-5-20251001-v1:0'),
          now: () => FIXED,
        }),
        transport(max),
      ),
    ok: (answer) => converseReply(answer),
    refusal: () => converseReply(undefined, 'content_filtered'),
    rateLimited: {
      status: 429,
      headers: { 'x-amzn-errortype': 'ThrottlingException:http://internal' },
      body: { message: 'slow' },
    },
    unavailable: {
      status: 503,
      headers: { 'x-amzn-errortype': 'ServiceUnavailableException' },
      body: { message: 'down' },
    },
  },
];

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.each(WIRES)('$name over its wire protocol', (wire) => {
  it('returns the structured answer, its stop reason and priced usage', async () => {
    server = await startFakeServer([{ body: wire.ok(ANSWER) }]);
    const result = await wire.make(server.url).complete(request);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(JSON.parse(result.text)).toEqual(ANSWER);
    expect(result.stop).toBe('end');
    expect(result.usage.inputTokens).toBe(1000);
    expect(result.usage.outputTokens).toBe(200);
    expect(server.received).toHaveLength(1);
  });

  it('retries a 429 and then succeeds', async () => {
    server = await startFakeServer([wire.rateLimited, { body: wire.ok(ANSWER) }]);
    const result = await wire.make(server.url).complete(request);
    expect(result.ok).toBe(true);
    expect(server.received).toHaveLength(2);
  });

  it('gives up after three 5xx replies with an error naming the status', async () => {
    server = await startFakeServer([
      wire.unavailable,
      wire.unavailable,
      wire.unavailable,
      { body: wire.ok(ANSWER) },
    ]);
    const result = await wire.make(server.url).complete(request);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure).toBe('error');
    expect(result.detail).toMatch(/HTTP 5\d\d .*after 3 attempts/);
    expect(server.received).toHaveLength(3);
  });

  it('times out when the server never answers', async () => {
    server = await startFakeServer([{ hang: true }]);
    const result = await wire.make(server.url).complete({ ...request, timeoutMs: 200 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.failure).toBe('timeout');
  });

  it('reports a reply that is not JSON as an error without echoing it', async () => {
    server = await startFakeServer([{ body: '{"oops": SECRET-BODY' }]);
    const result = await wire.make(server.url).complete(request);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure).toBe('error');
    expect(result.detail).not.toContain('SECRET-BODY');
  });

  it('reports a content-policy stop with no answer as a refusal', async () => {
    server = await startFakeServer([{ body: wire.refusal() }]);
    const result = await wire.make(server.url).complete(request);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.failure).toBe('refusal');
  });

  it('refuses a reply over the size limit', async () => {
    const big = { risk: 'low', rationale: 'x'.repeat(20_000) };
    server = await startFakeServer([{ body: wire.ok(big) }]);
    const result = await wire.make(server.url, 4_096).complete(request);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure).toBe('error');
    expect(result.detail).toContain('over 4096 bytes');
  });

  it('does not retry a 400 and names the provider error code, not its message', async () => {
    server = await startFakeServer([
      {
        status: 400,
        headers: { 'x-amzn-errortype': 'ValidationException' },
        body: {
          error: { type: 'invalid_request_error', code: 'bad', message: 'PROMPT-ECHO' },
          message: 'PROMPT-ECHO',
        },
      },
    ]);
    const result = await wire.make(server.url).complete(request);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.detail).toContain('HTTP 400');
    expect(result.detail).not.toContain('PROMPT-ECHO');
    expect(server.received).toHaveLength(1);
  });
});

describe('request shapes on the wire', () => {
  it('anthropic forces the schema tool and sends key and version headers', async () => {
    server = await startFakeServer([{ body: anthropicReply(ANSWER) }]);
    await WIRES[0]?.make(server.url).complete(request);
    const got = server.received[0];
    expect(got?.path).toBe('/v1/messages');
    expect(got?.headers['x-api-key']).toBe('sk-ant-test');
    expect(got?.headers['anthropic-version']).toBe('2023-06-01');
    expect(got?.json).toMatchObject({
      model: 'claude-haiku-4-5',
      max_tokens: 512,
      temperature: 0,
      tool_choice: { type: 'tool', name: 'answer' },
      tools: [{ name: 'answer', input_schema: request.schema }],
    });
  });

  it('openai-compatible asks for a strict json_schema response format', async () => {
    server = await startFakeServer([{ body: chatReply(JSON.stringify(ANSWER)) }]);
    await WIRES[1]?.make(server.url).complete(request);
    const got = server.received[0];
    expect(got?.path).toBe('/v1/chat/completions');
    expect(got?.headers.authorization).toBeUndefined();
    expect(got?.json).toMatchObject({
      model: 'qwen2.5:7b',
      max_tokens: 512,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'answer', strict: true, schema: request.schema },
      },
    });
  });

  it('openai models that reject temperature get max_completion_tokens and no temperature', async () => {
    server = await startFakeServer([{ body: chatReply(JSON.stringify(ANSWER)) }]);
    const client = providerClient(
      openAiCompatibleAdapter({
        provider: 'openai',
        model: 'gpt-5-mini',
        apiKey: 'sk-x',
        baseUrl: server.url,
        quirks: catalog.quirks('openai', 'gpt-5-mini'),
      }),
      transport(),
    );
    await client.complete(request);
    const body = server.received[0]?.json as Record<string, unknown>;
    expect(body.temperature).toBeUndefined();
    expect(body.max_completion_tokens).toBe(512);
    expect(body.max_tokens).toBeUndefined();
    expect(server.received[0]?.headers.authorization).toBe('Bearer sk-x');
  });

  it.each([
    ['openai reasoning model', 'openai', 'gpt-5-mini', { reasoning_effort: 'low' }],
    ['openai model without reasoning', 'openai', 'gpt-4.1-mini', {}],
    ['local server', 'ollama', 'qwen2.5:7b', {}],
  ])('effort low on %s: sent only where the model has the knob', async (_name, provider, model, want) => {
    server = await startFakeServer([{ body: chatReply(JSON.stringify(ANSWER)) }]);
    const client = providerClient(
      openAiCompatibleAdapter({
        provider,
        model,
        baseUrl: server.url,
        quirks: catalog.quirks(provider, model),
      }),
      transport(),
    );
    await client.complete({ ...request, effort: 'low' });
    const body = server.received[0]?.json as Record<string, unknown>;
    expect(body.reasoning_effort).toBe((want as { reasoning_effort?: string }).reasoning_effort);
  });

  it('effort low on a Claude model with thinking: thinking disabled, the forced tool kept', async () => {
    server = await startFakeServer([{ body: anthropicReply(ANSWER) }, { body: anthropicReply(ANSWER) }]);
    const client = WIRES[0]?.make(server.url);
    await client?.complete({ ...request, effort: 'low' });
    await client?.complete({ ...request, effort: 'high' });
    expect(server.received[0]?.json).toMatchObject({
      thinking: { type: 'disabled' },
      tool_choice: { type: 'tool', name: 'answer' },
    });
    // A forced tool excludes extended thinking: a higher effort cannot be asked for, so nothing is sent.
    expect(server.received).toHaveLength(2);
    expect(server.received[1]?.json).not.toHaveProperty('thinking');
  });

  it('effort low on Bedrock-Anthropic: thinking disabled in the additional model fields', async () => {
    server = await startFakeServer([{ body: converseReply(ANSWER) }, { body: converseReply(ANSWER) }]);
    const client = WIRES[2]?.make(server.url);
    await client?.complete({ ...request, effort: 'low' });
    await client?.complete(request);
    expect(server.received[0]?.json).toMatchObject({
      additionalModelRequestFields: { thinking: { type: 'disabled' } },
    });
    expect(server.received).toHaveLength(2);
    expect(server.received[1]?.json).not.toHaveProperty('additionalModelRequestFields');
  });

  it('bedrock signs the request so that the signature verifies over what arrived', async () => {
    server = await startFakeServer([{ body: converseReply(ANSWER) }]);
    await WIRES[2]?.make(server.url).complete(request);
    const got = server.received[0];
    if (!got) throw new Error('no request');
    expect(got.path).toBe('/model/us.anthropic.claude-haiku-4-5-20251001-v1%3A0/converse');
    expect(got.json).toMatchObject({
      inferenceConfig: { maxTokens: 512, temperature: 0 },
      toolConfig: { toolChoice: { tool: { name: 'answer' } } },
    });
    const auth = String(got.headers.authorization);
    const signedNames = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
    expect(signedNames).toEqual(['accept', 'content-type', 'host', 'x-amz-date']);
    const headers = Object.fromEntries(signedNames.map((n) => [n, String(got.headers[n])]));
    const again = signV4({
      method: 'POST',
      url: new URL(`${server.url}${got.path}`),
      headers,
      body: got.body,
      region: 'us-east-1',
      service: 'bedrock',
      credentials: AWS,
      amzDate: String(got.headers['x-amz-date']),
    });
    expect(auth).toBe(again.headers.authorization);
    expect(auth).toContain('Credential=AKIDEXAMPLE/20261129/us-east-1/bedrock/aws4_request');
  });
});
